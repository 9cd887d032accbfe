/** A signed /start payload (a label's, a receipt's) opening its order's card. */
import type { BotContext } from "../context.ts";
import { callService } from "../crm/call.ts";
import { cardMessage } from "../ui/card-message.ts";
import { type PayloadPurpose, readSignedPayload } from "../ui/signed-payload.ts";

/**
 * Replies with the card of the order a payload of that purpose names, for staff
 * (the access gate stands before); a forged or cut payload opens nothing, a
 * service failure is said.
 */
export async function replySignedCard(
  ctx: BotContext,
  purpose: PayloadPurpose,
  payload: string,
): Promise<void> {
  const id = readSignedPayload(purpose, payload, ctx.services.config.botToken);
  if (!id) {
    ctx.log.info(`a /start payload that is no genuine ${purpose}`);
    await ctx.reply(ctx.t("label-unknown"));
    return;
  }
  const outcome = await callService(ctx, () => ctx.services.orders.byId(id, { userId: ctx.from?.id }));
  if (!outcome.ok) {
    await ctx.reply(outcome.message);
    return;
  }
  const card = await cardMessage(ctx, outcome.value.order, { asOf: outcome.value.asOf });
  await ctx.reply(card.text, { reply_markup: card.keyboard });
}
