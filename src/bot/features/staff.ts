/**
 * `/masters [name]`, `/managers [name]`, `/staff [name]` (viewers too): names,
 * 10 per page with ◀/▶ buttons, filtered by name. Whole lists come from the
 * reference cache (employee lists have no total: the cache pages until a short
 * page) and are filtered and paged here, so paging costs no request. With
 * several workshops the lists are merged (employee ids are company-wide).
 */
import { Composer, InlineKeyboard } from "grammy";
import type { Employee } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { callService } from "../services/service-gateway.ts";
import { pageNumber } from "../ui/callback-data.ts";
import { staffPage } from "../ui/callbacks.ts";
import { HTML } from "../ui/card-message.ts";
import { editOrSame } from "../ui/messages.ts";
import { escapeHtml } from "../ui/text.ts";

export const STAFF_PAGE_SIZE = 10;
const FILTER_LIMIT = 50;

const KINDS = { m: "masters", g: "managers", s: "staff" } as const;
type Kind = keyof typeof KINDS;

async function loadStaff(ctx: BotContext, kind: Kind): Promise<Employee[]> {
  const { reference, config } = ctx.services;
  const shopIds = config.shopIds.length > 0 ? config.shopIds : (await reference.shops()).map((s) => s.id);
  const byId = new Map<string, Employee>();
  for (const shopId of shopIds) {
    const list =
      kind === "m"
        ? await reference.masters(shopId)
        : kind === "g"
          ? await reference.managers(shopId)
          : await reference.employees(shopId);
    for (const employee of list) byId.set(employee.id, employee);
  }
  return [...byId.values()].sort((a, b) => (a.name ?? "").localeCompare(b.name ?? "", "ru"));
}

async function showPage(
  ctx: BotContext,
  kind: Kind,
  filter: string,
  page: number,
  edit: boolean,
): Promise<void> {
  const outcome = await callService(ctx, () => loadStaff(ctx, kind));
  if (!outcome.ok) {
    if (edit) await ctx.answerCallbackQuery({ text: ctx.t("staff-failed") });
    await ctx.reply(outcome.message, HTML);
    return;
  }
  const wanted = filter.toLowerCase();
  const matches = outcome.value.filter((e) => (e.name ?? "").toLowerCase().includes(wanted));
  const pages = Math.max(1, Math.ceil(matches.length / STAFF_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = matches.slice((current - 1) * STAFF_PAGE_SIZE, current * STAFF_PAGE_SIZE);
  const title = ctx.t(`staff-title-${KINDS[kind]}`);
  const lines =
    matches.length === 0
      ? [title, filter ? ctx.t("staff-none-filter", { filter: escapeHtml(filter) }) : ctx.t("staff-none")]
      : [
          ctx.t("staff-header", { title, count: matches.length, page: current, pages }),
          ...(filter ? [ctx.t("staff-filter", { filter: escapeHtml(filter) })] : []),
          "",
          ...shown.map((e, i) => `${(current - 1) * STAFF_PAGE_SIZE + i + 1}. ${escapeHtml(e.name ?? e.id)}`),
        ];
  const keyboard = new InlineKeyboard();
  if (pages > 1) {
    const token =
      filter === "" ? "-" : await ctx.services.searches.save({ query: filter, chatId: ctx.chat?.id ?? 0 });
    if (current > 1) keyboard.text(ctx.t("btn-prev"), staffPage.encode({ kind, token, page: current - 1 }));
    if (current < pages)
      keyboard.text(ctx.t("btn-next"), staffPage.encode({ kind, token, page: current + 1 }));
  }
  if (edit) {
    await ctx.answerCallbackQuery();
    await editOrSame(ctx, lines.join("\n"), keyboard);
  } else {
    await ctx.reply(lines.join("\n"), { ...HTML, reply_markup: keyboard });
  }
}

export const staffFeature = new Composer<BotContext>();

for (const [kind, command] of Object.entries(KINDS) as [Kind, string][]) {
  staffFeature.command(command, (ctx) =>
    showPage(ctx, kind, ctx.match.trim().slice(0, FILTER_LIMIT), 1, false),
  );
}

staffFeature.callbackQuery(staffPage.filter, async (ctx) => {
  const data = staffPage.decode(ctx.callbackQuery.data);
  const page = data ? pageNumber(data.page) : undefined;
  const kind = data?.kind;
  const saved = data && data.token !== "-" ? await ctx.services.searches.load(data.token) : undefined;
  const valid =
    data &&
    page &&
    (kind === "m" || kind === "g" || kind === "s") &&
    (data.token === "-" || saved?.chatId === ctx.chat?.id);
  if (!valid || !kind || !page) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  await showPage(ctx, kind, saved?.query ?? "", page, true);
});
