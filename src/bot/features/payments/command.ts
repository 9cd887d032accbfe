/**
 * /payments (owners, private chat): the payments in the chat not in the CRM
 * yet, with why, and today's, each with its order, amount, time and state.
 * Read from the bot's own records: 0 requests.
 */
import type { BotContext } from "../../context.ts";
import { withCurrency } from "../../money/payable.ts";
import { openPaymentIds, type PaymentRecord, paymentOf, paymentsOfDay } from "../../state/payments.ts";
import { formatDateTime } from "../../ui/dates.ts";
import { formatAmount } from "../../ui/money.ts";
import { escapeHtml } from "../../ui/text.ts";
import { dayOf } from "./record.ts";
import { whyText } from "./why.ts";

/** Lines a list shows at most (the newest). */
const LISTED = 30;

export async function paymentsCommand(ctx: BotContext): Promise<void> {
  const { services } = ctx;
  const locale = await ctx.i18n.getLocale();
  if (!services.config.payments) {
    await ctx.reply(ctx.t("payments-off"));
    return;
  }
  const read = async (ids: string[]) =>
    (await Promise.all(ids.map((id) => paymentOf(services.store, id)))).filter((p): p is PaymentRecord =>
      Boolean(p),
    );
  const open = (await read(Object.keys(await openPaymentIds(services.store)))).slice(-LISTED);
  const today = (
    await read(await paymentsOfDay(services.store, dayOf(services, services.clock.now().getTime())))
  ).slice(-LISTED);
  const amount = (p: PaymentRecord) =>
    withCurrency(formatAmount(p.amount, locale as "ru" | "en"), p.currency);
  const line = (p: PaymentRecord) =>
    ctx.t("payments-line", {
      time: formatDateTime(new Date(p.paidAt), locale as "ru" | "en", services.config.timezone),
      number: escapeHtml(p.number || "?"),
      amount: amount(p),
      state: ctx.t(`payments-state-${p.state}`, { why: whyText(p, (key) => ctx.t(key)) }),
    });
  const recorded = today.filter((p) => p.state === "recorded");
  const total = recorded.reduce((sum, p) => sum + p.amount, 0);
  const parts = [
    open.length > 0
      ? [ctx.t("payments-open", { count: open.length }), ...open.map(line)].join("\n")
      : ctx.t("payments-open-none"),
    today.length > 0
      ? [
          ctx.t("payments-today", {
            count: today.length,
            total: withCurrency(
              formatAmount(total, locale as "ru" | "en"),
              services.config.payments.currency,
            ),
          }),
          ...today.map(line),
        ].join("\n")
      : ctx.t("payments-today-none"),
    ctx.t("payments-refunds"),
  ];
  await ctx.reply(parts.join("\n\n"));
}
