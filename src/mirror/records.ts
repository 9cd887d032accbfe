/**
 * An order record in and out of the database: JSON with dates kept as dates
 * (`{"$date": ms}`), so a record read back is the same `Order` the client gave.
 */
import type { Order } from "../service/index.ts";
import type { MirrorChange } from "./types.ts";

export function encodeOrder(order: Order): string {
  return encodeRecord(order);
}

export function decodeOrder(json: string): Order {
  return decodeRecord<Order>(json);
}

/** Any record (an order, a counteragent) as JSON with its dates kept as dates. */
export function encodeRecord(record: object): string {
  return JSON.stringify(record, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    return raw instanceof Date ? { $date: raw.getTime() } : value;
  });
}

export function decodeRecord<T>(json: string): T {
  return JSON.parse(json, (_key, value: unknown) => {
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      const date = (value as { $date?: unknown }).$date;
      if (typeof date === "number" && Object.keys(value).length === 1) return new Date(date);
    }
    return value;
  }) as T;
}

/** The numeric part: `num` when the record has it, else the digits of `number` (list records lack `num`). */
export function numOf(order: Order): number | undefined {
  if (order.num !== undefined && Number.isSafeInteger(order.num)) return order.num;
  const digits = /(\d+)\D*$/.exec(order.number ?? "")?.[1];
  return digits === undefined ? undefined : Number(digits);
}

/** A device line for search and cards: the list's `device`, else type, brand and model. */
export function deviceOf(order: Order): string {
  if (order.device) return order.device;
  return [order.typeDevice, order.brand, order.model].filter(Boolean).join(" ");
}

/** A change as JSON (the log, the feed): its order encoded as above. */
export function encodeChange(change: MirrorChange): string {
  return JSON.stringify({ ...change, order: encodeOrder(change.order) });
}

export function decodeChange(json: string): MirrorChange {
  const body = JSON.parse(json) as Omit<MirrorChange, "order" | "detectedAt"> & {
    order: string;
    detectedAt: string;
  };
  return { ...body, order: decodeOrder(body.order), detectedAt: new Date(body.detectedAt) };
}
