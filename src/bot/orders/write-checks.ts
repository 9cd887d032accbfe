/**
 * What a write sent, kept with its exactly-once marker, and how to find out
 * afterwards whether it reached the service (one read each). The writer asks
 * before a retry after an ambiguous failure; the resume step (write-resume.ts)
 * asks when a dialog is touched after the bot was interrupted mid-write.
 * Everything here is plain data: it survives a restart in the store.
 */
import { isDeepStrictEqual } from "node:util";
import type { Order, ServiceClient } from "../../service/index.ts";
import { getOrder } from "./by-number.ts";

/** How far back before the attempt a created order is looked for (clocks of the bot and the service differ). */
const LOOKBACK_MS = 10 * 60 * 1000;

/** What identifies the order a create sent: a check looks for this, not for the draft as it is later. */
export interface CreateSent {
  kind: "create";
  shopId: string;
  typeId: string;
  counteragentId?: string;
  clientName: string;
  problem: string[];
}

/** A change of one order: the values it sets, and the money it takes with a status. */
export interface ChangeSent {
  kind: "change";
  orderId: string;
  /** The order's number as the clerk saw it (for what the bot says about this write later). */
  title: string;
  status?: { id: string; name: string };
  master?: { id: string; name: string };
  manager?: { id: string; name: string };
  /** Fields of the record the change sets (a deadline, a price), compared as the service returns them. */
  fields?: Record<string, unknown>;
  /** Cash and bank amounts taken with the status. */
  money?: number;
  bank?: number;
}

interface CommentSent {
  kind: "comment";
  orderId: string;
  title: string;
  text: string;
}

export type Sent = CreateSent | ChangeSent | CommentSent;

/** What the service holds after a write that landed: the order (a create's found record, a change's current one). */
export interface Landed {
  order: Order;
}

/**
 * Whether the write `sent` at `at` (Unix ms) is in the service: its order
 * when it is, undefined when it is not. One request.
 */
export async function findLanded(
  client: ServiceClient,
  shopIds: readonly string[],
  sent: Sent,
  at: number,
): Promise<Landed | undefined> {
  if (sent.kind === "create") {
    const order = await findCreated(client, sent, at);
    return order && { order };
  }
  const order = await getOrder(client, shopIds, sent.orderId);
  if (sent.kind === "comment") return hasComment(order, sent.text) ? { order } : undefined;
  return changeIn(order, sent) ? { order } : undefined;
}

/** An order of the workshop made since the attempt that matches what was sent (client, type, faults). */
async function findCreated(client: ServiceClient, sent: CreateSent, at: number): Promise<Order | undefined> {
  const page = await client.orders.list({
    shopId: sent.shopId,
    counteragentId: sent.counteragentId,
    dateCreate: [at - LOOKBACK_MS, null],
    sort: "dateCreate DESC",
    page: 1,
    pageSize: 20,
  });
  const problem = sent.problem.join("\n");
  return page.items.find(
    (order) =>
      order.typeOrder?.id === sent.typeId &&
      (sent.counteragentId !== undefined || order.counteragent?.name === sent.clientName) &&
      (order.problem ?? []).join("\n") === problem,
  );
}

/** Whether the order carries every value the change sets (the status, staff and fields it names). */
function changeIn(order: Order, sent: ChangeSent): boolean {
  if (sent.status && order.status?.id !== sent.status.id) return false;
  if (sent.master && order.master?.id !== sent.master.id) return false;
  if (sent.manager && order.manager?.id !== sent.manager.id) return false;
  const record = order as unknown as Record<string, unknown>;
  return Object.entries(sent.fields ?? {}).every(([key, value]) => isDeepStrictEqual(record[key], value));
}

/** Whether the order's record (where the service lists comments) holds this comment. */
function hasComment(order: Order, text: string): boolean {
  return order.comments?.some((comment) => comment.text === text) ?? false;
}

/** Cash plus bank a change takes (0 without a payment). */
export function takenBy(sent: ChangeSent): number {
  return Math.round(((sent.money ?? 0) + (sent.bank ?? 0)) * 100) / 100;
}
