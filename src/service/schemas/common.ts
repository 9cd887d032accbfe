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
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const text = value.trim();
  const ms = /^-?\d+$/.test(text) ? Number(text) : Date.parse(text);
  return Number.isFinite(ms) ? ms : undefined;
}

/** Drops null-valued keys so "null" reads as "absent" everywhere. */
function dropNulls(value: unknown): unknown {
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) if (item !== null) out[key] = item;
  return out;
}

/** An object that keeps unknown keys and treats null values as absent. */
export function record<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.preprocess(dropNulls, z.looseObject(shape));
}

/** Ids are opaque strings; a numeric id is read as its string. */
export const id = z.union([z.string(), z.number()]).transform(String);

/** A number that may arrive as a numeric string. */
export const num = z.union([z.number(), z.string().regex(/^\s*-?\d+(\.\d+)?\s*$/)]).transform(Number);

export const bool = z
  .union([z.boolean(), z.enum(["true", "false"]), z.literal(0), z.literal(1)])
  .transform((value) => value === true || value === "true" || value === 1);

/** Text that may arrive as a number (e.g. approximatePrice). */
export const text = z.union([z.string(), z.number()]).transform(String);

/** A date as ISO string or Unix ms; an unreadable value becomes absent instead of failing the answer. */
export const date = z.unknown().transform((value) => {
  const ms = toMillis(value);
  return ms === undefined ? undefined : new Date(ms);
});

/** A list of strings; a single string becomes a one-element list. */
export const strings = z
  .union([z.array(z.union([z.string(), z.number()])), z.string()])
  .transform((value) => (Array.isArray(value) ? value.map(String) : value === "" ? [] : [value]));

/** `{id, name}` reference to another record. */
export const ref = record({ id: id.optional(), name: z.string().optional() });
export type Ref = z.output<typeof ref>;

/** A custom field value as sent and returned: `{id, value}`. */
export const customFieldValue = record({ id: id, value: z.unknown() });
export type CustomFieldValue = z.output<typeof customFieldValue>;

/**
 * Maps the older flat shape into the nested one in place: `statusId` -> `status.id`,
 * `statusName` -> `status.name`, a string `manager` -> `manager.name`.
 */
export function liftRefs(raw: JsonObject, targets: readonly string[]): JsonObject {
  const out: JsonObject = { ...raw };
  for (const target of targets) {
    let nested: JsonObject | undefined;
    const current = out[target];
    if (isObject(current)) nested = { ...current };
    else if (typeof current === "string") nested = { name: current };
    for (const [flatKey, field] of [
      [`${target}Id`, "id"],
      [`${target}Name`, "name"],
    ] as const) {
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
}
