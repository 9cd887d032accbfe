/** The order a pressed button names, read fresh for what the press does next. */
import type { Order } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { learnedOf } from "../services/learned.ts";
import { callService } from "../services/service-gateway.ts";
import { stripHtml } from "./messages.ts";
import { CALLBACK_ANSWER_LIMIT, cutText } from "./text.ts";

/**
 * The order (within the configured workshops) from the order reader: held, no
 * request (`refresh` reads the service anyway), else one GET; what it shows is
 * learned (statuses, staff). `asOf`: when the mirror's copy was read.
 * `forWrite`: the read starts a change (a status, a master), which the user's
 * lookup share neither counts nor refuses. When the service cannot give it,
 * the press is answered with the reason (an alert) and the result is undefined.
 */
export async function readPressedOrder(
  ctx: BotContext,
  id: string,
  options: { refresh?: boolean; forWrite?: boolean } = {},
): Promise<{ order: Order; asOf?: Date } | undefined> {
  // The read that starts a change is part of the write, not a lookup: outside the user's lookup share.
  const userId = options.forWrite ? undefined : ctx.from?.id;
  const outcome = await callService(ctx, () =>
    ctx.services.orders.byId(id, { refresh: options.refresh, userId }),
  );
  if (!outcome.ok) {
    await ctx.answerCallbackQuery({
      text: cutText(stripHtml(outcome.message), CALLBACK_ANSWER_LIMIT),
      show_alert: true,
    });
    return undefined;
  }
  await learnedOf(ctx.services.store).fromOrders([outcome.value.order]);
  return outcome.value;
}
