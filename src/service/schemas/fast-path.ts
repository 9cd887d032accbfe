/**
 * A fast reader for records already in their usual form, derived from the zod
 * schema itself so the two cannot drift apart. It checks what the schema
 * checks (every field's type, required fields present, objects are objects)
 * and gives the same output; a record with anything unusual (a numeric id, a
 * numeric string, a flat shape, an unreadable date, a field the reader does
 * not know how to check) is left to zod, which reads it or names the problem.
 * A list of 50 orders then costs a walk per record instead of zod's ~40
 * schema calls per record. Readers take records as the service sends them,
 * nulls included, and read a null as `answer()` does: as absent.
 *
 * A reader copies a record whose fields read differently (its dates, say), unless
 * it is told the record is `owned`: an answer the transport has just parsed from
 * its text, which nothing else holds (readOwned). That one is written over in place,
 * which spares a list of 50 orders 50 copies. A reading interrupted by SLOW leaves
 * some fields read; zod reads a read field as it read the raw one.
 */
import type { z } from "zod";
import { bool, date, id, isObject, num, strings, text, toMillis, withoutNulls } from "./common.ts";

/** The value could not be read the fast way: zod decides. */
export const SLOW: unique symbol = Symbol("slow");
/** `owned`: the value may be written over (see above). */
export type FastReader = (value: unknown, owned?: boolean) => unknown;

/** The answer body the transport is reading now; its readers may write over it. */
let ownedNow: unknown;
/**
 * Runs the (synchronous) reading of a body fresh from JSON.parse, which nothing else
 * holds: its readers may write over it. A variable, not a WeakSet: one add per answer
 * was a measurable share of a small answer's reading.
 */
export function readOwned<T>(body: unknown, read: () => T): T {
  // `read` must read `body` once: a schema that tried it twice (a union's second branch)
  // would see the first try's dates. Every envelope the transport is given reads it once.
  const before = ownedNow;
  ownedNow = body;
  try {
    return read();
  } finally {
    ownedNow = before;
  }
}
export const isOwned = (body: unknown): boolean => body !== undefined && body === ownedNow;

interface Def {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  checks?: unknown[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { def: Def }).def;

const asString: FastReader = (value) => (typeof value === "string" ? value : SLOW);
const asNumber: FastReader = (value) => (typeof value === "number" && Number.isFinite(value) ? value : SLOW);
const asBoolean: FastReader = (value) => (typeof value === "boolean" ? value : SLOW);
const asDate: FastReader = (value) => {
  const ms = toMillis(value);
  return ms === undefined ? SLOW : new Date(ms);
};
const asStrings: FastReader = (value) => {
  if (!Array.isArray(value)) return SLOW;
  for (const item of value) if (typeof item !== "string") return SLOW;
  return value;
};
const asAnything: FastReader = withoutNulls;
const slow: FastReader = () => SLOW;

/**
 * The fast reader of a schema built from common.ts's blocks; `slow` for anything else.
 * `slowKeys`: top-level keys that send the record to zod when present (an older
 * shape's flat fields, which the schema's own preprocessing lifts).
 */
export function fastReader(schema: z.ZodType, slowKeys: readonly string[] = []): FastReader {
  if (schema === id || schema === text) return asString;
  if (schema === num) return asNumber;
  if (schema === bool) return asBoolean;
  if (schema === date) return asDate;
  if (schema === strings) return asStrings;
  const def = defOf(schema);
  if (def.type === "string" && (def.checks?.length ?? 0) === 0) return asString;
  if (def.type === "unknown") return asAnything;
  if (def.type === "array" && def.element) {
    const element = fastReader(def.element);
    return (value, owned) => {
      if (!Array.isArray(value)) return SLOW;
      let out: unknown[] | undefined; // copied only when an element reads differently
      for (let i = 0; i < value.length; i++) {
        const read = element(value[i], owned);
        if (read === SLOW) return SLOW;
        if (read !== value[i]) {
          out ??= owned ? value : [...value];
          out[i] = read;
        }
      }
      return out ?? value;
    };
  }
  if (def.type === "object" && def.shape && def.catchall && defOf(def.catchall).type === "unknown") {
    return objectReader(def.shape, slowKeys);
  }
  return slow;
}

/** A loose object: known fields read (optional ones may be absent), the others kept as they are. */
function objectReader(shape: Record<string, z.ZodType>, slowKeys: readonly string[]): FastReader {
  // One lookup a key: its reader, or SLOW for a key that sends the record to zod.
  const fields = new Map<string, FastReader | typeof SLOW>();
  const required: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const def = defOf(field);
    const optional = def.type === "optional";
    fields.set(key, fastReader(optional && def.innerType ? def.innerType : field));
    if (!optional) required.push(key);
  }
  for (const key of slowKeys) fields.set(key, SLOW);
  // A record is copied only once a field reads differently (a date, a null dropped
  // as `answer()` drops it), and an owned one only for a null: the copy is built key
  // by key, never with `delete`, which would turn it into a slow dictionary object.
  // Object.keys walks a record fresh from JSON.parse about twice as fast as for-in.
  return (value, owned) => {
    if (!isObject(value)) return SLOW;
    for (let i = 0; i < required.length; i++) {
      const item = value[required[i] as string];
      if (item === undefined || item === null) return SLOW;
    }
    const keys = Object.keys(value);
    let out: Record<string, unknown> | undefined;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      // JSON.parse makes "__proto__" an own key: zod's reading keeps it off the prototype.
      if (key === "__proto__") return SLOW;
      const item = value[key];
      if (item === undefined) return SLOW;
      const read = fields.get(key);
      let result: unknown;
      // Strings are most fields: checked here, without a call through `read`.
      if (item === null) result = DROP;
      else if (read === asString) result = typeof item === "string" ? item : SLOW;
      else if (read === undefined) result = typeof item === "object" ? withoutNulls(item) : item;
      else if (read === SLOW) return SLOW;
      else result = read(item, owned);
      if (result === SLOW) return SLOW;
      if (out === undefined) {
        if (result === item) continue;
        if (owned && result !== DROP) {
          value[key] = result;
          continue;
        }
        out = copyBefore(value, keys, i); // an owned record's earlier fields are read already
      }
      if (result !== DROP) out[key] = result;
    }
    return out ?? value;
  };
}

/** Marks a null field: absent from the reading, as `answer()` reads it. */
const DROP: unique symbol = Symbol("drop");

/** The first `count` of `keys` of `value`, as they are (they read unchanged). */
function copyBefore(value: Record<string, unknown>, keys: string[], count: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const key = keys[i] as string;
    out[key] = value[key];
  }
  return out;
}
