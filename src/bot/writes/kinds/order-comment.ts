/**
 * Kind "comment": one PATCH adding a comment to an order. Recognised after an
 * interruption by one read of the order: its comments hold the text. The
 * mirror's copy lists it at once when the mirror holds the order.
 */
import type { Order } from "../../../service/index.ts";
import { getOrder } from "../../orders/by-number.ts";
import { escapeHtml } from "../../ui/text.ts";
import type { FieldCheck } from "../checks.ts";
import type { WriteKind } from "../kind.ts";
import { heldOrder, writeThrough } from "./order-through.ts";
import { withCard } from "./order-view.ts";

export interface CommentData {
  orderId: string;
  /** The order's number as the clerk saw it. */
  title: string;
  text: string;
}

/** How far before the attempt its comment may be dated (the bot's and the service's clocks differ). */
const COMMENT_LOOKBACK_MS = 10 * 60 * 1000;

/**
 * The order's comments hold the text, dated since shortly before `at` (Unix ms, when it is sent): the
 * same words written on an earlier day are not this write (it would never be sent).
 */
export const commentChecks = (text: string, at: number): FieldCheck[] => [
  { path: "comments", as: "includes", value: [text], since: at - COMMENT_LOOKBACK_MS },
];

export const orderComment: WriteKind<CommentData, true> = {
  name: "comment",
  async send(client, { sent }) {
    await client.orders.update(sent.data.orderId, { comment: sent.data.text });
    return true;
  },
  read: async (client, { sent }, scope) => [await getOrder(client, scope.shopIds, sent.data.orderId)],
  resultOf: () => true,
  async through(ctx, { attempt, record }) {
    if (record) {
      await writeThrough(ctx, record as Order);
      return { record };
    }
    const { orderId, text } = attempt.sent.data;
    const held = heldOrder(ctx, orderId);
    if (!held) return {};
    const order = { ...held, comments: [...(held.comments ?? []), { text }] };
    await writeThrough(ctx, order, held);
    return { record: order };
  },
  report: (ctx, { sent, record, afterAll }) =>
    withCard(
      ctx,
      ctx.t(`write-commented-${afterAll ? "after-all" : "before"}`, { order: escapeHtml(sent.data.title) }),
      record as Order | undefined,
    ),
  texts: {
    notLanded: (ctx, sent) => ctx.t("write-not-sent-comment", { order: escapeHtml(sent.data.title) }),
    unknown: (ctx, sent, reason) =>
      ctx.t("write-unknown-comment", { order: escapeHtml(sent.data.title), reason }),
  },
};
