/**
 * Orders crossing storage as JSON (dialog arguments, the inline cache, saved
 * search results): dates become strings there. `reviveOrder` turns them back
 * into Dates so the card formatter sees the client's normalized shape again.
 * `cardRecord` keeps only what a card and a list label show, for storage.
 */
import type { Order } from "../../service/index.ts";
import { deviceText } from "../ui/order-card.ts";

const DATE_FIELDS = [
  "dateCreate",
  "lastAction",
  "dateFinish",
  "dateClose",
  "deadline",
  "statusDeadline",
] as const;

export function reviveOrder(raw: unknown): Order {
  const order = { ...(raw as Order) };
  const mutable = order as Record<string, unknown>;
  for (const field of DATE_FIELDS) {
    const value = mutable[field];
    if (typeof value === "string" || typeof value === "number") {
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) delete mutable[field];
      else mutable[field] = date;
    }
  }
  return order;
}

/** Plain fields the card (formatOrderCard, orderSummary, the keyboard) reads. */
const CARD_FIELDS = [
  "id",
  "number",
  "num",
  ...DATE_FIELDS,
  "sn",
  "problem",
  "approximatePrice",
  // The note, kept by the client as an unknown field (see noteText in order-card.ts).
  "node",
  "orderNode",
] as const;

/**
 * The part of a list record a card shows: the device as the card words it, no
 * ids of references (but the status id, for the status group), no colours,
 * ratings, zero sums or flags nobody reads. About a fifth smaller than the
 * record (most of what stays is text the card shows); its card reads the same.
 */
export function cardRecord(order: Order): Order {
  const source = order as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of CARD_FIELDS) if (source[field] !== undefined) out[field] = source[field];
  const device = deviceText(order);
  if (device !== undefined) out.device = device;
  if (order.isUrgent) out.isUrgent = true;
  const named = (ref: { name?: string | undefined } | undefined) =>
    ref?.name === undefined ? undefined : { name: ref.name };
  const refs = {
    status: order.status && { id: order.status.id, name: order.status.name },
    typeOrder: named(order.typeOrder),
    shop: named(order.shop),
    manager: named(order.manager),
    master: named(order.master),
    counteragent: order.counteragent && { name: order.counteragent.name, phones: order.counteragent.phones },
    // The card shows sums above zero only.
    cash: order.cash?.summ ? { summ: order.cash.summ } : undefined,
    summ: order.summ?.price ? { price: order.summ.price } : undefined,
  };
  for (const [key, value] of Object.entries(refs)) {
    if (value === undefined) continue;
    // JSON drops undefined members anyway; dropping them here keeps memory stores equal to files and Redis.
    out[key] = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
  }
  return out as Order;
}
