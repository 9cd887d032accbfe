/** The order a pressed button names, read fresh for what the press does next. */
import type { Order } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { learnedOf } from "../services/learned.ts";
import { getOrder } from "../services/order-search.ts";
import { callService } from "../services/service-gateway.ts";
import { stripHtml } from "./messages.ts";
import { CALLBACK_ANSWER_LIMIT, cutText } from "./text.ts";

/**
 * One GET of the order (within the configured workshops); what it shows is
 * learned (statuses, staff). When the service cannot give it, the press is
 * answered with the reason (an alert) and the result is undefined.
 */
export async function readPressedOrder(ctx: BotContext, id: string): Promise<Order | undefined> {
  const outcome = await callService(ctx, (client) => getOrder(client, ctx.services.config.shopIds, id));
  if (!outcome.ok) {
    await ctx.answerCallbackQuery({
      text: cutText(stripHtml(outcome.message), CALLBACK_ANSWER_LIMIT),
      show_alert: true,
    });
    return undefined;
  }
  await learnedOf(ctx.services.store).fromOrders([outcome.value]);
  return outcome.value;
}
