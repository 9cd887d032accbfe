/**
 * Search by anything: `/find <text>`, and plain text in a private chat that is
 * not an order number when the reader holds the orders (a client's name or
 * part of it, a phone in any format, a device, a serial number or IMEI, a
 * fault), lists the matching orders from the order reader: from the mirror
 * with no request (ranked exact number first, then open orders, newest first),
 * else through the service's search (a page a request: plain text there keeps
 * getting the usual hint, so a chat message costs no request).
 */
import type { BotContext } from "../context.ts";
import { Composer } from "../middleware/composer.ts";
import { type ListQuery, MAX_SEARCH_TEXT } from "../orders/list-query.ts";
import { escapeHtml } from "../ui/text.ts";
import { clientsFound } from "./clients/index.ts";
import { type OrderListKind, showOrderList } from "./order-list.ts";

type SearchQuery = Extract<ListQuery, { kind: "search" }>;

/** Shorter texts match too much to be a search ("ок", a typo): they get the usual hint. */
const SEARCH_MIN_LENGTH = 3;

export const searchList: OrderListKind<SearchQuery> = {
  heading: (ctx, query, counts) => ctx.t("search-heading", { query: escapeHtml(query.text), ...counts }),
  title: (ctx, query) => ctx.t("list-title-number", { query: escapeHtml(query.text) }),
  empty: async (ctx, query) => {
    const held = ctx.services.orders.heldCount();
    const text = escapeHtml(query.text);
    return held === undefined
      ? ctx.t("search-none-service", { query: text })
      : ctx.t("search-none", { query: text, orders: held });
  },
  singleAsCard: true,
  // The clients the text finds too (a returning client with no order held): from the mirror, no request.
  extra: (ctx, query) => clientsFound(ctx, query.text),
};

export const mirrorSearchFeature = new Composer<BotContext>();

/** `/find <text>`: the same search wherever it is typed, from a reader that holds orders or not. */
mirrorSearchFeature.command("find", async (ctx) => {
  const text = ctx.match.trim().replace(/\s+/g, " ");
  if (text.length < SEARCH_MIN_LENGTH) {
    await ctx.reply(ctx.t("search-usage", { min: SEARCH_MIN_LENGTH }));
    return;
  }
  await search(ctx, text);
});

/** Plain text is searched when the reader holds the orders (no request); else it goes on to the hint. */
mirrorSearchFeature.chatType("private").on("message:text", async (ctx, next) => {
  const text = ctx.message.text.trim().replace(/\s+/g, " ");
  if (
    ctx.services.orders.heldCount() === undefined ||
    text.startsWith("/") ||
    text.length < SEARCH_MIN_LENGTH
  )
    return next();
  await search(ctx, text);
});

async function search(ctx: BotContext, text: string): Promise<void> {
  if (text.length > MAX_SEARCH_TEXT) {
    await ctx.reply(ctx.t("search-too-long", { max: MAX_SEARCH_TEXT }));
    return;
  }
  await showOrderList(ctx, searchList, { kind: "search", text });
}
