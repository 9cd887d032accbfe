/**
 * What staff are told of a payment in the chat: the owners and the order's
 * manager (the staff user linked to that employee with /me), each once per
 * payment and news (the outbox's key): not in the CRM yet and why, now
 * recorded, paid on an order closed meanwhile, or nothing recorded (a forged
 * or replayed payload, an amount that does not match). Refunds of provider
 * payments are made in the provider's dashboard: the texts say so.
 */
import type { Api } from "grammy";
import type { Logger } from "../../../logger.ts";
import type { BotServices } from "../../context.ts";
import { withCurrency } from "../../money/payable.ts";
import { recipients } from "../../notify/recipients.ts";
import { sendToUser } from "../../notify/send.ts";
import type { PaymentRecord } from "../../state/payments.ts";
import { formatAmount } from "../../ui/money.ts";
import { escapeHtml } from "../../ui/text.ts";
import { whyText } from "./why.ts";

export interface PaymentDeps {
  services: BotServices;
  api: Api;
  logger: Logger;
}

export type StaffNews = "late" | "recorded" | "closed" | "held";

/** The owners and the manager of the order (by the mirror's copy). */
async function whoToTell(services: BotServices, orderId: string): Promise<number[]> {
  const told = new Set(services.config.ownerIds);
  const manager = services.mirror?.get(orderId)?.order.manager?.id;
  if (manager)
    for (const userId of recipients(services.config)) {
      const settings = await services.users.read(userId).catch(() => undefined);
      if (settings?.employee?.id === manager) told.add(userId);
    }
  return [...told];
}

/** Tells staff `news` of `payment`, once per payment, news and person. */
export async function tellStaff(deps: PaymentDeps, payment: PaymentRecord, news: StaffNews): Promise<void> {
  const { services } = deps;
  for (const userId of await whoToTell(services, payment.orderId)) {
    await sendToUser(deps, userId, `payment-${news}:${payment.chargeId}:${userId}`, async ({ t, locale }) => {
      const args = {
        amount: withCurrency(formatAmount(payment.amount, locale), payment.currency),
        number: escapeHtml(payment.number || "?"),
        charge: escapeHtml(payment.chargeId),
        why: whyText(payment, t),
      };
      const key =
        news === "held" ? `payment-staff-held-${payment.held ?? "forged"}` : `payment-staff-${news}`;
      return {
        text: [t(key, args), news === "late" ? "" : t("payment-staff-charge", args)]
          .filter(Boolean)
          .join("\n"),
      };
    }).catch((error: unknown) =>
      deps.logger.error({ err: String(error), charge: payment.chargeId }, "payments: staff not told"),
    );
  }
}
