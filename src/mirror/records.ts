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

/** Every shared reading decodeHeldOrder made: frozen all the way down, so it never changes. */
const heldReadings = new WeakSet<Order>();

/** Whether `order` is one of the mirror's shared readings: a memo of what is drawn from it never goes stale. */
export function isHeldReading(order: Order): boolean {
  return heldReadings.has(order);
}

/** Records read lately, by their JSON: a lookup reads the same order twice (its number, then its card). */
const recentlyRead = new Map<string, Order>();
const RECENTLY_READ = 512;

/**
 * decodeOrder for the mirror's reads, which hand the same records out again and again:
 * a record whose JSON is one read lately is that reading, not parsed afresh (the least
 * recently used go first). Readings are frozen all the way down, since every reader shares
 * them: a change made to one throws (a Date's setters aside: freezing does not reach them).
 */
export function decodeHeldOrder(json: string): Order {
  const known = recentlyRead.get(json);
  if (known) {
    recentlyRead.delete(json);
    recentlyRead.set(json, known);
    return known;
  }
  const order = deepFreeze(decodeOrder(json));
  heldReadings.add(order);
  if (recentlyRead.size >= RECENTLY_READ) {
    const oldest = recentlyRead.keys().next();
    if (!oldest.done) recentlyRead.delete(oldest.value);
  }
  recentlyRead.set(json, order);
  return order;
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  for (const item of Object.values(value)) deepFreeze(item);
  return Object.freeze(value);
}

/** Any record (an order, a counteragent) as JSON with its dates kept as dates. */
export function encodeRecord(record: object): string {
  return JSON.stringify(record, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    return raw instanceof Date ? { $date: raw.getTime() } : value;
  });
}

export function decodeRecord<T>(json: string): T {
  // A walk after JSON.parse: a reviver costs a call per value, and a lookup reads many records.
  return withDates(JSON.parse(json)) as T;
}

/** `{"$date": ms}` objects back into dates, in place (the value is fresh from JSON.parse). */
function withDates(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = withDates(value[i]);
    return value;
  }
  const record = value as Record<string, unknown>;
  const date = record.$date;
  if (typeof date === "number" && Object.keys(record).length === 1) return new Date(date);
  for (const key in record) {
    const item = record[key];
    // An own "__proto__" key (JSON.parse makes one) is left as it is: assigning it would set the prototype.
    if (item !== null && typeof item === "object" && key !== "__proto__") record[key] = withDates(item);
  }
  return record;
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
