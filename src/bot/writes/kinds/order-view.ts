/** What the order kinds show: the card of an order as a write's reply, and the order's title. */
import type { Order } from "../../../service/index.ts";
import { cardFor } from "../../ui/card-message.ts";
import type { InlineButton } from "../../ui/keyboard.ts";
import type { WriteActor } from "../actor.ts";
import type { WriteReply } from "../kind.ts";

/** A card as a dialog sends it: HTML text and its buttons. */
export interface CardView {
  text: string;
  keyboard: InlineButton[][];
}

/** The card of `order` for this user, as a dialog sends it. */
export async function cardOf(outer: WriteActor, order: Order): Promise<CardView> {
  const message = await cardFor(outer, order, { groupOf: outer.groupOf });
  return { text: message.text, keyboard: message.keyboard.inline_keyboard };
}

/** `text`, then the card of the order when the write's check read it. */
export async function withCard(ctx: WriteActor, text: string, order: Order | undefined): Promise<WriteReply> {
  const card = order && (await cardOf(ctx, order));
  return card ? { text: `${text}\n\n${card.text}`, keyboard: card.keyboard } : { text };
}
