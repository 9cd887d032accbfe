/**
 * Order lookup: `/order <number>`, a bare number (1042, #1042, А-001042), list
 * buttons and paging, card refresh. Costs: a lookup 1 request; a list's records
 * are saved with its search (search-store.ts), so while they are fresh (30 min)
 * a page costs 0 and opening an order from the list 0 (the card of the list
 * record, decisions.md); an expired list's page 1 (it re-queries and saves
 * anew), opening from it 1 (GET /orders/{id}), a refresh 1.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { Order } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { learnedOf } from "../services/learned.ts";
import {
  getOrder,
  type OrderQuery,
  parseOrderQuery,
  type SearchResult,
  searchOrders,
} from "../services/order-search.ts";
import { RESULT_TTL_MS, type SavedResult } from "../services/search-store.ts";
import { callService } from "../services/service-gateway.ts";
import { pageNumber } from "../ui/callback-data.ts";
import { orderOpen, orderOpenById, orderRefresh, searchPage } from "../ui/callbacks.ts";
import { cardMessage, HTML } from "../ui/card-message.ts";
import { tidyKeyboard } from "../ui/keyboard.ts";
import { editOrSame, stripHtml } from "../ui/messages.ts";
import { orderSummary } from "../ui/order-card.ts";
import { CALLBACK_ANSWER_LIMIT, cutText, escapeHtml } from "../ui/text.ts";

export const LIST_PAGE_SIZE = 8;
const BUTTON_TEXT_LIMIT = 60;

export const orderLookupFeature = new Composer<BotContext>();

orderLookupFeature.command("order", async (ctx) => {
  const query = parseOrderQuery(ctx.match);
  if (!query) {
    await ctx.reply(ctx.t("lookup-usage"), HTML);
    return;
  }
  await lookup(ctx, query, 1);
});

orderLookupFeature.on("message:text", async (ctx, next) => {
  const query = parseOrderQuery(ctx.message.text, { bare: true });
  if (!query) return next();
  await lookup(ctx, query, 1);
});

/**
 * A page of a saved search, or the retry of a failed one: drawn from the saved
 * records while they are fresh (no request), otherwise searched again.
 */
orderLookupFeature.callbackQuery(searchPage.filter, async (ctx) => {
  const data = searchPage.decode(ctx.callbackQuery.data);
  const page = data && pageNumber(data.page);
  if (!data || !page) return outdated(ctx);
  const saved = await freshResult(ctx, data.token);
  const savedQuery = saved && parseOrderQuery(saved.query);
  if (saved && savedQuery) {
    await ctx.answerCallbackQuery();
    const list = listMessage(ctx, savedQuery, saved, page, data.token);
    await show(ctx, data.token, list.text, list.keyboard);
    return;
  }
  const search = await ctx.services.searches.load(data.token);
  const query = search && search.chatId === ctx.chat?.id ? parseOrderQuery(search.query) : undefined;
  if (!query) return outdated(ctx);
  await ctx.answerCallbackQuery();
  await lookup(ctx, query, page, data.token);
});

/**
 * A button of a list: the order's card as a new message (the list stays for the
 * next pick), from the saved list record while it is fresh; its 🔄 Refresh
 * brings the full record. Without fresh records: one GET, as the older buttons.
 */
orderLookupFeature.callbackQuery(orderOpen.filter, async (ctx) => {
  const data = orderOpen.decode(ctx.callbackQuery.data);
  if (!data?.id) return outdated(ctx);
  const saved = await freshResult(ctx, data.token);
  const order = saved?.items.find((item) => item.id === data.id);
  if (order) {
    await ctx.answerCallbackQuery();
    const card = await cardMessage(ctx, order);
    await ctx.reply(card.text, { ...HTML, reply_markup: card.keyboard });
    return;
  }
  // Another chat's token, a forged or a long-expired one: nothing of it is shown.
  const search = saved ?? (await ctx.services.searches.load(data.token));
  if (!search || search.chatId !== ctx.chat?.id) return outdated(ctx);
  await openById(ctx, data.id, ctx.callbackQuery.data);
});

/** The older list button `oo:<orderId>` (messages sent before the token was added). */
orderLookupFeature.callbackQuery(orderOpenById.filter, async (ctx) => {
  const id = orderOpenById.decode(ctx.callbackQuery.data)?.id;
  if (!id) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  await openById(ctx, id, orderOpenById.encode({ id }));
});

/** The card of the full record (GET /orders/{id}) as a new message; `retry` is the button's data. */
async function openById(ctx: BotContext, id: string, retry: string): Promise<void> {
  await ctx.answerCallbackQuery();
  const outcome = await callService(ctx, (client) => getOrder(client, ctx.services.config.shopIds, id));
  if (!outcome.ok) {
    const markup = outcome.error.kind === "not_found" ? undefined : retryButton(ctx, retry);
    await ctx.reply(outcome.message, { ...HTML, ...(markup ? { reply_markup: markup } : {}) });
    return;
  }
  await learnedOf(ctx.services.store).fromOrders([outcome.value]);
  const card = await cardMessage(ctx, outcome.value);
  await ctx.reply(card.text, { ...HTML, reply_markup: card.keyboard });
}

/** The saved records of a search run in this chat, when younger than RESULT_TTL_MS. */
async function freshResult(ctx: BotContext, token: string): Promise<SavedResult | undefined> {
  const saved = await ctx.services.searches.loadResult(token);
  if (!saved || saved.chatId !== ctx.chat?.id) return undefined;
  const age = ctx.services.clock.now().getTime() - saved.at;
  return age < RESULT_TTL_MS ? saved : undefined;
}

async function outdated(ctx: BotContext): Promise<void> {
  await ctx.answerCallbackQuery({ text: ctx.t("lookup-list-outdated") });
}

/** "🔄 Refresh" on a card (chat or inline message): one GET /orders/{id}. */
orderLookupFeature.callbackQuery(orderRefresh.filter, async (ctx) => {
  const id = orderRefresh.decode(ctx.callbackQuery.data)?.id;
  if (!id) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  const outcome = await callService(ctx, (client) => getOrder(client, ctx.services.config.shopIds, id));
  if (!outcome.ok) {
    // The card stays as it was, with its refresh button: that is the retry.
    await ctx.answerCallbackQuery({
      text: cutText(stripHtml(outcome.message), CALLBACK_ANSWER_LIMIT),
      show_alert: true,
    });
    return;
  }
  await learnedOf(ctx.services.store).fromOrders([outcome.value]);
  const inline = ctx.callbackQuery.inline_message_id !== undefined;
  const card = await cardMessage(ctx, outcome.value, { actions: !inline });
  const result = await editOrSame(ctx, card.text, card.keyboard);
  await ctx.answerCallbackQuery({ text: ctx.t(result === "same" ? "refresh-same" : "refresh-done") });
});

function retryButton(ctx: BotContext, data: string): InlineKeyboard {
  return new InlineKeyboard().text(ctx.t("btn-retry"), data);
}

/**
 * Runs a search and shows its result: the card for one match, a list for several,
 * a "nothing found" that says what was searched. `token` is set when it came from
 * a button of an earlier answer: then that message is edited instead of a new one sent.
 */
export async function lookup(ctx: BotContext, query: OrderQuery, page = 1, token?: string): Promise<void> {
  const { config } = ctx.services;
  const outcome = await callService(ctx, (client) => searchOrders(client, config.shopIds, query));
  if (!outcome.ok) {
    const markup = outcome.retryable
      ? retryButton(ctx, searchPage.encode({ token: token ?? (await saveSearch(ctx, query)), page }))
      : undefined;
    await show(ctx, token, outcome.message, markup);
    return;
  }
  const result = outcome.value;
  // Statuses and number shapes of what was found: the status change and the hint below use them.
  await learnedOf(ctx.services.store).fromOrders(result.items);
  if (result.items.length === 0) {
    await show(ctx, token, await nothingFound(ctx, query));
    return;
  }
  if (result.items.length === 1 && result.items[0]) {
    const card = await cardMessage(ctx, result.items[0]);
    await show(ctx, token, card.text, card.keyboard);
    return;
  }
  // The records go with the search: its pages and the cards opened from it need no request.
  const saved: SavedResult = {
    query: query.text,
    chatId: ctx.chat?.id ?? 0,
    ...result,
    at: ctx.services.clock.now().getTime(),
  };
  const { searches } = ctx.services;
  let listToken = token;
  if (listToken === undefined) listToken = await searches.saveWithResult(saved);
  else await searches.saveResult(listToken, saved);
  const list = listMessage(ctx, query, result, page, listToken);
  await show(ctx, token, list.text, list.keyboard);
}

async function saveSearch(ctx: BotContext, query: OrderQuery): Promise<string> {
  return ctx.services.searches.save({ query: query.text, chatId: ctx.chat?.id ?? 0 });
}

async function show(ctx: BotContext, token: string | undefined, text: string, markup?: InlineKeyboard) {
  if (token !== undefined && ctx.callbackQuery?.message) {
    await editOrSame(ctx, text, markup);
    return;
  }
  await ctx.reply(text, { ...HTML, ...(markup ? { reply_markup: markup } : {}) });
}

async function nothingFound(ctx: BotContext, query: OrderQuery): Promise<string> {
  const { shopIds } = ctx.services.config;
  let scope = ctx.t("lookup-scope-all");
  if (shopIds.length > 0) {
    const shops = await ctx.services.reference.shops().catch(() => []);
    const names = shopIds.map((id) => shops.find((shop) => shop.id === id)?.name ?? id);
    scope = ctx.t("lookup-scope-shops", { shops: escapeHtml(names.join(", ")), count: names.length });
  }
  if (query.kind !== "num") return ctx.t("lookup-none-text", { query: escapeHtml(query.text), scope });
  // A string: no "999,999" grouping.
  const none = ctx.t("lookup-none-num", { num: String(query.num), scope });
  return `${none}\n${await partialNumberHint(ctx, query.text)}`;
}

/**
 * Digits alone match the exact number only (decisions.md), so "104" finds
 * nothing when the clerk meant А-001042. Say how to search by a part: with the
 * prefix and the zero padding of a number seen in these workshops ("А-00104"),
 * or, before any order was seen, in general words.
 */
async function partialNumberHint(ctx: BotContext, digits: string): Promise<string> {
  const { shopIds } = ctx.services.config;
  const shapes = await learnedOf(ctx.services.store)
    .numbers()
    .catch(() => []);
  const shape =
    shapes.find((s) => s.shopId !== undefined && shopIds.includes(s.shopId)) ??
    (shopIds.length === 0 ? shapes[0] : undefined);
  if (!shape) return ctx.t("lookup-hint-partial-generic");
  // Padded to one digit short of a whole number: the prefix of every number starting with these digits.
  const padded = digits.length < shape.digits - 1 ? digits.padStart(shape.digits - 1, "0") : digits;
  return ctx.t("lookup-hint-partial", { example: escapeHtml(`${shape.prefix}${padded}`) });
}

function listMessage(
  ctx: BotContext,
  query: OrderQuery,
  result: SearchResult,
  requestedPage: number,
  token: string,
): { text: string; keyboard: InlineKeyboard } {
  const pages = Math.max(1, Math.ceil(result.items.length / LIST_PAGE_SIZE));
  const page = Math.min(requestedPage, pages);
  const shown: Order[] = result.items.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE);
  const keyboard = new InlineKeyboard();
  for (const order of shown) {
    if (!orderOpen.fits({ token, id: order.id })) continue;
    keyboard
      .text(cutText(orderSummary(order), BUTTON_TEXT_LIMIT), orderOpen.encode({ token, id: order.id }))
      .row();
  }
  if (page > 1) keyboard.text(ctx.t("btn-prev"), searchPage.encode({ token, page: page - 1 }));
  if (page < pages) keyboard.text(ctx.t("btn-next"), searchPage.encode({ token, page: page + 1 }));
  const lines = [ctx.t("lookup-many", { query: escapeHtml(query.text), total: result.total, page, pages })];
  if (result.truncated) lines.push(ctx.t("lookup-many-more", { shown: result.items.length }));
  return { text: lines.join("\n"), keyboard: tidyKeyboard(keyboard) };
}
