import { z } from "zod";

/**
 * Building blocks of the tolerant answer schemas: the service omits fields, sends
 * null for "none", numbers as strings now and then, and ISO or millisecond dates.
 */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Unix ms from an ISO string, a number or a numeric string; undefined when unreadable. */
export function toMillis(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string") return undefined;
  const utc = utcIsoMillis(value);
  if (utc !== undefined) return utc;
  const text = value.trim();
  if (text === "") return undefined;
  const ms = /^-?\d+$/.test(text) ? Number(text) : Date.parse(text);
  return Number.isFinite(ms) ? ms : undefined;
}

const digitsAt = (text: string, from: number, count: number): number => {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
};

/**
 * The service's own form, `2026-12-04T18:17:21.821Z` (or without the milliseconds),
 * read by hand: Date.parse takes ~0.4 µs a date, and a list of 50 orders has 100 of
 * them. Anything else (an offset, a year before 100, an hour 24) is left to
 * Date.parse; within this form the answer is Date.parse's, days 29-31 rolling
 * over as V8's do.
 */
function utcIsoMillis(text: string): number | undefined {
  const length = text.length;
  if ((length !== 24 && length !== 20) || text.charCodeAt(length - 1) !== 90 /* Z */) return undefined;
  if (text[4] !== "-" || text[7] !== "-" || text[10] !== "T" || text[13] !== ":" || text[16] !== ":") {
    return undefined;
  }
  if (length === 24 && text[19] !== ".") return undefined;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  const ms = length === 24 ? digitsAt(text, 20, 3) : 0;
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > 31 || ms < 0) return undefined;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return undefined;
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}

/**
 * Drops null-valued keys from every object of an answer, in one pass, so "null"
 * reads as "absent" everywhere. Objects and arrays without nulls are returned as
 * they are: the common answer costs a walk, not a copy.
 */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const clean = withoutNulls(item);
      if (clean !== item) {
        out ??= [...value];
        out[i] = clean;
      }
    }
    return out ?? value;
  }
  if (!isObject(value)) return value;
  // Built key by key from the first change on, never with `delete` (a deleted key
  // turns an object into a slow dictionary one for every later read); Object.keys
  // walks objects fresh from JSON.parse about twice as fast as for-in.
  let out: JsonObject | undefined;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const item = value[key];
    const clean = item === null ? undefined : withoutNulls(item);
    if (out === undefined) {
      if (clean === item) continue;
      out = {};
      for (let j = 0; j < i; j++) out[keys[j] as string] = value[keys[j] as string];
    }
    if (clean !== undefined) out[key] = clean;
  }
  return out ?? value;
}

/**
 * The schema of a whole answer body: nulls dropped once (see withoutNulls), then
 * `schema`. Records inside are plain objects that never see a null.
 */
export function answer<T extends z.ZodType>(schema: T) {
  return z.preprocess(withoutNulls, schema);
}

/** An object that keeps unknown keys; parse it inside `answer()`, which has dropped the nulls. */
export function record<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.looseObject(shape);
}

/*
 * The scalar readers below take the usual form first, as is; only the rarer form
 * (a numeric id, a numeric string, ...) pays for a conversion.
 */

/** Ids are opaque strings; a numeric id is read as its string. */
export const id = z.union([z.string(), z.number().transform(String)]);

/** A number that may arrive as a numeric string. */
export const num = z.union([
  z.number(),
  z
    .string()
    .regex(/^\s*-?\d+(\.\d+)?\s*$/)
    .transform(Number),
]);

export const bool = z.union([
  z.boolean(),
  z.enum(["true", "false"]).transform((value) => value === "true"),
  z.literal([0, 1]).transform((value) => value === 1),
]);

/** Text that may arrive as a number (e.g. approximatePrice). */
export const text = z.union([z.string(), z.number().transform(String)]);

/** A date as ISO string or Unix ms; an unreadable value becomes absent instead of failing the answer. */
export const date = z.unknown().transform((value) => {
  const ms = toMillis(value);
  return ms === undefined ? undefined : new Date(ms);
});

/** A list of strings; a single string becomes a one-element list. */
export const strings = z.union([
  z.array(text),
  z.string().transform((value) => (value === "" ? [] : [value])),
]);

/** `{id, name}` reference to another record. */
export const ref = record({ id: id.optional(), name: z.string().optional() });
export type Ref = z.output<typeof ref>;

/** A custom field value as sent and returned: `{id, value}`. */
export const customFieldValue = record({ id: id, value: z.unknown() });
export type CustomFieldValue = z.output<typeof customFieldValue>;

/** The older flat shape's key names for `targets`: `statusId`, `statusName`, ... */
export const flatKeysOf = (targets: readonly string[]): string[] =>
  targets.flatMap((target) => [`${target}Id`, `${target}Name`]);

/**
 * Maps the older flat shape into the nested one: `statusId` -> `status.id`,
 * `statusName` -> `status.name`, a string `manager` -> `manager.name`. The flat
 * key names are built once; a record already in the nested shape is returned as is.
 */
export function liftRefs(targets: readonly string[]): (raw: JsonObject) => JsonObject {
  const refs = targets.map((target) => ({
    target,
    flat: [
      [`${target}Id`, "id"],
      [`${target}Name`, "name"],
    ] as const,
  }));
  const flatKeys = new Set<string>(flatKeysOf(targets));
  // Runs on every record: one pass over its own keys (most records have fewer keys than the
  // flat names looked for, and a missing key is the slow lookup), plain loops, no closures.
  const isFlat = (raw: JsonObject): boolean => {
    // A null flat key is no flat field: `answer()` and the fast reader both drop it.
    for (const key in raw) if (flatKeys.has(key) && raw[key] !== undefined && raw[key] !== null) return true;
    for (const target of targets) if (typeof raw[target] === "string") return true;
    return false;
  };

  return (raw) => {
    if (!isFlat(raw)) return raw;
    const out: JsonObject = { ...raw };
    for (const { target, flat } of refs) {
      let nested: JsonObject | undefined;
      const current = out[target];
      if (isObject(current)) nested = { ...current };
      else if (typeof current === "string") nested = { name: current };
      for (const [flatKey, field] of flat) {
        const value = out[flatKey];
        if (value === undefined) continue;
        delete out[flatKey];
        if (value === null) continue;
        nested ??= {};
        nested[field] ??= value;
      }
      if (nested) out[target] = nested;
    }
    return out;
  };
}
