/** The order a pressed button names, read fresh for what the press does next. */
import type { Order } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { callService } from "../crm/call.ts";
import { learnedOf } from "../state/learned.ts";
import { stripHtml } from "../ui/messages.ts";
import { CALLBACK_ANSWER_LIMIT, cutText, escapeHtml } from "../ui/text.ts";

/**
 * The order (within the configured workshops) from the order reader: held, no
 * request (`refresh` reads the service anyway), else one GET; what it shows is
 * learned (statuses, staff). `asOf`: when the mirror's copy was read. The GET
 * counts against the user's lookup share even when it starts a change (a
 * status, a master): a change opened and cancelled over and over costs a
 * request each time. When the service (or the spent share) cannot give it, the
 * press is answered with the reason (an alert) and the result is undefined.
 * An order known to be deleted (the bot's delete, or the CRM's as the mirror saw
 * it) is answered as deleted with no request: an older card's buttons print,
 * open and change nothing (issue 33.10); so is one the read finds deleted.
 */
export async function readPressedOrder(
  ctx: BotContext,
  id: string,
  options: { refresh?: boolean; fresh?: boolean } = {},
): Promise<{ order: Order; asOf?: Date } | undefined> {
  const deleted = await ctx.services.orders.deletedById(id);
  if (deleted) return answerDeleted(ctx, deleted.number);
  const outcome = await callService(ctx, () =>
    ctx.services.orders.byId(id, { refresh: options.refresh, fresh: options.fresh, userId: ctx.from?.id }),
  );
  if (!outcome.ok) return answerAlert(ctx, outcome.message);
  if (outcome.value.order.isVisible === false) return answerDeleted(ctx, outcome.value.order.number ?? id);
  await learnedOf(ctx.services.store).fromOrders([outcome.value.order]);
  return outcome.value;
}

async function answerAlert(ctx: BotContext, html: string): Promise<undefined> {
  await ctx.answerCallbackQuery({ text: cutText(stripHtml(html), CALLBACK_ANSWER_LIMIT), show_alert: true });
  return undefined;
}

const answerDeleted = (ctx: BotContext, number: string) =>
  answerAlert(ctx, ctx.t("lookup-deleted", { number: escapeHtml(number) }));
