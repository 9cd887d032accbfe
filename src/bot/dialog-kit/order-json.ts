/**
 * Orders cross the dialog's storage as JSON (enter arguments, external
 * results): dates become strings there. `reviveOrder` turns them back into
 * Dates so the card formatter sees the client's normalized shape again.
 */
import type { Order } from "../../service/index.ts";

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
