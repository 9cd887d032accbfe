/**
 * `/masters [name]`, `/managers [name]`, `/staff [name]` (viewers too): the
 * names of one workshop, 10 per page with ◀/▶ buttons, filtered by name. With
 * several workshops configured the bot first asks which one (buttons); the
 * choice rides in every page button's data, so paging keeps it. Whole lists
 * come from the reference cache (employee lists have no total: the cache pages
 * until a short page) and are filtered and paged here: paging costs no request.
 */
import { InlineKeyboard } from "grammy";
import type { Employee } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { callService } from "../crm/call.ts";
import { Composer } from "../middleware/composer.ts";
import { asStaffFilter } from "../orders/list-query.ts";
import { pageNumber } from "../ui/callback-data.ts";
import { staffPage, staffShop } from "../ui/callbacks.ts";

import { tidyKeyboard } from "../ui/keyboard.ts";
import { editOrSame } from "../ui/messages.ts";
import { cutText, escapeHtml } from "../ui/text.ts";

const STAFF_PAGE_SIZE = 10;
const FILTER_LIMIT = 50;
const NO_FILTER = "-";

const KINDS = { m: "masters", g: "managers", s: "staff" } as const;
type Kind = keyof typeof KINDS;
const isKind = (value: string | undefined): value is Kind => value === "m" || value === "g" || value === "s";

interface Workshop {
  id: string;
  name: string;
  /** What the buttons carry: the id, or `#<index>` when the id would not fit into 64 bytes. */
  key: string;
}

/** The configured workshops (SHOP_IDS, else all the service lists), from the cache. */
async function loadWorkshops(ctx: BotContext): Promise<Workshop[]> {
  const { reference, config } = ctx.services;
  const all = await reference.shops();
  const ids = config.shopIds.length > 0 ? config.shopIds : all.map((s) => s.id);
  return ids.map((id, index) => {
    const name = all.find((s) => s.id === id)?.name ?? id;
    const fits = staffPage.fits({ kind: "m", shop: id, token: "x".repeat(8), page: 999 });
    return { id, name, key: fits ? id : `#${index}` };
  });
}

function loadStaff(ctx: BotContext, kind: Kind, shopId: string): Promise<Employee[]> {
  const { reference } = ctx.services;
  const list =
    kind === "m"
      ? reference.masters(shopId)
      : kind === "g"
        ? reference.managers(shopId)
        : reference.employees(shopId);
  return list.then((employees) =>
    [...employees].sort((a, b) => (a.name ?? "").localeCompare(b.name ?? "", "ru")),
  );
}

/** Sends (or, from a button, edits to) the answer; a failed load is said in plain words. */
async function answer(ctx: BotContext, text: string, keyboard: InlineKeyboard, edit: boolean) {
  if (edit) {
    await ctx.answerCallbackQuery();
    await editOrSame(ctx, text, tidyKeyboard(keyboard));
  } else {
    await ctx.reply(text, { reply_markup: tidyKeyboard(keyboard) });
  }
}

async function failed(ctx: BotContext, message: string, edit: boolean) {
  if (edit) await ctx.answerCallbackQuery({ text: ctx.t("staff-failed") });
  await ctx.reply(message);
}

/** The filter under a short token (the chat's saved searches), or "-" for none. */
function filterToken(ctx: BotContext, filter: string): Promise<string> {
  if (filter === "") return Promise.resolve(NO_FILTER);
  return ctx.services.searches.save({ query: { kind: "staff", name: filter }, chatId: ctx.chat?.id ?? 0 });
}

/** The command: straight to the list with one workshop, else the workshop question. */
async function startList(ctx: BotContext, kind: Kind, filter: string): Promise<void> {
  const outcome = await callService(ctx, () => loadWorkshops(ctx));
  if (!outcome.ok) return failed(ctx, outcome.message, false);
  const workshops = outcome.value;
  const [only] = workshops;
  if (workshops.length === 1 && only) return showPage(ctx, kind, only, filter, 1, false);
  if (!only) {
    await ctx.reply(ctx.t("staff-no-shops"));
    return;
  }
  const token = await filterToken(ctx, filter);
  const keyboard = new InlineKeyboard(
    workshops.map((w) => [
      InlineKeyboard.text(cutText(w.name, 60), staffShop.encode({ kind, shop: w.key, token })),
    ]),
  );
  await ctx.reply(ctx.t("staff-ask-shop", { title: ctx.t(`staff-title-${KINDS[kind]}`) }), {
    reply_markup: keyboard,
  });
}

async function showPage(
  ctx: BotContext,
  kind: Kind,
  workshop: Workshop,
  filter: string,
  page: number,
  edit: boolean,
): Promise<void> {
  const outcome = await callService(ctx, () => loadStaff(ctx, kind, workshop.id));
  if (!outcome.ok) return failed(ctx, outcome.message, edit);
  const wanted = filter.toLowerCase();
  const matches = outcome.value.filter((e) => (e.name ?? "").toLowerCase().includes(wanted));
  const pages = Math.max(1, Math.ceil(matches.length / STAFF_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = matches.slice((current - 1) * STAFF_PAGE_SIZE, current * STAFF_PAGE_SIZE);
  const title = ctx.t(`staff-title-${KINDS[kind]}`);
  const shopLine = ctx.t("staff-shop", { shop: escapeHtml(workshop.name) });
  const lines =
    matches.length === 0
      ? [
          `<b>${title}</b>`,
          shopLine,
          filter ? ctx.t("staff-none-filter", { filter: escapeHtml(filter) }) : ctx.t("staff-none"),
        ]
      : [
          ctx.t("staff-header", { title, count: matches.length, page: current, pages }),
          shopLine,
          ...(filter ? [ctx.t("staff-filter", { filter: escapeHtml(filter) })] : []),
          "",
          ...shown.map((e, i) => `${(current - 1) * STAFF_PAGE_SIZE + i + 1}. ${escapeHtml(e.name ?? e.id)}`),
        ];
  const keyboard = new InlineKeyboard();
  if (pages > 1) {
    const token = await filterToken(ctx, filter);
    const to = (p: number) => staffPage.encode({ kind, shop: workshop.key, token, page: p });
    if (current > 1) keyboard.text(ctx.t("btn-prev"), to(current - 1));
    if (current < pages) keyboard.text(ctx.t("btn-next"), to(current + 1));
  }
  await answer(ctx, lines.join("\n"), keyboard, edit);
}

/** A button's workshop and filter, checked: the workshop still configured, the filter saved in this chat. */
async function readButton(
  ctx: BotContext,
  data: { shop: string; token: string } | undefined,
): Promise<{ workshop: Workshop; filter: string } | undefined> {
  if (!data) return undefined;
  const saved = data.token === NO_FILTER ? undefined : await ctx.services.searches.load(data.token);
  if (data.token !== NO_FILTER && saved?.chatId !== ctx.chat?.id) return undefined;
  const outcome = await callService(ctx, () => loadWorkshops(ctx), { typing: false });
  const workshop = outcome.ok ? outcome.value.find((w) => w.key === data.shop) : undefined;
  const filter = saved ? asStaffFilter(saved.query) : "";
  return workshop && filter !== undefined ? { workshop, filter } : undefined;
}

export const staffFeature = new Composer<BotContext>();

for (const [kind, command] of Object.entries(KINDS) as [Kind, string][]) {
  staffFeature.command(command, (ctx) => startList(ctx, kind, ctx.match.trim().slice(0, FILTER_LIMIT)));
}

staffFeature.callbackQuery(staffShop.filter, async (ctx) => {
  const data = staffShop.decode(ctx.callbackQuery.data);
  const picked = await readButton(ctx, data);
  if (!data || !isKind(data.kind) || !picked) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  await showPage(ctx, data.kind, picked.workshop, picked.filter, 1, true);
});

staffFeature.callbackQuery(staffPage.filter, async (ctx) => {
  const data = staffPage.decode(ctx.callbackQuery.data);
  const page = data ? pageNumber(data.page) : undefined;
  const picked = await readButton(ctx, data);
  if (!data || !isKind(data.kind) || !page || !picked) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  await showPage(ctx, data.kind, picked.workshop, picked.filter, page, true);
});
