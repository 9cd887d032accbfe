/**
 * Kind "order-delete": one DELETE /orders/{id}. Recognised after an
 * interruption by one read of the order: a record with `isVisible: false`, or
 * a 404, says it landed. Written through: the mirror's copy is marked deleted
 * (lists, search, /my, /overdue, digests and reports leave it out; a lookup
 * says it was deleted), and the bot's log of deletes names who did it.
 */
import { isServiceError, type Order } from "../../../service/index.ts";
import { getOrder } from "../../orders/by-number.ts";
import { deletionsOf } from "../../orders/deletions.ts";
import { escapeHtml } from "../../ui/text.ts";
import type { FieldCheck } from "../checks.ts";
import type { WriteKind } from "../kind.ts";
import { writeThrough } from "./order-through.ts";

export interface DeleteData {
  orderId: string;
  /** The order's number as the clerk saw it. */
  title: string;
  shopId?: string;
  client?: string;
  device?: string;
  /** Who deletes it (the bot's log names them). */
  by: { id: number; name: string };
}

/** The one read's answer as the check sees it: deleted or not. */
export const deleteChecks: FieldCheck[] = [{ path: "deleted", as: "bool", value: true }];

export const orderDelete: WriteKind<DeleteData, true> = {
  name: "order-delete",
  async send(client, { sent }) {
    await client.orders.delete(sent.data.orderId);
    return true;
  },
  async read(client, { sent }, scope) {
    try {
      const order = await getOrder(client, scope.shopIds, sent.data.orderId);
      return [{ deleted: order.isVisible === false, order }];
    } catch (error) {
      // Gone altogether: deleted.
      if (isServiceError(error) && error.kind === "not_found") return [{ deleted: true }];
      throw error;
    }
  },
  resultOf: () => true,
  ownBefore: ({ sent }) => [{ order: sent.data.orderId, kind: "deleted" }],
  async through(ctx, { attempt, record, base }) {
    const { data } = attempt.sent;
    const read = (record as { order?: Order } | undefined)?.order;
    const before = read ?? (base as Order | undefined);
    if (before) await writeThrough(ctx, { ...before, isVisible: false });
    await deletionsOf(ctx.services.store)
      .record({
        orderId: data.orderId,
        number: data.title,
        shopId: data.shopId,
        client: data.client,
        device: data.device,
        by: data.by,
        at: attempt.at,
      })
      .catch((error: unknown) => ctx.log.warn({ err: String(error) }, "a delete not logged"));
    return before ? { record: { ...before, isVisible: false } } : {};
  },
  report: async (ctx, { sent, afterAll }) => ({
    text: ctx.t(`od-deleted-${afterAll ? "after-all" : "before"}`, { order: escapeHtml(sent.data.title) }),
  }),
  texts: {
    notLanded: (ctx, sent) => ctx.t("od-not-sent", { order: escapeHtml(sent.data.title) }),
    unknown: (ctx, sent, reason) => ctx.t("od-unknown", { order: escapeHtml(sent.data.title), reason }),
  },
};
