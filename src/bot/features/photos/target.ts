/**
 * Which order a photo is for, cheapest first: a reply to a card (its buttons
 * carry the order id: no request), an album whose first photo found its order,
 * the order's number as the caption (the order reader: held, else one search), and last
 * an "📷 Add photos" press of this user in this chat.
 */
import type { Message } from "grammy/types";
import { foldOrderNumber } from "../../../service/index.ts";
import type { BotContext } from "../../context.ts";
import { callService } from "../../crm/call.ts";
import { parseOrderQuery } from "../../orders/by-number.ts";
import type { PhotoStore, PhotoTarget } from "../../state/order-photos.ts";
import { orderRefresh } from "../../ui/callbacks.ts";
import { numberFromCard } from "../../ui/card-number.ts";
import { stripHtml } from "../../ui/messages.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";

export type Found =
  | { kind: "order"; target: PhotoTarget; via: "reply" | "album" | "pending" | "caption" }
  | { kind: "none" }
  /** The caption names a number that finds no single order, or the service failed: say so. */
  | { kind: "miss"; message: string };

export const albumKey = (chatId: number, groupId: string) => `album:${chatId}:${groupId}`;
export const pendingKey = (chatId: number, userId: number) => `add:${chatId}:${userId}`;

/** The order id of a card message: its 🔄 Refresh button names it. */
export function orderIdOfCard(message: Message | undefined, botId: number): string | undefined {
  if (!message || message.from?.id !== botId) return undefined;
  for (const button of message.reply_markup?.inline_keyboard.flat() ?? []) {
    if (!("callback_data" in button) || button.callback_data === undefined) continue;
    const id = orderRefresh.decode(button.callback_data)?.id;
    if (id) return id;
  }
  return undefined;
}

export async function findTarget(ctx: BotContext, photos: PhotoStore): Promise<Found> {
  const message = ctx.message;
  const chatId = ctx.chat?.id;
  if (!message || chatId === undefined || !ctx.from) return { kind: "none" };
  const reply = message.reply_to_message;
  const replied = orderIdOfCard(reply, ctx.me.id);
  if (replied) {
    const title = numberFromCard(stripHtml(reply?.text ?? ""), ctx.services.i18n) ?? replied;
    return { kind: "order", target: { orderId: replied, title, added: 0 }, via: "reply" };
  }
  if (message.media_group_id) {
    const album = await photos.target(albumKey(chatId, message.media_group_id));
    if (album) return { kind: "order", target: album, via: "album" };
  }
  // A caption names an order only in a private chat: in a group a number under a photo may mean anything.
  const caption = ctx.chat?.type === "private" ? message.caption?.trim() : undefined;
  const query = caption ? parseOrderQuery(caption, { bare: true }) : undefined;
  if (!query) {
    const pending = await photos.target(pendingKey(chatId, ctx.from.id));
    return pending ? { kind: "order", target: { ...pending, added: 0 }, via: "pending" } : { kind: "none" };
  }
  const outcome = await callService(
    ctx,
    async () =>
      (await ctx.services.orders.page(query, { page: 1, pageSize: 5 }, { userId: ctx.from?.id })).items,
  );
  if (!outcome.ok) return { kind: "miss", message: outcome.message };
  const wanted = foldOrderNumber(query.text);
  const exact = outcome.value.filter((o) =>
    query.kind === "num" ? o.num === query.num : foldOrderNumber(o.number ?? "") === wanted,
  );
  const order = exact.length === 1 ? exact[0] : outcome.value.length === 1 ? outcome.value[0] : undefined;
  if (!order) return { kind: "miss", message: ctx.t("photos-no-order", { query: escapeHtml(query.text) }) };
  return { kind: "order", target: { orderId: order.id, title: orderTitle(order), added: 0 }, via: "caption" };
}
