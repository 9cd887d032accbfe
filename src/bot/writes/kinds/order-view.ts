/** What the order kinds show: the card of an order as a write's reply, and the order's title. */
import type { InlineKeyboardButton } from "grammy/types";
import type { Order } from "../../../service/index.ts";
import type { BotContext } from "../../context.ts";
import { cardMessage } from "../../ui/card-message.ts";
import type { WriteReply } from "../kind.ts";

/** A card as a dialog sends it: HTML text and its buttons. */
export interface CardView {
  text: string;
  keyboard: InlineKeyboardButton[][];
}

/** The card of `order` for this user, as a dialog sends it. */
export async function cardOf(outer: BotContext, order: Order): Promise<CardView> {
  const message = await cardMessage(outer, order);
  return { text: message.text, keyboard: message.keyboard.inline_keyboard };
}

/** `text`, then the card of the order when the write's check read it. */
export async function withCard(ctx: BotContext, text: string, order: Order | undefined): Promise<WriteReply> {
  const card = order && (await cardOf(ctx, order));
  return card ? { text: `${text}\n\n${card.text}`, keyboard: card.keyboard } : { text };
}
