/**
 * `/board` (all staff: it only reads): the open orders by status, ready first:
 * each status group with its count, each status a button with its count that
 * opens the page of its orders (the shared order list, with deadline marks).
 * Counted by the order mirror with no request; filters "👤 Mine" (the
 * employee linked with /me, as master or manager) and one workshop (the
 * workshops of the open orders, when there are several). Without the mirror
 * there is nothing to count from: the board says so.
 */
import { InlineKeyboard } from "grammy";
import type { StatusCount } from "../../mirror/index.ts";
import type { BotContext } from "../context.ts";
import { Composer } from "../middleware/composer.ts";
import type { ListQuery } from "../orders/list-query.ts";
import { boardStatus, boardView } from "../ui/callbacks.ts";
import { editOrSame } from "../ui/messages.ts";
import { miniAppButton } from "../ui/mini-app-button.ts";
import { cutText, escapeHtml } from "../ui/text.ts";
import { type OrderListKind, showOrderList } from "./order-list.ts";

type BoardQuery = Extract<ListQuery, { kind: "board" }>;

/** The groups in the board's order: what the counter hands over first, then what waits, then the work. */
const GROUPS = ["finish", "wait", "inWork", "new"] as const;
const OTHER = "other";
const BUTTON_LIMIT = 60;
const NO_SHOP = "-";

interface Filters {
  mine: boolean;
  shopId?: string;
}

export const boardList: OrderListKind<BoardQuery> = {
  heading: (ctx, _query, counts, items) =>
    ctx.t("board-status-heading", { status: escapeHtml(items[0]?.status?.name ?? "—"), ...counts }),
  title: (ctx, query) => ctx.t("board-status-title", { status: escapeHtml(query.statusId) }),
  deadlines: true,
  empty: async (ctx) => ctx.t("board-status-none"),
};

export const boardFeature = new Composer<BotContext>();

boardFeature.command("board", async (ctx) => {
  const word = ctx.match.trim().toLowerCase();
  await showBoard(ctx, { mine: MINE_WORDS.has(word) });
});

/** Words after /board that ask for one's own orders. */
const MINE_WORDS = new Set(["mine", "my", "мои", "моё", "мое"]);

boardFeature.callbackQuery(boardView.filter, async (ctx) => {
  const data = boardView.decode(ctx.callbackQuery.data);
  if (!data) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  const filters = { mine: data.mine === "1", shopId: data.shop === NO_SHOP ? undefined : data.shop };
  if (filters.mine && !(await employeeOf(ctx))) {
    await ctx.answerCallbackQuery({ text: ctx.t("board-mine-needs-me"), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  await showBoard(ctx, filters, true);
});

boardFeature.callbackQuery(boardStatus.filter, async (ctx) => {
  const data = boardStatus.decode(ctx.callbackQuery.data);
  if (!data?.status) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  const employeeId = data.mine === "1" ? await employeeOf(ctx) : undefined;
  if (data.mine === "1" && !employeeId) {
    await ctx.answerCallbackQuery({ text: ctx.t("board-mine-needs-me"), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  await showOrderList(ctx, boardList, {
    kind: "board",
    statusId: data.status,
    employeeId,
    shopId: data.shop === NO_SHOP ? undefined : data.shop,
  });
});

async function employeeOf(ctx: BotContext): Promise<string | undefined> {
  const settings = await ctx.services.users.read(ctx.from?.id ?? 0).catch(() => undefined);
  return settings?.employee?.id;
}

/** The board as a message (a new one, or the pressed filter's message edited). */
async function showBoard(ctx: BotContext, filters: Filters, edit = false): Promise<void> {
  const employeeId = filters.mine ? await employeeOf(ctx) : undefined;
  if (filters.mine && !employeeId) {
    await ctx.reply(ctx.t("board-mine-needs-me"));
    return;
  }
  const all = ctx.services.orders.statusCounts({ employeeId });
  if (!all) {
    await ctx.reply(ctx.t("board-needs-mirror"));
    return;
  }
  const shops = workshopsOf(all);
  const shopId = filters.shopId && shops.some((s) => s.id === filters.shopId) ? filters.shopId : undefined;
  const counts = shopId ? all.filter((c) => c.shopId === shopId) : all;
  const statuses = await boardStatuses(ctx, counts);
  const text = boardText(ctx, statuses, { ...filters, shopId }, shops);
  const keyboard = boardKeyboard(ctx, statuses, { mine: filters.mine, shopId }, shops);
  if (edit && ctx.callbackQuery?.message) await editOrSame(ctx, text, keyboard);
  else await ctx.reply(text, { reply_markup: keyboard });
}

interface BoardStatus {
  id: string;
  name: string;
  group: string;
  count: number;
}

/** The statuses with open orders, summed over workshops, in the board's order (the service's order within a group). */
async function boardStatuses(ctx: BotContext, counts: readonly StatusCount[]): Promise<BoardStatus[]> {
  // Cached only: the board never costs a request.
  const known = (await ctx.services.reference.cachedStatuses().catch(() => undefined)) ?? [];
  const byId = new Map<string, BoardStatus>();
  for (const count of counts) {
    const status = known.find((s) => s.id === count.statusId);
    const entry = byId.get(count.statusId) ?? {
      id: count.statusId,
      name: status?.name ?? count.name ?? count.statusId,
      group: status?.group ?? count.group ?? OTHER,
      count: 0,
    };
    entry.count += count.count;
    byId.set(count.statusId, entry);
  }
  const rank = (group: string) => {
    const at = (GROUPS as readonly string[]).indexOf(group);
    return at < 0 ? GROUPS.length : at;
  };
  const position = (id: string) => {
    const at = known.findIndex((s) => s.id === id);
    return at < 0 ? known.length : at;
  };
  return [...byId.values()].sort(
    (a, b) =>
      rank(a.group) - rank(b.group) || position(a.id) - position(b.id) || a.name.localeCompare(b.name),
  );
}

/** The workshops of the open orders, by name. */
function workshopsOf(counts: readonly StatusCount[]): { id: string; name: string }[] {
  const shops = new Map<string, string>();
  for (const count of counts) if (count.shopId) shops.set(count.shopId, count.shopName ?? count.shopId);
  return [...shops].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

function groupName(ctx: BotContext, group: string): string {
  return group === OTHER ? ctx.t("board-group-other") : ctx.t(`st-group-${group}`);
}

function boardText(
  ctx: BotContext,
  statuses: readonly BoardStatus[],
  filters: Filters,
  shops: readonly { id: string; name: string }[],
): string {
  const total = statuses.reduce((sum, s) => sum + s.count, 0);
  const shop = shops.find((s) => s.id === filters.shopId)?.name;
  const scope = [
    filters.mine ? ctx.t("board-scope-mine") : undefined,
    shop ? escapeHtml(shop) : shops.length > 1 ? ctx.t("board-scope-all-shops") : undefined,
  ].filter(Boolean);
  const title = ctx.t("board-title", { total });
  const lines = [scope.length > 0 ? `${title} · ${scope.join(" · ")}` : title];
  if (total === 0) return [...lines, ctx.t("board-empty")].join("\n");
  let group: string | undefined;
  for (const status of statuses) {
    if (status.group !== group) {
      group = status.group;
      const inGroup = statuses.filter((s) => s.group === group).reduce((sum, s) => sum + s.count, 0);
      lines.push("", ctx.t("board-group-line", { group: groupName(ctx, group), count: inGroup }));
    }
    lines.push(ctx.t("board-status-line", { status: escapeHtml(status.name), count: status.count }));
  }
  return lines.join("\n");
}

function boardKeyboard(
  ctx: BotContext,
  statuses: readonly BoardStatus[],
  filters: Filters,
  shops: readonly { id: string; name: string }[],
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  const mine = filters.mine ? "1" : "0";
  const shop = filters.shopId ?? NO_SHOP;
  for (const status of statuses) {
    const values = { status: status.id, mine, shop };
    if (!boardStatus.fits(values)) continue;
    keyboard
      .text(cutText(`${status.name} · ${status.count}`, BUTTON_LIMIT), boardStatus.encode(values))
      .row();
  }
  keyboard.text(
    ctx.t(filters.mine ? "board-btn-all" : "board-btn-mine"),
    boardView.encode({ mine: filters.mine ? "0" : "1", shop }),
  );
  if (shops.length > 1) {
    // One button steps through the workshops, then back to all of them.
    const at = shops.findIndex((s) => s.id === filters.shopId);
    const next = shops[at + 1];
    const data = { mine, shop: next?.id ?? NO_SHOP };
    if (boardView.fits(data))
      keyboard.text(
        next ? ctx.t("board-btn-shop", { shop: cutText(next.name, 30) }) : ctx.t("board-btn-all-shops"),
        boardView.encode(data),
      );
  }
  // The same board on one screen (MINI_APP_URL, private chats).
  const app = miniAppButton(ctx, ctx.t("ma-btn-board"));
  if (app) keyboard.row().webApp(app.text, app.web_app.url);
  return keyboard;
}
