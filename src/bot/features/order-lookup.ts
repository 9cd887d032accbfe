/**
 * Order lookup: `/order <number>`, a bare number (1042, #1042, А001042, A-001042), and
 * card refresh. A lookup asks the order reader (no request when it holds the
 * number, else one): one match shows its card, several the shared order list
 * (order-list.ts) of a number query, paged and opened there. A refresh is one
 * request (GET /orders/{id}).
 */
import { Composer } from "grammy";
import { foldOrderNumber } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { learnedOf } from "../services/learned.ts";
import { numberShapesOf, type OrderQuery, parseOrderQuery } from "../services/order-search.ts";
import { orderOpenById, orderRefresh } from "../ui/callbacks.ts";
import { cardMessage } from "../ui/card-message.ts";
import { editOrSame } from "../ui/messages.ts";
import { readPressedOrder } from "../ui/pressed-order.ts";
import { escapeHtml } from "../ui/text.ts";
import { type OrderListKind, openById, scopeText, showOrderList } from "./order-list.ts";

export const orderLookupFeature = new Composer<BotContext>();

orderLookupFeature.command("order", async (ctx) => {
  const query = parseOrderQuery(ctx.match);
  if (!query) {
    await ctx.reply(ctx.t("lookup-usage"));
    return;
  }
  await lookup(ctx, query);
});

orderLookupFeature.on("message:text", async (ctx, next) => {
  const query = parseOrderQuery(ctx.message.text, { bare: true });
  if (!query) return next();
  await lookup(ctx, query);
});

/** The list button without a token, `oo:<orderId>`, as messages sent by earlier versions still carry it. */
orderLookupFeature.callbackQuery(orderOpenById.filter, async (ctx) => {
  const id = orderOpenById.decode(ctx.callbackQuery.data)?.id;
  if (!id) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  await openById(ctx, id, orderOpenById.encode({ id }));
});

/** "🔄 Refresh" on a card (chat or inline message): one GET /orders/{id}. */
orderLookupFeature.callbackQuery(orderRefresh.filter, async (ctx) => {
  const id = orderRefresh.decode(ctx.callbackQuery.data)?.id;
  if (!id) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  const pressed = await readPressedOrder(ctx, id, { refresh: true });
  // On a failure the card stays as it was, with its refresh button: that is the retry.
  if (!pressed) return;
  const { order, asOf } = pressed;
  const inline = ctx.callbackQuery.inline_message_id !== undefined;
  const card = await cardMessage(ctx, order, { actions: !inline, asOf });
  const result = await editOrSame(ctx, card.text, card.keyboard);
  await ctx.answerCallbackQuery({ text: ctx.t(result === "same" ? "refresh-same" : "refresh-done") });
});

/** The list of a number query: the matches in the configured workshops. */
export const numberList: OrderListKind<OrderQuery> = {
  heading: (ctx, query, counts) => ctx.t("lookup-many", { query: escapeHtml(query.text), ...counts }),
  title: (ctx, query) => ctx.t("list-title-number", { query: escapeHtml(query.text) }),
  empty: nothingFound,
  singleAsCard: true,
};

/** Runs a lookup: the card of a single match, the list of several, or what was searched when none. */
export function lookup(ctx: BotContext, query: OrderQuery): Promise<void> {
  return showOrderList(ctx, numberList, query);
}

async function nothingFound(ctx: BotContext, query: OrderQuery): Promise<string> {
  const scope = await scopeText(ctx);
  if (query.kind !== "num") {
    const none = ctx.t("lookup-none-text", { query: escapeHtml(query.text), scope });
    const form = await numberFormHint(ctx, query.text);
    return form ? `${none}\n${form}` : none;
  }
  // A string: no "999,999" grouping.
  const none = ctx.t("lookup-none-num", { num: String(query.num), scope });
  // Far above the newest order known (a mistyped number): the newest instead of a hint to search by a part.
  const newest = await ctx.services.orders.beyondNewest(query.num);
  if (newest) return `${none}\n${ctx.t("lookup-none-beyond", { newest: escapeHtml(newest) })}`;
  return `${none}\n${await partialNumberHint(ctx, query.text)}`;
}

/**
 * A number typed with its letters that finds nothing: show how these workshops
 * write it ("A-1042" -> "А001042"), the prefix as their numbers have it.
 */
async function numberFormHint(ctx: BotContext, typed: string): Promise<string | undefined> {
  const parts = /^(\D+)(\d+)$/u.exec(foldOrderNumber(typed));
  if (!parts) return undefined;
  const [, letters = "", digits = ""] = parts;
  const shapes = await numberShapesOf(ctx.services.store)();
  const { shopIds } = ctx.services.config;
  const shape = shapes.find(
    (s) =>
      foldOrderNumber(s.prefix) === letters &&
      (shopIds.length === 0 || (s.shopId !== undefined && shopIds.includes(s.shopId))),
  );
  if (!shape) return undefined;
  const example = `${shape.prefix}${digits.padStart(shape.digits, "0")}`;
  return example === typed.trim() ? undefined : ctx.t("lookup-hint-form", { example: escapeHtml(example) });
}

/**
 * Digits alone match the exact number only (docs/decisions.md, "Order lookup"), so "104" finds
 * nothing when the clerk meant А001042. Say how to search by a part: with the
 * prefix and the zero padding of a number seen in these workshops ("А00104"),
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
