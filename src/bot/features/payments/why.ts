/**
 * Why a payment is not in the CRM, kept as a kind (state/payments.ts) and
 * worded when read, in the reader's language: an owner reading English is not
 * shown the shop's Russian. A refusal by the service keeps the service's own
 * words beside it, so staff can act on them.
 */
import type { PaymentRecord, PendingReason } from "../../state/payments.ts";
import type { WriteFailure } from "../../writes/index.ts";

/** The kind of a failed attempt, and the service's words when it refused. */
export function reasonOf(failure: WriteFailure): { reason: PendingReason; why?: string } {
  if (failure.kind === "refused") return { reason: "refused" };
  if (failure.cause === "store") return { reason: "store" };
  if (failure.cause === "unknown") return { reason: "timeout" };
  if (failure.error === "quota") return { reason: "quota" };
  if (failure.error === "unavailable" || failure.error === undefined) return { reason: "down" };
  return { reason: "refused", why: failure.message };
}

/** Why `payment` is not in the CRM (pending) or not recorded at all (held), HTML-safe, no closing stop. */
export function whyText(
  payment: Pick<PaymentRecord, "state" | "reason" | "why" | "held">,
  t: (key: string) => string,
): string {
  if (payment.state === "held") return t(`payment-held-${payment.held ?? "forged"}`);
  if (payment.state !== "pending" || !payment.reason) return "";
  const said = t(`payment-why-${payment.reason}`);
  const words = payment.why?.trim().replace(/[.!。]+$/u, "");
  return words ? `${said} (${words})` : said;
}
