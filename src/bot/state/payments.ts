/**
 * What the bot keeps of payments in the chat (features/payments). Money taken
 * and not recorded, or recorded twice, is the worst thing the bot could do, so:
 * - every invoice it sends is kept by its payload's tag (`payment-invoices`):
 *   what it asked, where the money goes, and which charge paid it (one charge
 *   per invoice; a second is a replay);
 * - every payment Telegram reports is kept by `telegram_payment_charge_id`
 *   (`payments`, durable, no time to live) BEFORE anything else happens, and
 *   stays until the service holds it: `pending` (not in the CRM yet, listed in
 *   `payments-open` with when it is tried next), `recorded`, or `held` (the bot
 *   records nothing: a forged or replayed payload, an amount that does not
 *   match, an order whose status takes no money: staff act by hand);
 * - the day's payments by day in TIMEZONE (`payments-days`) for /payments.
 * Each change is one `update` (compare-and-set in Redis): two instances and a
 * double event keep one record per charge.
 */
import { z } from "zod";
import { LOCALES } from "../../config/schema.ts";
import { persisted } from "../store/registry.ts";
import type { Store } from "../store/storage.ts";

const DAY = 24 * 60 * 60;

/** Why an attempt did not land: the service down or not answering, the quota spent, the move refused, the store. */
const PENDING_REASONS = ["down", "timeout", "quota", "refused", "store"] as const;
export type PendingReason = (typeof PENDING_REASONS)[number];

const target = z.object({
  registerId: z.string(),
  statusId: z.string(),
  statusName: z.string(),
  statusGroup: z.string().optional(),
});
export type PaymentTarget = z.infer<typeof target>;

const invoiceSchema = target.extend({
  orderId: z.string(),
  number: z.string(),
  kind: z.enum(["full", "prepay"]),
  /** In minor units, and its currency. */
  minor: z.number().int(),
  currency: z.string(),
  userId: z.number(),
  at: z.number(),
  /** The charge that paid it (the first); a second charge of the same invoice is a replay. */
  paidBy: z.string().optional(),
});
export type InvoiceRecord = z.infer<typeof invoiceSchema>;

const invoices = persisted({
  namespace: "payment-invoices",
  schema: invoiceSchema,
  ttlSeconds: 30 * DAY,
  whenStoreFails: "throw",
});

const paymentSchema = z.object({
  chargeId: z.string(),
  providerChargeId: z.string(),
  payload: z.string(),
  orderId: z.string(),
  number: z.string(),
  userId: z.number(),
  locale: z.enum(LOCALES),
  kind: z.enum(["full", "prepay"]),
  currency: z.string(),
  minor: z.number().int(),
  /** In the CRM's units (roubles). */
  amount: z.number(),
  paidAt: z.number(),
  state: z.enum(["pending", "recorded", "held"]),
  /** Pending: why the last attempt did not land (worded in each reader's language: payments/why.ts). */
  reason: z.enum(PENDING_REASONS).optional(),
  /** Pending, the service refused: its own words (the shop's language), for staff to act on. */
  why: z.string().optional(),
  /** Held: why the bot records nothing (forged, replay, mismatch, payer, closed). */
  held: z.string().optional(),
  attempts: z.number().int().nonnegative(),
  /** Unix ms: not tried again before. */
  next: z.number(),
  /** Where the PATCH puts it, and its comment and note, decided once when it arrived. */
  target: target.optional(),
  comment: z.string().optional(),
  note: z.string().optional(),
  /** The order was handed over meanwhile: recorded in its own status, staff told to refund or keep. */
  closed: z.boolean().optional(),
  /** Staff were told it is not in the CRM yet (so "now recorded" follows). */
  toldLate: z.boolean().optional(),
  recordedAt: z.number().optional(),
});
export type PaymentRecord = z.infer<typeof paymentSchema>;

const payments = persisted({
  namespace: "payments",
  schema: paymentSchema,
  whenStoreFails: "throw",
  durable: true,
});

const ALL = "all";
/** The payments not in the CRM yet: charge id → when next tried and the order. */
const openPayments = persisted({
  namespace: "payments-open",
  schema: z.record(z.string(), z.object({ next: z.number(), orderId: z.string() })),
  whenStoreFails: "throw",
  durable: true,
});

const days = persisted({
  namespace: "payments-days",
  schema: z.array(z.string()),
  ttlSeconds: 62 * DAY,
  whenStoreFails: "throw",
});

export function saveInvoice(store: Store, key: string, invoice: InvoiceRecord): Promise<void> {
  return store.open(invoices).write(key, invoice);
}

export async function invoiceOf(store: Store, key: string): Promise<InvoiceRecord | undefined> {
  return store.open(invoices).read(key);
}

/**
 * Notes that `chargeId` paid the invoice: "first" (it did now), "same" (a redelivery of that
 * charge), "replay" (another charge paid it before), "unknown" (the bot never made it).
 */
export async function claimInvoice(
  store: Store,
  key: string,
  chargeId: string,
): Promise<"first" | "same" | "replay" | "unknown"> {
  let verdict: "first" | "same" | "replay" | "unknown" = "unknown";
  await store.open(invoices).update(key, (invoice) => {
    if (!invoice) return undefined;
    verdict = invoice.paidBy === undefined ? "first" : invoice.paidBy === chargeId ? "same" : "replay";
    return invoice.paidBy === undefined ? { ...invoice, paidBy: chargeId } : invoice;
  });
  return verdict;
}

/**
 * Keeps a payment as it arrived, once per charge: `created` false when it was kept before
 * (a redelivery, a second instance), with the record as kept then.
 */
export async function keepPayment(
  store: Store,
  record: PaymentRecord,
  day: string,
): Promise<{ created: boolean; record: PaymentRecord }> {
  let created = false;
  const kept = await store.open(payments).update(record.chargeId, (before) => {
    created = before === undefined;
    return before ?? record;
  });
  if (created) {
    if (record.state === "pending")
      await store.open(openPayments).update(ALL, (all) => ({
        ...all,
        [record.chargeId]: { next: record.next, orderId: record.orderId },
      }));
    await store.open(days).update(day, (ids) => [...(ids ?? []), record.chargeId]);
  }
  return { created, record: kept ?? record };
}

export function paymentOf(store: Store, chargeId: string): Promise<PaymentRecord | undefined> {
  return Promise.resolve(store.open(payments).read(chargeId));
}

/** Changes a kept payment (one step); the open list follows its state and its next try. */
export async function changePayment(
  store: Store,
  chargeId: string,
  change: (record: PaymentRecord) => PaymentRecord,
): Promise<PaymentRecord | undefined> {
  const next = await store.open(payments).update(chargeId, (before) => before && change(before));
  if (!next) return undefined;
  await store.open(openPayments).update(ALL, (all) => {
    const { [chargeId]: _was, ...rest } = all ?? {};
    if (next.state === "pending") return { ...rest, [chargeId]: { next: next.next, orderId: next.orderId } };
    return Object.keys(rest).length > 0 ? rest : undefined;
  });
  return next;
}

/** The payments not in the CRM yet, by charge id. */
export async function openPaymentIds(
  store: Store,
): Promise<Record<string, { next: number; orderId: string }>> {
  return (await store.open(openPayments).read(ALL)) ?? {};
}

/** The charge ids of a day's payments (in TIMEZONE), oldest first. */
export async function paymentsOfDay(store: Store, day: string): Promise<string[]> {
  return (await store.open(days).read(day)) ?? [];
}
