/**
 * Order lookup: `/order <number>`, a bare number (1042, #1042, А001042, A-001042), and
 * card refresh. A lookup asks the order reader (no request when it holds the
 * number, else one): one match shows its card, several the shared order list
 * (order-list.ts) of a number query, paged and opened there. A refresh is one
 * request (GET /orders/{id}). In a private chat, digits that match no order
 * number search the clients' phones too, in the same answer (the reader's
 * `phone` fallback).
 */
import { foldOrderNumber, type Order } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { Composer } from "../middleware/composer.ts";
import { type OrderQuery, parseOrderQuery } from "../orders/by-number.ts";
import { isOfNum, phoneMatches, serialMatches } from "../orders/order-rules.ts";
import { learnedOf } from "../state/learned.ts";
import { readPressedOrder } from "../telegram/pressed-order.ts";
import { orderOpenById, orderRefresh } from "../ui/callbacks.ts";
import { cardMessage } from "../ui/card-message.ts";
import { editOrSame } from "../ui/messages.ts";
import { escapeHtml } from "../ui/text.ts";
import { deletedText } from "./clients/deleted.ts";
import { clientsFound, phoneClientsButton } from "./clients/index.ts";
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

/** "🔄 Refresh" on a card (chat or inline message): one GET /orders/{id}, none when the mirror's copy is fresh. */
orderLookupFeature.callbackQuery(orderRefresh.filter, async (ctx) => {
  const id = orderRefresh.decode(ctx.callbackQuery.data)?.id;
  if (!id) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  const pressed = await readPressedOrder(ctx, id, { refresh: true, fresh: true });
  // On a failure the card stays as it was, with its refresh button: that is the retry.
  if (!pressed) return;
  const { order, asOf } = pressed;
  const inline = ctx.callbackQuery.inline_message_id !== undefined;
  // A card sent via inline mode may sit in a group (Telegram does not say which chat): no phone numbers.
  const card = await cardMessage(
    ctx,
    order,
    inline ? { actions: false, asOf, groupOf: ctx.me.username } : { asOf },
  );
  const result = await editOrSame(ctx, card.text, card.keyboard);
  await ctx.answerCallbackQuery({ text: ctx.t(result === "same" ? "refresh-same" : "refresh-done") });
});

/** The list of a number query: the matches in the configured workshops; digits that match none, the phones. */
export const numberList: OrderListKind<OrderQuery> = {
  heading: (ctx, query, counts, items) =>
    byPhone(ctx, query, items)
      ? ctx.t("lookup-by-phone", { num: query.text, ...counts })
      : query.kind === "num" && phoneDigits(ctx, query) && items.every((order) => !isOfNum(order, query.num))
        ? ctx.t("lookup-by-digits", { num: query.text, ...counts })
        : ctx.t("lookup-many", { query: escapeHtml(query.text), ...counts }),
  title: (ctx, query) => ctx.t("list-title-number", { query: escapeHtml(query.text) }),
  empty: nothingFound,
  singleAsCard: true,
  // Digits typed bare that are no order's number: the clients whose phone holds them (mirror, no request).
  // A deleted number is answered as deleted (by whom, when), as `/order N` is: never with the
  // clients of whoever's phone holds the same digits (issue 32.10). No request.
  extra: async (ctx, query, items) =>
    query.kind === "num" &&
    query.phone &&
    !items.some((order) => isOfNum(order, query.num)) &&
    (await ctx.services.orders.deletedOf(query)).length === 0
      ? clientsFound(ctx, query.text)
      : undefined,
  cardNote: (ctx, query, order) =>
    byPhone(ctx, query, [order])
      ? ctx.t("lookup-by-phone-one", { num: query.text })
      : bySerial(ctx, query, [order])
        ? ctx.t("lookup-by-serial-one", { num: query.text })
        : undefined,
  // The order of that number is the answer; clients whose phone ends so are a button under it (issue 32.11).
  cardRows: (ctx, query, order) =>
    query.kind === "num" && isOfNum(order, query.num) && phoneDigits(ctx, query)
      ? phoneClientsButton(ctx, query.text)
      : undefined,
};

/**
 * Digits typed bare in a private chat (a group never sees phones; `/order` asks for a
 * number): 4 or more may be the end of a phone number.
 */
const PHONE_MIN_DIGITS = 4;
function phoneDigits(ctx: BotContext, query: OrderQuery): boolean {
  if (ctx.message?.text?.startsWith("/")) return false;
  return (
    ctx.chat?.type === "private" &&
    query.kind === "num" &&
    /^\d+$/.test(query.text) &&
    query.text.length >= PHONE_MIN_DIGITS
  );
}

/** Found by the phone: digits typed bare in a private chat, and every record's phone holds them, none that number. */
function byPhone(ctx: BotContext, query: OrderQuery, items: readonly Order[]): boolean {
  return (
    query.kind === "num" &&
    phoneDigits(ctx, query) &&
    items.length > 0 &&
    items.every((order) => !isOfNum(order, query.num) && phoneMatches(order, query.text))
  );
}

/** Found by the serial number: digits typed bare, no record of that number, every record's serial holds them. */
function bySerial(ctx: BotContext, query: OrderQuery, items: readonly Order[]): boolean {
  return (
    query.kind === "num" &&
    phoneDigits(ctx, query) &&
    items.length > 0 &&
    items.every((order) => !isOfNum(order, query.num) && serialMatches(order, query.text))
  );
}

/** Runs a lookup: the card of a single match, the list of several, or what was searched when none. */
export async function lookup(ctx: BotContext, query: OrderQuery): Promise<void> {
  // Digits that may end a phone: looked up as one only when no order has that number and none of that
  // number was deleted (the reader and `extra` ask, then; a number held needs neither).
  return showOrderList(ctx, numberList, phoneDigits(ctx, query) ? { ...query, phone: true } : query);
}

async function nothingFound(ctx: BotContext, query: OrderQuery): Promise<string> {
  // Deleted (by the bot, or in the CRM as the mirror saw): said so, not "not found" (no request).
  const deleted = await ctx.services.orders.deletedOf(query);
  if (deleted.length > 0) return deletedText(ctx, deleted);
  const scope = await scopeText(ctx);
  if (query.kind !== "num") {
    const none = ctx.t("lookup-none-text", { query: escapeHtml(query.text), scope });
    const form = await numberFormHint(ctx, query.text);
    return form ? `${none}\n${form}` : none;
  }
  // A string: no "999,999" grouping.
  const lines = [ctx.t("lookup-none-num", { num: String(query.num), scope })];
  if (phoneDigits(ctx, query)) lines.push(ctx.t("lookup-none-phone"));
  // Far above the newest order known (a mistyped number): the newest instead of a hint to search by a part.
  const newest = await ctx.services.orders.beyondNewest(query.num);
  if (newest) return [...lines, ctx.t("lookup-none-beyond", { newest: escapeHtml(newest) })].join("\n");
  const hint = await partialNumberHint(ctx, query.text);
  return [...lines, ...(hint ? [hint] : [])].join("\n");
}

/** The number shape of the configured workshops (prefix and digits), as learned from orders seen. */
async function shapeOf(ctx: BotContext, letters?: string) {
  const { shopIds } = ctx.services.config;
  const shapes = await learnedOf(ctx.services.store)
    .numbers()
    .catch(() => []);
  const ours = shapes.filter(
    (s) => shopIds.length === 0 || (s.shopId !== undefined && shopIds.includes(s.shopId)),
  );
  return letters === undefined ? ours[0] : ours.find((s) => foldOrderNumber(s.prefix) === letters);
}

/**
 * The one rule of the miss hints: digits with their leading zeros are a part of
 * a number as written ("А01102": shown as typed, only the letters put right);
 * digits without them are a whole number ("A-1042" -> "А001042"). A text in
 * the workshops' own form gets no hint: it was searched as it should be.
 */
async function numberFormHint(ctx: BotContext, typed: string): Promise<string | undefined> {
  const parts = /^(\D+)(\d+)$/u.exec(foldOrderNumber(typed));
  if (!parts) return undefined;
  const [, letters = "", digits = ""] = parts;
  const shape = await shapeOf(ctx, letters);
  if (!shape) return undefined;
  const whole = !digits.startsWith("0");
  if (whole && digits.length > shape.digits) return undefined;
  const example = `${shape.prefix}${whole ? digits.padStart(shape.digits, "0") : digits}`;
  return example === typed.trim() ? undefined : ctx.t("lookup-hint-form", { example: escapeHtml(example) });
}

/**
 * Digits alone match the exact number only (docs/decisions.md, "Order lookup"),
 * so "104" finds nothing when the clerk meant А001042. By the same rule: the
 * digits padded to one short of a whole number, with the prefix, are a part
 * that finds the ten numbers beginning so ("1102" -> "А01102": А011020-А011029).
 * Before any order was seen: in general words; no digit that counts: the form.
 */
async function partialNumberHint(ctx: BotContext, typed: string): Promise<string | undefined> {
  const shape = await shapeOf(ctx);
  if (!shape) return ctx.t("lookup-hint-partial-generic");
  const digits = typed.replace(/^0+/, "");
  if (digits === "")
    return ctx.t("lookup-hint-shape", {
      prefix: escapeHtml(shape.prefix),
      digits: shape.digits,
      example: escapeHtml(`${shape.prefix}${"1042".padStart(shape.digits, "0")}`),
    });
  if (digits.length >= shape.digits) return undefined;
  const example = `${shape.prefix}${digits.padStart(shape.digits - 1, "0")}`;
  return ctx.t("lookup-hint-partial", {
    example: escapeHtml(example),
    from: escapeHtml(`${example}0`),
    to: escapeHtml(`${example}9`),
  });
}
