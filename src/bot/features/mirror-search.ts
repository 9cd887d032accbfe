/**
 * Search by anything from the order mirror: plain text in a private
 * chat that is not an order number (a client's name or part of it, a phone in
 * any format, a device, a serial number or IMEI, a fault) lists the matching
 * orders, ranked exact number first, then open orders, newest first. No
 * request: the mirror holds the orders. With MIRROR=off the text goes on to
 * the features below, as before.
 */
import { Composer } from "grammy";
import type { BotContext } from "../context.ts";
import { type ListQuery, MAX_SEARCH_TEXT } from "../services/list-query.ts";
import { mirrorListPage } from "../services/mirror-orders.ts";
import { escapeHtml } from "../ui/text.ts";
import { LIST_FETCH_SIZE, type OrderListKind, showOrderList } from "./order-list.ts";

type SearchQuery = Extract<ListQuery, { kind: "search" }>;

/** Shorter texts match too much to be a search ("ок", a typo): they get the usual hint. */
export const SEARCH_MIN_LENGTH = 3;

export const searchList: OrderListKind<SearchQuery> = {
  fetch: async (ctx, query, fetch) => {
    const { mirror } = ctx.services;
    // A saved search pressed after a restart with MIRROR=off: nothing to search in.
    if (!mirror) return { items: [], total: 0, checked: 0, scoped: false };
    return mirrorListPage(mirror, { text: query.text }, fetch, LIST_FETCH_SIZE);
  },
  heading: (ctx, query, counts) => ctx.t("search-heading", { query: escapeHtml(query.text), ...counts }),
  title: (ctx, query) => ctx.t("list-title-number", { query: escapeHtml(query.text) }),
  empty: async (ctx, query) =>
    ctx.t("search-none", { query: escapeHtml(query.text), orders: ctx.services.mirror?.stats().orders ?? 0 }),
  singleAsCard: true,
};

export const mirrorSearchFeature = new Composer<BotContext>();

mirrorSearchFeature.chatType("private").on("message:text", async (ctx, next) => {
  const text = ctx.message.text.trim().replace(/\s+/g, " ");
  if (!ctx.services.mirror || text.startsWith("/") || text.length < SEARCH_MIN_LENGTH) return next();
  if (text.length > MAX_SEARCH_TEXT) {
    await ctx.reply(ctx.t("search-too-long", { max: MAX_SEARCH_TEXT }));
    return;
  }
  await showOrderList(ctx, searchList, { kind: "search", text });
});
