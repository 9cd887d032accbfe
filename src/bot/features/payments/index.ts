/**
 * Payments in the chat (issue 37; PAYMENT_PROVIDER_TOKEN, with CLIENTS=on and
 * the mirror): a linked client pays for a ready order (or the prepayment after
 * approving) with Telegram Payments through the shop's provider, and the CRM
 * records it exactly once.
 * - 💳 Pay (client-side/pay-button.ts) → the invoice (invoice.ts);
 * - `pre_checkout_query` → checked from the mirror, answered at once (pre-checkout.ts);
 * - `successful_payment` → kept, then ONE PATCH through the write core (record.ts),
 *   retried until it lands (retry.ts), staff told (staff.ts);
 * - /payments for owners (command.ts).
 * `paymentsPart` is mounted before the client's side (index.ts): a payment is never
 * rate-limited or taken for a question, and a pre-checkout query has no chat.
 */
import type { Middleware } from "grammy";
import type { BotContext, BotServices } from "../../context.ts";
import { ownersGate } from "../../desk/scope.ts";
import { localeOf } from "../../i18n.ts";
import { Composer } from "../../middleware/composer.ts";
import { payPress } from "../client-side/pay-button.ts";
import { paymentsCommand } from "./command.ts";
import { clientReader, sendInvoice } from "./invoice.ts";
import { answerPreCheckout } from "./pre-checkout.ts";
import { onPaid } from "./record.ts";
import { paymentsOn } from "./setup.ts";

export { PaymentRetry } from "./retry.ts";
export { checkPaymentSetup } from "./setup.ts";

/** The client's part: the press, the pre-checkout, the payment. */
export function paymentsPart(services: BotServices): Middleware<BotContext> {
  const part = new Composer<BotContext>();
  const deps = (ctx: BotContext) => ({ services, api: ctx.api, logger: ctx.log });
  part.on("pre_checkout_query", async (ctx) => {
    if (!paymentsOn(services)) {
      await ctx.answerPreCheckoutQuery(false, { error_message: ctx.t("payment-check-gone") });
      return;
    }
    await answerPreCheckout(deps(ctx), ctx.api, ctx.preCheckoutQuery, await localeOf(ctx));
  });
  // Whatever the sender's role now and whatever the settings: money taken is always kept and told.
  part.on("message:successful_payment", async (ctx) => {
    await onPaid(deps(ctx), ctx.message, await localeOf(ctx));
  });
  part.callbackQuery(payPress.filter, async (ctx, next) => {
    if (ctx.role !== "stranger" || ctx.chat?.type !== "private" || !paymentsOn(services)) return next();
    const data = payPress.decode(ctx.callbackQuery.data);
    const order = data && services.mirror?.get(data.id)?.order;
    const r = await clientReader(services, ctx.from.id, await localeOf(ctx));
    const sent = order ? await sendInvoice(services, ctx.api, ctx.from.id, order, r) : "nothing";
    if (sent === "sent") await ctx.answerCallbackQuery();
    else
      await ctx.answerCallbackQuery({
        text: r.t(sent === "nothing" ? "payment-nothing-due" : "payment-unavailable"),
        show_alert: true,
      });
  });
  return part;
}

/** /payments: owners, private chat. */
export const paymentsFeature = new Composer<BotContext>();
paymentsFeature.command("payments", ownersGate("payments-owners-only"), paymentsCommand);
