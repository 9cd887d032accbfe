/**
 * A `successful_payment` recorded in the CRM exactly once. In this order:
 * 1. what the payment is checked against: the signed payload, the invoice the
 *    bot kept for it (the amount, the currency, its payer), and whether another
 *    charge paid that invoice before (a replay);
 * 2. the payment is KEPT in the store by its charge id (state/payments.ts)
 *    before anything else happens: a crash after this point loses nothing;
 * 3. the client is thanked with what remains; a payment the bot records
 *    nothing of (forged, replayed, not matching, an order closed in a status
 *    taking no money) is told to the owners instead;
 * 4. one attempt of the ONE PATCH (kind "payment", its marker keyed by the
 *    charge id), claimed per attempt in the shared store so two instances, a
 *    redelivery and a double event never send it twice; when it cannot land
 *    the payment stays open, tried again with a growing pause (retry.ts), and
 *    staff are told at once, then "now recorded".
 */
import type { Message } from "grammy/types";
import { z } from "zod";
import type { Locale } from "../../../config/index.ts";
import { CLOSED_GROUP, statusGroupOf } from "../../../contract/status-groups.ts";
import type { Order } from "../../../service/index.ts";
import type { BotServices } from "../../context.ts";
import { moneyOf, moneySettings } from "../../money/order-money.ts";
import { majorUnits, withCurrency } from "../../money/payable.ts";
import { outboxOf } from "../../notify/send.ts";
import { readableName, signedComment } from "../../state/comment-author.ts";
import {
  changePayment,
  claimInvoice,
  type InvoiceRecord,
  invoiceOf,
  keepPayment,
  type PaymentRecord,
  paymentOf,
} from "../../state/payments.ts";
import { claimMarker } from "../../store/claim.ts";
import { persisted } from "../../store/registry.ts";
import { formatAmount } from "../../ui/money.ts";
import { escapeHtml } from "../../ui/text.ts";
import type { WriteActor } from "../../writes/index.ts";
import { writeIn } from "../../writes/index.ts";
import { orderPayment, paymentChecks } from "../../writes/kinds/order-payment.ts";
import { payloadKey, readInvoice } from "./payload.ts";
import { type PaymentDeps, tellStaff } from "./staff.ts";
import { reasonOf } from "./why.ts";

/** The outbox's audience of a paying client's messages: told whatever their link is now (they paid). */
const PAYER = "client-payment";

/** An attempt's claim: longer than one request may take; a crash mid-attempt frees it for the retry then. */
const attemptClaims = persisted({
  namespace: "payment-attempts",
  schema: z.number(),
  ttlSeconds: 5 * 60,
  whenStoreFails: "throw",
});

/** The first pause after a failed attempt; each next one doubles, up to MAX_PAUSE_MS. */
const FIRST_PAUSE_MS = 30_000;
const MAX_PAUSE_MS = 30 * 60_000;

/** The outbox with the payers' audience set up (every process that may deliver their messages). */
export function payerOutbox(deps: PaymentDeps) {
  const outbox = outboxOf(deps);
  outbox.audience(PAYER, { allows: async () => true });
  return outbox;
}

/** The day in TIMEZONE ("2026-12-03"): /payments lists a day's. */
export function dayOf(services: BotServices, at: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: services.config.timezone }).format(at);
}

type Verdict = { held?: string; invoice?: InvoiceRecord };

/** What the payment is against: its invoice, or why the bot records nothing of it. */
async function verdictOf(
  services: BotServices,
  paid: Message.SuccessfulPaymentMessage,
  from: number,
): Promise<Verdict> {
  const sp = paid.successful_payment;
  const read = readInvoice(sp.invoice_payload, services.config.botToken);
  const invoice = read && (await invoiceOf(services.store, payloadKey(sp.invoice_payload)));
  if (!read || !invoice || invoice.orderId !== read.orderId || invoice.minor !== read.amount)
    return { held: "forged" };
  if (sp.currency !== invoice.currency || sp.total_amount !== invoice.minor)
    return { held: "mismatch", invoice };
  if (invoice.userId !== from) return { held: "payer", invoice };
  const claim = await claimInvoice(
    services.store,
    payloadKey(sp.invoice_payload),
    sp.telegram_payment_charge_id,
  );
  if (claim === "replay") return { held: "replay", invoice };
  return { invoice };
}

/** Where the PATCH goes now: the invoice's status, or the order's own closed status when handed over meanwhile. */
function placeOf(invoice: InvoiceRecord, order: Order | undefined, statuses: BotServicesStatuses) {
  const group = order && statusGroupOf(order, statuses);
  if (!order || group !== CLOSED_GROUP) return { target: invoice, closed: false };
  const own = statuses.find((s) => s.id === order.status?.id);
  if (!own?.isPayRequired) return { held: "closed" };
  return {
    target: { ...invoice, statusId: own.id, statusName: own.name ?? own.id, statusGroup: CLOSED_GROUP },
    closed: true,
  };
}
type BotServicesStatuses = Awaited<ReturnType<BotServices["reference"]["statuses"]>>;

/** The `successful_payment` of an update: kept, the client thanked, one attempt to record it. */
export async function onPaid(
  deps: PaymentDeps,
  paid: Message.SuccessfulPaymentMessage,
  locale: Locale,
): Promise<void> {
  const { services } = deps;
  const sp = paid.successful_payment;
  const from = paid.from?.id ?? paid.chat.id;
  const verdict = await verdictOf(services, paid, from);
  const order = verdict.invoice && services.mirror?.get(verdict.invoice.orderId)?.order;
  const statuses = (await services.reference.cachedStatuses().catch(() => undefined)) ?? [];
  const place = verdict.invoice && !verdict.held ? placeOf(verdict.invoice, order, statuses) : undefined;
  const held = verdict.held ?? place?.held;
  const now = services.clock.now().getTime();
  const amount = majorUnits(sp.total_amount, sp.currency);
  const invoice = verdict.invoice;
  const shop = services.config.defaultLocale;
  const charge = sp.telegram_payment_charge_id;
  const shopAmount = withCurrency(formatAmount(amount, shop), sp.currency);
  const author = readableName(
    order?.counteragent?.name?.trim() ||
      [paid.from?.first_name, paid.from?.last_name].filter(Boolean).join(" "),
  );
  const record: PaymentRecord = {
    chargeId: charge,
    providerChargeId: sp.provider_payment_charge_id,
    payload: sp.invoice_payload,
    orderId: invoice?.orderId ?? "",
    number: invoice?.number ?? "",
    userId: from,
    locale,
    kind: invoice?.kind ?? "full",
    currency: sp.currency,
    minor: sp.total_amount,
    amount,
    paidAt: now,
    state: held ? "held" : "pending",
    held,
    attempts: 0,
    next: now,
    target: place?.target && {
      registerId: place.target.registerId,
      statusId: place.target.statusId,
      statusName: place.target.statusName,
      statusGroup: place.target.statusGroup,
    },
    closed: place?.closed || undefined,
    comment: signedComment(author, services.i18n.t(shop, "payment-comment", { amount: shopAmount, charge })),
    note: services.i18n.t(shop, "payment-note", { charge, provider: sp.provider_payment_charge_id }),
  };
  // Kept first: whatever happens next, the payment is in the bot's records.
  const kept = await keepPayment(services.store, record, dayOf(services, now));
  const payment = kept.record;
  if (kept.created) {
    deps.logger.info(
      { charge, order: payment.orderId, state: payment.state, held },
      "payments: a payment arrived",
    );
    await thankClient(deps, payment, order);
    if (payment.state === "held") await tellStaff(deps, payment, "held");
    if (payment.closed) await tellStaff(deps, payment, "closed");
  }
  if (payment.state === "pending") await attemptPayment(deps, charge);
}

/** "Paid, thank you" with what remains (the due less this payment), once per charge. */
async function thankClient(
  deps: PaymentDeps,
  payment: PaymentRecord,
  order: Order | undefined,
): Promise<void> {
  const { services } = deps;
  const t = (key: string, args?: Record<string, string | number>) =>
    services.i18n.t(payment.locale, key, args);
  const money = (value: number) => withCurrency(formatAmount(value, payment.locale), payment.currency);
  const due = order ? moneyOf(order, moneySettings(services.config)).due : 0;
  const left = Math.max(0, Math.round((due - payment.amount) * 100) / 100);
  const number = escapeHtml(payment.number || "?");
  const text =
    payment.state === "held"
      ? t("payment-thanks-held", { amount: money(payment.amount), number })
      : t(payment.kind === "prepay" ? "payment-thanks-prepay" : "payment-thanks", {
          amount: money(payment.amount),
          number,
          left: money(payment.kind === "prepay" ? 0 : left),
        });
  await payerOutbox(deps)
    .send({
      id: `payment-thanks:${payment.chargeId}`,
      chatId: payment.userId,
      audience: PAYER,
      parts: [{ method: "sendMessage", text }],
    })
    .catch((error: unknown) =>
      deps.logger.warn({ err: String(error) }, "payments: the client's thanks not kept"),
    );
}

/** The actor of a payment's PATCH: the paying client's, outside any chat (the core's marker is the charge's). */
function paymentActor(deps: PaymentDeps, payment: PaymentRecord): WriteActor {
  const { services } = deps;
  const locale = services.config.defaultLocale;
  const log = deps.logger.child({ charge: payment.chargeId });
  return {
    userId: payment.userId,
    role: "stranger",
    authorize: async () => true,
    sink: {
      tell: async (reply) => log.info({ text: reply.text }, "payments: an interrupted attempt resolved"),
      settle: async () => {},
    },
    services,
    log,
    t: (key, args) => services.i18n.t(locale, key, args),
    locale,
  };
}

/**
 * One attempt to record a kept payment; "busy" when another attempt holds it (another instance,
 * a double event). Landed: recorded (and staff told when they were told it was late).
 */
export async function attemptPayment(
  deps: PaymentDeps,
  chargeId: string,
): Promise<"recorded" | "failed" | "busy" | "none"> {
  const { services } = deps;
  const payment = await paymentOf(services.store, chargeId);
  if (payment?.state !== "pending" || !payment.target || !payment.comment) return "none";
  if (!(await claimMarker(services.store, attemptClaims, `${chargeId}:${payment.attempts}`))) return "busy";
  const { target } = payment;
  const data = {
    orderId: payment.orderId,
    title: payment.number,
    status: { id: target.statusId, name: target.statusName, group: target.statusGroup },
    registerId: target.registerId,
    amount: payment.amount,
    note: payment.note ?? "",
    comment: payment.comment,
    chargeId,
  };
  const outcome = await writeIn(
    paymentActor(deps, payment),
    chargeId,
    { kind: orderPayment, key: `payment.${chargeId}`, data, checks: paymentChecks(data, payment.paidAt) },
    { open: false },
  );
  const now = services.clock.now().getTime();
  if (outcome.kind === "done") {
    const done = await changePayment(services.store, chargeId, (p) => ({
      ...p,
      state: "recorded",
      recordedAt: now,
      reason: undefined,
      why: undefined,
    }));
    deps.logger.info({ charge: chargeId, how: outcome.how }, "payments: recorded in the CRM");
    if (done?.toldLate) await tellStaff(deps, done, "recorded");
    return "recorded";
  }
  const { reason, why } = reasonOf(outcome);
  const failed = await changePayment(services.store, chargeId, (p) => {
    const attempts = p.attempts + 1;
    const pause = Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (attempts - 1));
    return { ...p, attempts, next: now + pause, reason, why, toldLate: true };
  });
  deps.logger.warn(
    { charge: chargeId, attempts: failed?.attempts, reason, why },
    "payments: not in the CRM yet; tried again later",
  );
  if (failed && !payment.toldLate) await tellStaff(deps, failed, "late");
  return "failed";
}
