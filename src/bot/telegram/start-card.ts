/** The card of the order a /start names (a group card's link, a label's or a receipt's code), for staff. */
import type { BotContext } from "../context.ts";
import { callService } from "../crm/call.ts";
import { learnedOf } from "../state/learned.ts";
import { cardMessage } from "../ui/card-message.ts";

/** Replies with the card of order `id` (of the configured workshops), with its buttons; a failure is said. */
export async function replyOrderCard(ctx: BotContext, id: string): Promise<void> {
  const outcome = await callService(ctx, () => ctx.services.orders.byId(id, { userId: ctx.from?.id }));
  if (!outcome.ok) {
    await ctx.reply(outcome.message);
    return;
  }
  const { order, asOf } = outcome.value;
  await learnedOf(ctx.services.store).fromOrders([order]);
  const card = await cardMessage(ctx, order, { asOf });
  await ctx.reply(card.text, { reply_markup: card.keyboard });
}
