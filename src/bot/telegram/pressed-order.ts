/** The order a pressed button names, read fresh for what the press does next. */
import type { Order } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { callService } from "../crm/call.ts";
import { learnedOf } from "../state/learned.ts";
import { stripHtml } from "../ui/messages.ts";
import { CALLBACK_ANSWER_LIMIT, cutText } from "../ui/text.ts";

/**
 * The order (within the configured workshops) from the order reader: held, no
 * request (`refresh` reads the service anyway), else one GET; what it shows is
 * learned (statuses, staff). `asOf`: when the mirror's copy was read. The GET
 * counts against the user's lookup share even when it starts a change (a
 * status, a master): a change opened and cancelled over and over costs a
 * request each time. When the service (or the spent share) cannot give it, the
 * press is answered with the reason (an alert) and the result is undefined.
 */
export async function readPressedOrder(
  ctx: BotContext,
  id: string,
  options: { refresh?: boolean; fresh?: boolean } = {},
): Promise<{ order: Order; asOf?: Date } | undefined> {
  const outcome = await callService(ctx, () =>
    ctx.services.orders.byId(id, { refresh: options.refresh, fresh: options.fresh, userId: ctx.from?.id }),
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
