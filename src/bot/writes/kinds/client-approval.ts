/**
 * Kind "client-approval": a client's answer to an estimate in one tap (the
 * client's side, CLIENTS=on): ONE PATCH /orders/{id} moving the order to the
 * approved (or declined) status with a comment naming the amount. Recognised
 * after an interruption by one read of the order: that status and the comment.
 * Written through to the mirror with the client as its author, so staff who
 * follow the order are told as of any change.
 */
import type { Order } from "../../../service/index.ts";
import { getOrder } from "../../orders/by-number.ts";
import { escapeHtml } from "../../ui/text.ts";
import type { FieldCheck } from "../checks.ts";
import type { WriteKind } from "../kind.ts";
import { heldOrder, writeThrough } from "./order-through.ts";

type Decision = "approved" | "declined";

export interface ApprovalData {
  orderId: string;
  /** The order's number as the client saw it. */
  title: string;
  status: { id: string; name: string; group?: string };
  comment: string;
  decision: Decision;
  amount: number;
  /** The amount as the client reads it ("3 500"). */
  amountText: string;
}

export interface Decided {
  decision: Decision;
  amount: number;
}

export const approvalChecks = (statusId: string, comment: string): FieldCheck[] => [
  { path: "status.id", as: "id", value: statusId },
  { path: "comments", as: "includes", value: [comment] },
];

export const clientApproval: WriteKind<ApprovalData, Decided> = {
  name: "client-approval",
  async send(client, { sent }) {
    const { orderId, status, comment, decision, amount } = sent.data;
    await client.orders.update(orderId, { statusId: status.id, comment });
    return { decision, amount };
  },
  read: async (client, { sent }, scope) => [await getOrder(client, scope.shopIds, sent.data.orderId)],
  resultOf: (_record, { sent }) => ({ decision: sent.data.decision, amount: sent.data.amount }),
  async through(ctx, { attempt, record }) {
    if (record) {
      await writeThrough(ctx, record as Order);
      return { record };
    }
    const { orderId, status, comment } = attempt.sent.data;
    const held = heldOrder(ctx, orderId);
    if (!held) return {};
    const order: Order = {
      ...held,
      status: { id: status.id, name: status.name, type: status.group },
      comments: [...(held.comments ?? []), { text: comment }],
    };
    await writeThrough(ctx, order, held);
    return { record: order };
  },
  report: async (ctx, { sent }) => ({
    text: ctx.t(`client-${sent.data.decision}`, {
      number: escapeHtml(sent.data.title),
      amount: sent.data.amountText,
    }),
  }),
  texts: {
    notLanded: (ctx) => ctx.t("client-approval-failed"),
    unknown: (ctx, sent) => ctx.t("client-approval-unsure", { number: escapeHtml(sent.data.title) }),
  },
};
