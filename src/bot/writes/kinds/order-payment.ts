/**
 * Kind "payment": a client's payment in Telegram recorded in the CRM, ONE
 * PATCH /orders/{id} entering a status that demands payment (PAYMENT_STATUS,
 * PAYMENT_PREPAY_STATUS, or the order's own closed status when it was handed
 * over meanwhile) with `cashRegisterId`, `bank` = the amount, `nodePay` naming
 * Telegram and the charge, and a comment saying the same (the card shows it).
 * Its marker is keyed by the charge id (features/payments), so every path to it
 * (a redelivery, a retry after a restart, a second instance) ends in one PATCH.
 * Recognised after an interruption by one read of the order: the status and
 * the comment, which names the charge and so is this payment's only.
 */
import type { Order } from "../../../service/index.ts";
import { getOrder } from "../../orders/by-number.ts";
import { escapeHtml } from "../../ui/text.ts";
import type { WriteKind } from "../kind.ts";
import { commentChecks } from "./order-comment.ts";
import { changedRecord, type OrderChange } from "./order-record.ts";
import { writeThrough } from "./order-through.ts";

export interface PaymentData {
  orderId: string;
  /** The order's number. */
  title: string;
  status: { id: string; name: string; group?: string };
  registerId: string;
  /** The amount in the CRM's units. */
  amount: number;
  /** nodePay: Telegram and the charge. */
  note: string;
  comment: string;
  chargeId: string;
}

/** How the service holds it: the status entered, and the comment that names the charge. */
export const paymentChecks = (data: Pick<PaymentData, "status" | "comment">, at: number) => [
  { path: "status.id", as: "id" as const, value: data.status.id },
  ...commentChecks(data.comment, at),
];

function changeOf(data: PaymentData): OrderChange {
  return {
    status: data.status,
    payment: { registerId: data.registerId, bank: data.amount, note: data.note },
    comment: data.comment,
  };
}

export const orderPayment: WriteKind<PaymentData, true> = {
  name: "payment",
  async send(client, { sent }) {
    const { orderId, status, registerId, amount, note, comment } = sent.data;
    await client.orders.update(orderId, {
      statusId: status.id,
      cashRegisterId: registerId,
      bank: amount,
      nodePay: note,
      comment,
    });
    return true;
  },
  read: async (client, { sent }, scope) => [await getOrder(client, scope.shopIds, sent.data.orderId)],
  resultOf: () => true,
  async through(ctx, { attempt, record }) {
    const held = ctx.services.mirror?.get(attempt.sent.data.orderId)?.order;
    // A record read by the check has no price (GET /orders/{id}): the held copy's money plus this payment.
    const base = (record as Order | undefined) ?? held;
    if (!base) return {};
    const order = changedRecord(
      { ...base, summ: base.summ ?? held?.summ, cash: held?.cash ?? base.cash },
      changeOf(attempt.sent.data),
      ctx.services.clock.now(),
    );
    await writeThrough(ctx, order, held);
    return { record: order };
  },
  report: async (ctx, { sent }) => ({
    text: ctx.t("payment-recorded-plain", { number: escapeHtml(sent.data.title) }),
  }),
  texts: {
    notLanded: (ctx, sent) => ctx.t("payment-not-landed", { number: escapeHtml(sent.data.title) }),
    unknown: (ctx, sent, reason) => ctx.t("payment-unknown", { number: escapeHtml(sent.data.title), reason }),
  },
};
