/**
 * The order list: every list of orders (a lookup's matches, /overdue, search,
 * /my) is shown, paged and opened here. Its records come from the order reader
 * (`ctx.services.orders`, src/bot/orders/): this file never knows whether a
 * mirror exists. A feature brings an OrderListKind (its texts) and calls
 * showOrderList; createBot mounts orderListFeature with every kind, so a page
 * button finds the kind of its saved query (list-query.ts).
 *
 * Adding a list: a member in the ListQuery union (list-query.ts), its page in
 * the reader's sources (src/bot/orders/), an OrderListKind beside the
 * feature's command, and the kind in createBot's orderListFeature({...}); the
 * compiler asks for each. overdue.ts is the example.
 *
 * Costs: a fetch brings LIST_FETCH_SIZE records (6 pages of 8: list-page.ts), from the
 * mirror (no request) or in one request, and they are saved with the query
 * (orders/saved-searches.ts): while fresh (30 min) its pages and the cards opened from
 * it cost nothing; the next 48 one read more; an expired list's page 1 one
 * read, opening from it one (none when the mirror holds the order).
 */
import { InlineKeyboard } from "grammy";
import type { Order } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { callService } from "../crm/call.ts";
import { localeOf } from "../i18n.ts";
import { Composer } from "../middleware/composer.ts";
import { asListQuery, type ListKind, type ListQuery } from "../orders/list-query.ts";
import { RESULT_TTL_MS, type SavedResult } from "../orders/saved-searches.ts";
import { ensureOperator } from "../policy/access.ts";
import { learnedOf } from "../state/learned.ts";
import { pageNumber } from "../ui/callback-data.ts";
import { orderOpen, searchPage } from "../ui/callbacks.ts";
import { type CardMessage, cardMessage } from "../ui/card-message.ts";
import { tidyKeyboard } from "../ui/keyboard.ts";
import { editOrSame } from "../ui/messages.ts";
import { escapeHtml } from "../ui/text.ts";
import {
  fetchOf,
  hasMore,
  LIST_FETCH_SIZE,
  type ListCounts,
  listMessage,
  MAX_PAGE,
  pageCount,
} from "./list-page.ts";

/** One way of listing orders: its query member and its texts (the order reader fetches its pages). */
export interface OrderListKind<Q extends ListQuery = ListQuery> {
  /** The line above the buttons when `total` counts exactly what the list holds; `items`: the fetch's records. */
  heading(ctx: BotContext, query: Q, counts: ListCounts, items: readonly Order[]): string;
  /** What the list is, in a few words (the heading of a list narrowed to SHOP_IDS here). */
  title(ctx: BotContext, query: Q): string;
  /** The answer when nothing matches. */
  empty(ctx: BotContext, query: Q): Promise<string>;
  /** A single match is shown as its card (a lookup by number) rather than as a list of one. */
  singleAsCard?: boolean;
  /** Buttons under that card (a number's card: the clients whose phone holds the same digits). */
  cardRows?(ctx: BotContext, query: Q, order: Order): InlineKeyboard | undefined;
  /** A line above that card, e.g. how it was found when not by what was typed. */
  cardNote?(ctx: BotContext, query: Q, order: Order): string | undefined;
  /** Each button starts with the order's deadline mark (⏰ 26.11, ❗ 2 d overdue): lists of work to do. */
  deadlines?: boolean;
  /** Viewers may not page or open it either (the kind's command is for operators). */
  operatorsOnly?: boolean;
  /** More found beside the orders (a search's clients): a line and its buttons under the first answer. */
  extra?(
    ctx: BotContext,
    query: Q,
    items: readonly Order[],
  ): Promise<{ line: string; keyboard: InlineKeyboard } | undefined>;
  /** A mark of the kind's own at the start of each button (🐢 how long untouched), before the deadline's. */
  mark?(ctx: BotContext, order: Order): string | undefined;
}

/** Every member of the union has its kind: a new member without one does not compile. */
type OrderListKinds = { [K in ListKind]: OrderListKind<Extract<ListQuery, { kind: K }>> };

/** The kind of a query (the mapped type cannot say that one key's value takes that key's member). */
function kindOf<Q extends ListQuery>(kinds: OrderListKinds, query: Q): OrderListKind<Q> {
  return kinds[query.kind] as unknown as OrderListKind<Q>;
}

/**
 * Shows page `page` of the list of `query`: the card for a single match (when
 * the kind wants it), a "nothing found" of the kind, or the page with a button
 * per order. `token` is set when a button of an earlier answer asked: that
 * message is edited then, and the saved query keeps its token; `saved` is its
 * fresh records, if any (a page within them costs no request).
 */
export async function showOrderList<Q extends ListQuery>(
  ctx: BotContext,
  kind: OrderListKind<Q>,
  query: Q,
  page = 1,
  token?: string,
  saved?: SavedResult,
): Promise<void> {
  // Past the end of a list whose length is known (an old or a forged button): its last page, no request.
  if (saved && !saved.scoped) page = Math.min(page, pageCount(saved));
  const wanted = fetchOf(page);
  let result = saved && saved.fetch === wanted ? saved : undefined;
  if (!result) {
    const fetched = await fetchPage(ctx, query, page, token);
    if (!fetched) return;
    result = fetched;
  }
  // Only the first answer carries it: pages and retries edit the list alone.
  const extra = token === undefined ? await kind.extra?.(ctx, query, result.items) : undefined;
  if (result.items.length === 0 && !hasMore(result)) {
    const empty = await kind.empty(ctx, query);
    await show(ctx, token, extra ? `${empty}\n\n${extra.line}` : empty, extra?.keyboard);
    return;
  }
  const only = result.items[0];
  if (
    kind.singleAsCard &&
    !extra &&
    result.fetch === 1 &&
    result.items.length === 1 &&
    !hasMore(result) &&
    only
  ) {
    const card = await heldCard(ctx, only);
    const note = kind.cardNote?.(ctx, query, only);
    const below = token === undefined ? kind.cardRows?.(ctx, query, only) : undefined;
    const keyboard = below
      ? tidyKeyboard(new InlineKeyboard([...card.keyboard.inline_keyboard, ...below.inline_keyboard]))
      : card.keyboard;
    await show(ctx, token, note ? `${note}\n\n${card.text}` : card.text, keyboard);
    return;
  }
  let listToken = token;
  if (result !== saved) {
    // The records go with the query: its pages and the cards opened from it need no request.
    if (listToken === undefined) listToken = await ctx.services.searches.saveWithResult(result);
    else await ctx.services.searches.saveResult(listToken, result);
  }
  const list = listMessage(ctx, kind, result, page, listToken ?? "", await localeOf(ctx));
  if (extra) {
    const rows = [...list.keyboard.inline_keyboard, ...extra.keyboard.inline_keyboard];
    await show(ctx, token, `${list.text}\n\n${extra.line}`, tidyKeyboard(new InlineKeyboard(rows)));
    return;
  }
  await show(ctx, token, list.text, list.keyboard);
}

/**
 * The fetch a page needs, as a saved result. A page beyond the end of an exact
 * list (it shrank since) is asked once more for its last page. Undefined when
 * the service failed: the user has been told, with a retry where it may help.
 */
async function fetchPage<Q extends ListQuery>(
  ctx: BotContext,
  query: Q,
  page: number,
  token: string | undefined,
): Promise<SavedResult | undefined> {
  let wanted = fetchOf(page);
  for (let attempt = 0; ; attempt++) {
    const outcome = await callService(ctx, () =>
      ctx.services.orders.page(query, { page: wanted, pageSize: LIST_FETCH_SIZE }, { userId: ctx.from?.id }),
    );
    if (!outcome.ok) {
      const retry = outcome.retryable
        ? retryButton(ctx, searchPage.encode({ token: token ?? (await saveQuery(ctx, query)), page }))
        : undefined;
      await show(ctx, token, outcome.message, retry);
      return undefined;
    }
    const found = outcome.value;
    // Statuses and number shapes of what was found: the status change and lookup hints use them.
    await learnedOf(ctx.services.store).fromOrders(found.items);
    const last = fetchOf(pageCount(found));
    if (attempt > 0 || found.scoped || found.items.length > 0 || found.total === 0 || last >= wanted) {
      return {
        query,
        chatId: ctx.chat?.id ?? 0,
        fetch: wanted,
        ...found,
        at: ctx.services.clock.now().getTime(),
      };
    }
    wanted = last;
  }
}

/** The list feature: its page and open buttons, for the lists of every kind. */
export function orderListFeature(kinds: OrderListKinds): Composer<BotContext> {
  const feature = new Composer<BotContext>();

  /** A page of a saved list, or the retry of a failed one. */
  feature.callbackQuery(searchPage.filter, async (ctx) => {
    const data = searchPage.decode(ctx.callbackQuery.data);
    const page = data && pageNumber(data.page, MAX_PAGE);
    if (!data || !page) return outdated(ctx);
    const saved = await freshResult(ctx, data.token);
    const search = saved ?? (await ownQuery(ctx, data.token));
    if (!search) return outdated(ctx);
    const kind = kindOf(kinds, search.query);
    if (kind.operatorsOnly && !(await ensureOperator(ctx))) return;
    await ctx.answerCallbackQuery();
    await showOrderList(ctx, kind, search.query, page, data.token, saved);
  });

  /**
   * A button of a list: the order's card as a new message (the list stays for
   * the next pick), from the saved record while it is fresh; its 🔄 Refresh
   * brings the full record. Without a fresh record: one GET.
   */
  feature.callbackQuery(orderOpen.filter, async (ctx) => {
    const data = orderOpen.decode(ctx.callbackQuery.data);
    if (!data?.id) return outdated(ctx);
    // Another chat's token, a forged or a long-expired one: nothing of it is shown.
    const saved = await freshResult(ctx, data.token);
    const search = saved ?? (await ownQuery(ctx, data.token));
    if (!search) return outdated(ctx);
    if (kindOf(kinds, search.query).operatorsOnly && !(await ensureOperator(ctx))) return;
    const order = saved?.items.find((item) => item.id === data.id);
    if (!order) {
      await openById(ctx, data.id, ctx.callbackQuery.data);
      return;
    }
    await ctx.answerCallbackQuery();
    const card = await heldCard(ctx, order);
    await ctx.reply(card.text, { reply_markup: card.keyboard });
  });

  return feature;
}

/** The saved query of a list of this chat (another chat's token, or a staff filter, reads as none). */
async function ownQuery(ctx: BotContext, token: string): Promise<{ query: ListQuery } | undefined> {
  const search = await ctx.services.searches.load(token);
  if (!search || search.chatId !== ctx.chat?.id) return undefined;
  const query = asListQuery(search.query);
  return query && { query };
}

/** The saved records of a list of this chat, when younger than RESULT_TTL_MS. */
async function freshResult(ctx: BotContext, token: string): Promise<SavedResult | undefined> {
  const saved = await ctx.services.searches.loadResult(token);
  if (!saved || saved.chatId !== ctx.chat?.id) return undefined;
  const age = ctx.services.clock.now().getTime() - saved.at;
  return age < RESULT_TTL_MS ? saved : undefined;
}

/** The card of the full record (GET /orders/{id}) as a new message; `retry` is the button's data. */
export async function openById(ctx: BotContext, id: string, retry: string): Promise<void> {
  await ctx.answerCallbackQuery();
  const outcome = await callService(ctx, () => ctx.services.orders.byId(id, { userId: ctx.from?.id }));
  if (!outcome.ok) {
    const markup = outcome.error.kind === "not_found" ? undefined : retryButton(ctx, retry);
    await ctx.reply(outcome.message, markup ? { reply_markup: markup } : {});
    return;
  }
  const { order, asOf } = outcome.value;
  await learnedOf(ctx.services.store).fromOrders([order]);
  const card = await cardMessage(ctx, order, { asOf });
  await ctx.reply(card.text, { reply_markup: card.keyboard });
}

/** A card of a listed order: the newest copy the reader holds (with its age), else the listed record. */
async function heldCard(ctx: BotContext, listed: Order): Promise<CardMessage> {
  const held = ctx.services.orders.held(listed.id);
  if (!held) {
    // Deleted since the list was made: its card says so and offers nothing (no request).
    const deleted = await ctx.services.orders.deletedById(listed.id);
    if (deleted) return cardMessage(ctx, { ...(deleted.order ?? listed), isVisible: false });
  }
  const { order, asOf } = held ?? { order: listed };
  return cardMessage(ctx, order, { asOf });
}

/** "the workshops А, Б" or "all workshops": where a list looked (names from the cache, ids without it). */
export async function scopeText(ctx: BotContext): Promise<string> {
  const { shopIds } = ctx.services.config;
  if (shopIds.length === 0) return ctx.t("lookup-scope-all");
  const shops = await ctx.services.reference.shops().catch(() => []);
  const names = shopIds.map((id) => shops.find((shop) => shop.id === id)?.name ?? id);
  return ctx.t("lookup-scope-shops", { shops: escapeHtml(names.join(", ")), count: names.length });
}

function retryButton(ctx: BotContext, data: string): InlineKeyboard {
  return new InlineKeyboard().text(ctx.t("btn-retry"), data);
}

async function saveQuery(ctx: BotContext, query: ListQuery): Promise<string> {
  return ctx.services.searches.save({ query, chatId: ctx.chat?.id ?? 0 });
}

async function outdated(ctx: BotContext): Promise<void> {
  await ctx.answerCallbackQuery({ text: ctx.t("lookup-list-outdated") });
}

/** Edits the message of the pressed button (a page, a retry), or sends a new one. */
async function show(ctx: BotContext, token: string | undefined, text: string, markup?: InlineKeyboard) {
  if (token !== undefined && ctx.callbackQuery?.message) {
    await editOrSame(ctx, text, markup);
    return;
  }
  await ctx.reply(text, markup ? { reply_markup: markup } : {});
}
