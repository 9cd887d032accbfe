import { z } from "zod";
import { answer, isObject, type JsonObject, num, record, withoutNulls } from "./common.ts";
import { type FastReader, fastReader, isOwned, SLOW } from "./fast-path.ts";

/**
 * The envelope's usual form read without zod: `{data, ...}` with `total`, `page`,
 * `pageSize` numbers when present, each record read by `item` (a fast reader that
 * checks what the schema checks, fast-path.ts), nulls dropped as `answer()` does.
 * Anything else is SLOW: zod reads it, or names the problem.
 */
function fastEnvelope(body: unknown, readData: (data: unknown, owned: boolean) => unknown): unknown {
  if (!isObject(body) || Object.hasOwn(body, "__proto__")) return SLOW;
  const owned = isOwned(body);
  const out: JsonObject = {};
  for (const key in body) {
    const value = body[key];
    if (value === null) continue;
    if (key === "data") {
      const data = readData(value, owned);
      if (data === SLOW) return SLOW;
      out.data = data;
    } else if (key === "total" || key === "page" || key === "pageSize") {
      if (typeof value !== "number" || !Number.isFinite(value)) return SLOW;
      out[key] = value;
    } else out[key] = withoutNulls(value);
  }
  return out.data === undefined ? SLOW : out;
}

/** `schema`, with the fast reading first when the answer is in its usual form. */
function withFastPath<S extends z.ZodType>(schema: S, fast: (body: unknown) => unknown) {
  return z.transform((body: unknown, ctx): z.output<S> => {
    const read = fast(body);
    if (read !== SLOW) return read as z.output<S>;
    const result = schema.safeParse(body);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.issues.push(issue as (typeof ctx.issues)[number]);
    return z.NEVER;
  });
}

/** A record's fast reader (it reads nulls as absent): `fast` when given, else derived from its schema (fast-path.ts). */
const itemReader = (item: z.ZodType, fast: FastReader | undefined): FastReader => fast ?? fastReader(item);

/**
 * Both envelope styles: `{data, total, page, pageSize, remainRequest, expireDate}`
 * and the older `{data, version, remainRequest, expireDate}`. `fast`: the item's own
 * fast reader (one that is not derived from a plain schema, e.g. the order's).
 */
export function listEnvelope<T extends z.ZodType>(item: T, fast?: FastReader) {
  const full = answer(
    z.preprocess(
      (body) => (Array.isArray(body) ? { data: body } : body), // tolerate a bare array
      record({
        data: z.array(item),
        total: num.optional(),
        page: num.optional(),
        pageSize: num.optional(),
      }),
    ),
  );
  const read = itemReader(item, fast);
  return withFastPath(full, (body) =>
    fastEnvelope(body, (data, owned) => {
      if (!Array.isArray(data)) return SLOW;
      const items: unknown[] = new Array(data.length);
      for (let i = 0; i < data.length; i++) {
        const value = read(data[i], owned);
        if (value === SLOW) return SLOW;
        items[i] = value;
      }
      return items;
    }),
  );
}

/** One record: `{data: {...}}`; a bare record (with an id) is accepted too. */
export function oneEnvelope<T extends z.ZodType>(item: T, fast?: FastReader) {
  const full = answer(
    z.preprocess(
      (body) => (isObject(body) && body.data === undefined && body.id !== undefined ? { data: body } : body),
      record({ data: item }),
    ),
  );
  const read = itemReader(item, fast);
  return withFastPath(full, (body) => fastEnvelope(body, read));
}

/** What every list method returns. */
export interface Page<T> {
  items: T[];
  /** Present when the service counts (not on employee lists). */
  total?: number;
  page: number;
  pageSize: number;
  /** Records the service returned that did not match the query (a filter it ignored), removed. */
  dropped?: number;
}
