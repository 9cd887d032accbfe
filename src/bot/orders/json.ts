/**
 * Orders crossing storage as JSON (dialog arguments, the inline cache, saved
 * search results): dates become strings there. `reviveOrder` reads them through
 * the client's order schema, so the card formatter sees the normalized shape again.
 * `cardRecord` keeps only what a card and a list label show, for storage.
 */
import { z } from "zod";
import { type Order, storedOrder } from "../../service/index.ts";
import { deviceText } from "../ui/order-card.ts";

const DATE_FIELDS = [
  "dateCreate",
  "lastAction",
  "dateFinish",
  "dateClose",
  "deadline",
  "statusDeadline",
] as const;

/** A stored order through the client's order schema; throws on a record that is none (no id). */
export function reviveOrder(raw: unknown): Order {
  return storedOrder.parse(raw);
}

/** Stored orders, each revived; a foreign entry is dropped rather than failing the rest. */
function reviveOrders(raw: readonly unknown[]): Order[] {
  return raw.flatMap((item) => {
    const parsed = storedOrder.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Stored orders in a zod schema (saved lists, the inline cache): revived as reviveOrders does. */
export const storedOrders = z.array(z.unknown()).transform(reviveOrders);

/** Plain fields the card (formatOrderCard, orderSummary, the keyboard) reads. */
const CARD_FIELDS = [
  "id",
  "number",
  "num",
  ...DATE_FIELDS,
  "sn",
  "problem",
  "approximatePrice",
  // The note, under either name (see noteText in order-card.ts).
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
    status: order.status && { id: order.status.id, name: order.status.name, type: order.status.type },
    typeOrder: named(order.typeOrder),
    shop: named(order.shop),
    manager: named(order.manager),
    master: named(order.master),
    counteragent: order.counteragent && { name: order.counteragent.name, phones: order.counteragent.phones },
    // The card shows sums above zero only.
    cash: order.cash?.summ ? { summ: order.cash.summ } : undefined,
    // The price after discount too: what is left to pay is computed from it.
    summ: order.summ?.price ? { price: order.summ.price, soldPrice: order.summ.soldPrice } : undefined,
  };
  for (const [key, value] of Object.entries(refs)) {
    if (value === undefined) continue;
    // JSON drops undefined members anyway; dropping them here keeps memory stores equal to files and Redis.
    out[key] = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
  }
  return out as Order;
}
