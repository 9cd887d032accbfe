/**
 * Kind "change": one PATCH of an order setting any of a status (with the money
 * taken with it), a master, a manager, and fields an edit changed. Recognised
 * after an interruption by one read of the order, each value compared as the
 * service stores it. The status, master and manager it sets are noted as the
 * author's own before the request; the mirror gets only what it changed.
 */
import type { Order, OrderUpdateInput } from "../../../service/index.ts";
import { getOrder } from "../../orders/by-number.ts";
import type { OwnChange } from "../../state/own-changes.ts";
import { formatAmount } from "../../ui/money.ts";
import { escapeHtml } from "../../ui/text.ts";
import type { WriteKind } from "../kind.ts";
import { changedRecord, type OrderChange } from "./order-record.ts";
import { writeThrough } from "./order-through.ts";
import { withCard } from "./order-view.ts";

/** The request and what the bot says about it later, kept with the marker. */
export interface ChangeData {
  orderId: string;
  /** The order's number as the clerk saw it. */
  title: string;
  input: OrderUpdateInput;
  /** The change itself (names for the report, the payment's amounts). */
  change: OrderChange;
}

export const orderChange: WriteKind<ChangeData, true> = {
  name: "change",
  async send(client, { sent }) {
    await client.orders.update(sent.data.orderId, sent.data.input);
    return true;
  },
  read: async (client, { sent }, scope) => [await getOrder(client, scope.shopIds, sent.data.orderId)],
  resultOf: () => true,
  ownBefore: ({ sent }) => ownOf(sent.data.orderId, sent.data.change),
  async through(ctx, { attempt, record, base }) {
    const { change } = attempt.sent.data;
    if (record) {
      await writeThrough(ctx, record as Order);
      return { record };
    }
    if (!base) return {};
    // Only what the change wrote goes onto the mirror's record: what others changed meanwhile stays.
    const order = changedRecord(base as Order, change, ctx.services.clock.now());
    await writeThrough(ctx, order, base as Order);
    return { record: order };
  },
  async report(ctx, { sent, record, afterAll }) {
    const order = record as Order | undefined;
    const { change, title } = sent.data;
    const now: string[] = [];
    if (change.status)
      now.push(ctx.t("write-now-status", { status: escapeHtml(order?.status?.name ?? change.status.name) }));
    const taken = Math.round(((change.payment?.money ?? 0) + (change.payment?.bank ?? 0)) * 100) / 100;
    if (taken > 0)
      now.push(
        ctx.t("write-now-taken", {
          amount: ctx.t("money", { amount: formatAmount(taken, ctx.locale) }),
        }),
      );
    if (change.master)
      now.push(ctx.t("write-now-master", { name: escapeHtml(order?.master?.name ?? change.master.name) }));
    if (change.manager)
      now.push(ctx.t("write-now-manager", { name: escapeHtml(order?.manager?.name ?? change.manager.name) }));
    if (change.fields && change.fields.keys.length > 0)
      now.push(ctx.t("write-now-fields", { count: change.fields.keys.length }));
    const head = ctx.t(`write-changed-${afterAll ? "after-all" : "before"}`, { order: escapeHtml(title) });
    const bullet = ctx.t("write-bullet");
    return withCard(ctx, [head, ...now.map((line) => `${bullet} ${line}`)].join("\n"), order);
  },
  texts: {
    notLanded: (ctx, sent) => ctx.t("write-not-sent-change", { order: escapeHtml(sent.data.title) }),
    unknown: (ctx, sent, reason) =>
      ctx.t("write-unknown-change", { order: escapeHtml(sent.data.title), reason }),
  },
};

/** The status, master and manager a change sets: its author is not told of them. */
function ownOf(order: string, change: OrderChange): OwnChange[] {
  const own: OwnChange[] = [];
  if (change.status) own.push({ order, kind: "status", to: change.status.id });
  if (change.master) own.push({ order, kind: "master", to: change.master.id });
  if (change.manager) own.push({ order, kind: "manager", to: change.manager.id });
  return own;
}
