/**
 * Order lookup: `/order <number>`, a bare number (1042, #1042, А-001042), list
 * buttons and paging, card refresh. Costs: a lookup 1 request, a page 1, opening
 * an order from a list 1 (GET /orders/{id}), a refresh 1.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { Order } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { learnedOf } from "../services/learned.ts";
import {
  type OrderQuery,
  parseOrderQuery,
  type SearchResult,
  searchOrders,
} from "../services/order-search.ts";
import { callService } from "../services/service-gateway.ts";
import { pageNumber } from "../ui/callback-data.ts";
import { orderOpen, orderRefresh, searchPage } from "../ui/callbacks.ts";
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

/** A page of a saved search, or the retry of a failed one. */
orderLookupFeature.callbackQuery(searchPage.filter, async (ctx) => {
  const data = searchPage.decode(ctx.callbackQuery.data);
  const page = data && pageNumber(data.page);
  const saved = data && page ? await ctx.services.searches.load(data.token) : undefined;
  const query = saved && saved.chatId === ctx.chat?.id ? parseOrderQuery(saved.query) : undefined;
  if (!data || !page || !query) {
    await ctx.answerCallbackQuery({ text: ctx.t("lookup-list-outdated") });
    return;
  }
  await ctx.answerCallbackQuery();
  await lookup(ctx, query, page, data.token);
});

/** A button of a list: the order's card as a new message (the list stays for the next pick). */
orderLookupFeature.callbackQuery(orderOpen.filter, async (ctx) => {
  const id = orderOpen.decode(ctx.callbackQuery.data)?.id;
  if (!id) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  await ctx.answerCallbackQuery();
  const outcome = await callService(ctx, (client) => client.orders.get(id));
  if (!outcome.ok) {
    const retry = outcome.error.kind === "not_found" ? undefined : retryButton(ctx, orderOpen.encode({ id }));
    await ctx.reply(outcome.message, { ...HTML, ...(retry ? { reply_markup: retry } : {}) });
    return;
  }
  await learnedOf(ctx.services.store).fromOrders([outcome.value]);
  const card = await cardMessage(ctx, outcome.value);
  await ctx.reply(card.text, { ...HTML, reply_markup: card.keyboard });
});

/** "🔄 Refresh" on a card (chat or inline message): one GET /orders/{id}. */
orderLookupFeature.callbackQuery(orderRefresh.filter, async (ctx) => {
  const id = orderRefresh.decode(ctx.callbackQuery.data)?.id;
  if (!id) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  const outcome = await callService(ctx, (client) => client.orders.get(id));
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
  const listToken = token ?? (await saveSearch(ctx, query));
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
    scope = ctx.t("lookup-scope-shops", { shops: escapeHtml(names.join(", ")) });
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
    if (!orderOpen.fits({ id: order.id })) continue;
    keyboard.text(cutText(orderSummary(order), BUTTON_TEXT_LIMIT), orderOpen.encode({ id: order.id })).row();
  }
  if (page > 1) keyboard.text(ctx.t("btn-prev"), searchPage.encode({ token, page: page - 1 }));
  if (page < pages) keyboard.text(ctx.t("btn-next"), searchPage.encode({ token, page: page + 1 }));
  const lines = [ctx.t("lookup-many", { query: escapeHtml(query.text), total: result.total, page, pages })];
  if (result.truncated) lines.push(ctx.t("lookup-many-more", { shown: result.items.length }));
  return { text: lines.join("\n"), keyboard: tidyKeyboard(keyboard) };
}
