/**
 * The check before the money moves: a `pre_checkout_query` answered well
 * within Telegram's 10 seconds, from the mirror (0 requests; one read at most,
 * when its copy is older than a minute, bounded in time). Yes only when the
 * payload's signature holds, the bot made that invoice and nothing paid it
 * yet, no earlier payment of the order is still being recorded, the payer is
 * the linked client of the order's current counteragent, and the order is
 * not deleted, not handed over and still asks exactly that amount in that
 * currency. Otherwise no, with the reason in the client's language, and a
 * new invoice when something else is due now.
 */
import type { Api } from "grammy";
import type { PreCheckoutQuery } from "grammy/types";
import type { Locale } from "../../../config/index.ts";
import type { Order } from "../../../service/index.ts";
import { minorUnits } from "../../money/payable.ts";
import { invoiceOf, openPaymentIds } from "../../state/payments.ts";
import { clientReader, isClientOf, payableFor, sendInvoice } from "./invoice.ts";
import { payloadKey, readInvoice } from "./payload.ts";
import type { PaymentDeps } from "./staff.ts";

/** A copy older than this is read again (once) before the answer. */
const FRESH_MS = 60_000;
/** The read may take this long; past it the held copy answers (Telegram waits 10 s in all). */
const READ_BUDGET_MS = 4_000;

type Refusal = "invalid" | "paid" | "busy" | "gone" | "changed";

/** The held copy, read again when older than a minute (one request, bounded in time). */
async function currentOrder(deps: PaymentDeps, orderId: string): Promise<Order | undefined> {
  const mirror = deps.services.mirror;
  const held = mirror?.get(orderId);
  if (!mirror || !held) return held?.order;
  const age = deps.services.clock.now().getTime() - mirror.confirmedAt(held).getTime();
  if (age <= FRESH_MS) return held.order;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), READ_BUDGET_MS);
  });
  const read = mirror.fetch(orderId, { refresh: true }).then(
    (fresh) => fresh.order,
    (error: unknown) => {
      deps.logger.warn(
        { err: String(error), order: orderId },
        "payments: pre-checkout read failed; the held copy answers",
      );
      return undefined;
    },
  );
  const fresh = await Promise.race([read, late]).finally(() => clearTimeout(timer));
  return fresh ?? held.order;
}

/** The verdict on a query: undefined yes, else why not (and the order, for a new invoice). */
async function verdictOf(
  deps: PaymentDeps,
  query: PreCheckoutQuery,
  speaking: Locale,
): Promise<{ refusal?: Refusal; order?: Order }> {
  const { services } = deps;
  const payments = services.config.payments;
  const read = readInvoice(query.invoice_payload, services.config.botToken);
  const invoice = read && (await invoiceOf(services.store, payloadKey(query.invoice_payload)));
  if (!payments || !read || !invoice || invoice.orderId !== read.orderId || invoice.minor !== read.amount)
    return { refusal: "invalid" };
  if (
    query.currency !== invoice.currency ||
    query.total_amount !== invoice.minor ||
    invoice.userId !== query.from.id
  )
    return { refusal: "invalid" };
  if (invoice.paidBy) return { refusal: "paid" };
  // An earlier payment of this order not in the CRM yet: what is due is not known until it lands.
  if (Object.values(await openPaymentIds(services.store)).some((p) => p.orderId === invoice.orderId))
    return { refusal: "busy" };
  const order = await currentOrder(deps, invoice.orderId);
  if (!order || !(await isClientOf(services, query.from.id, order))) return { refusal: "gone" };
  const r = await clientReader(services, query.from.id, speaking);
  const payable = await payableFor(services, order, r);
  if (!payable) return { refusal: "gone", order };
  if (payable.kind !== invoice.kind || minorUnits(payable.amount, payments.currency) !== invoice.minor)
    return { refusal: "changed", order };
  return {};
}

/** Answers the query (yes or no with the reason); a changed amount brings the new invoice. */
export async function answerPreCheckout(
  deps: PaymentDeps,
  api: Api,
  query: PreCheckoutQuery,
  speaking: Locale,
): Promise<void> {
  const { services } = deps;
  const started = Date.now();
  const { refusal, order } = await verdictOf(deps, query, speaking).catch((error: unknown) => {
    deps.logger.error({ err: String(error) }, "payments: pre-checkout not checked");
    return { refusal: "invalid" as const, order: undefined };
  });
  if (!refusal) {
    await api.answerPreCheckoutQuery(query.id, true);
    deps.logger.info({ ms: Date.now() - started }, "payments: pre-checkout yes");
    return;
  }
  const r = await clientReader(services, query.from.id, speaking);
  await api.answerPreCheckoutQuery(query.id, false, { error_message: r.t(`payment-check-${refusal}`) });
  deps.logger.info({ refusal, from: query.from.id }, "payments: pre-checkout no");
  if (refusal === "changed" && order)
    await sendInvoice(services, api, query.from.id, order, r).catch(() => undefined);
}
