/**
 * Kind "create": a new order (POST). Recognised after an interruption by one
 * read of the workshop's orders made since the attempt (the client's, when
 * known), the one of the type, client and faults that were sent. Its author is
 * not told of it; the mirror holds it at once; the report names its number.
 */
import { asWrite, type Order, type OrderCreateInput } from "../../../service/index.ts";
import { callAs } from "../../crm/call.ts";
import { getOrder } from "../../orders/by-number.ts";
import { learnedOf } from "../../state/learned.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import type { FieldCheck } from "../checks.ts";
import type { WriteKind } from "../kind.ts";
import { writeThrough } from "./order-through.ts";
import { withCard } from "./order-view.ts";

/** How far back before the attempt a created order is looked for (clocks of the bot and the service differ). */
const LOOKBACK_MS = 10 * 60 * 1000;

/** What identifies the order a create sent: a check looks for this, not for the draft as it is later. */
export interface CreateSent {
  shopId: string;
  typeId: string;
  counteragentId?: string;
  clientName: string;
  problem: string[];
}

/** The request, kept with the marker. */
export interface CreateData extends CreateSent {
  input: OrderCreateInput;
}

/** The new order as the create answered it: its id, its number when known, when it was made (Unix ms). */
export interface Created {
  id: string;
  number?: string;
  num?: number;
  at: number;
}

/** The record the card shows when the number is known without a read (what the clerk entered). */
export type DraftRecord = (created: Created) => Order;

/** The order is recognised by its type, its client and its faults. */
export function createChecks(sent: CreateSent): FieldCheck[] {
  return [
    { path: "typeOrder.id", as: "id", value: sent.typeId },
    sent.counteragentId === undefined
      ? { path: "counteragent.name", as: "text", value: sent.clientName }
      : { path: "counteragent.id", as: "id", value: sent.counteragentId },
    { path: "problem", as: "list", value: sent.problem },
  ];
}

export const orderCreate: WriteKind<CreateData, Created> = {
  name: "create",
  async send(client, { sent, at }) {
    const answer = await client.orders.create(sent.data.shopId, sent.data.input);
    return { id: answer.id, number: answer.number, num: answer.num, at };
  },
  async read(client, { sent, at }, scope, result) {
    if (result) return [await getOrder(client, scope.shopIds, result.id)];
    const page = await client.orders.list({
      shopId: sent.data.shopId,
      counteragentId: sent.data.counteragentId,
      dateCreate: [at - LOOKBACK_MS, null],
      sort: "dateCreate DESC",
      page: 1,
      pageSize: 20,
    });
    return page.items;
  },
  resultOf(record, { at }) {
    const order = record as Order;
    return { id: order.id, number: order.number, num: order.num, at };
  },
  // Known once created: a sync that finds the order before the write-through does not tell its author.
  ownAfter: (_attempt, created) => [{ order: created.id, kind: "created" }],
  async through(ctx, { result, record, base }) {
    let order = record as Order | undefined;
    if (!order && result.number && typeof base === "function") order = (base as DraftRecord)(result);
    if (!order) {
      // The number exists only in the service: one read.
      // Part of the write: this read may use the write reserve (service/purpose.ts).
      const read = await callAs(ctx, (client) =>
        asWrite(() => getOrder(client, ctx.services.config.shopIds, result.id)),
      );
      if (!read.ok) return { note: read.message };
      order = read.value;
      await learnedOf(ctx.services.store).fromOrders([order]);
    }
    await writeThrough(ctx, order);
    return { record: order };
  },
  report(ctx, { record, result, afterAll }) {
    const order = record as Order | undefined;
    const number = escapeHtml(order ? orderTitle(order) : (result?.number ?? "—"));
    return withCard(ctx, ctx.t(`write-created-${afterAll ? "after-all" : "before"}`, { number }), order);
  },
  texts: {
    notLanded: (ctx) => ctx.t("write-not-sent-create"),
    unknown: (ctx, _sent, reason) => ctx.t("write-unknown-create", { reason }),
  },
};
