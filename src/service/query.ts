/**
 * Query-string encoding. Date ranges go as one bracketed pair of Unix ms with
 * `null` for an open bound (`dateCreate=[1700000000000,null]`, URL-encoded);
 * arrays per the client's ArrayFormat; booleans as `true`/`false`.
 */

/**
 * How array parameters (statusIds, howKnowIds, cashRegisterIds) are written:
 * - "brackets": `statusIds[]=a&statusIds[]=b` (the default: unambiguous for one
 *   element and for values with commas, and what qs-style servers parse natively)
 * - "comma": `statusIds=a,b`
 * - "repeat": `statusIds=a&statusIds=b`
 */
export type ArrayFormat = "comma" | "brackets" | "repeat";
export const DEFAULT_ARRAY_FORMAT: ArrayFormat = "brackets";

type DateRangeValue = readonly [number | null, number | null];
type QueryValue = string | number | boolean | readonly string[] | DateRangeValue | undefined;
export type QueryParams = Record<string, QueryValue>;

function isDateRange(value: readonly string[] | DateRangeValue): value is DateRangeValue {
  return value.length === 2 && value.every((bound) => bound === null || typeof bound === "number");
}

function encodeQuery(params: QueryParams, format: ArrayFormat): string {
  const parts: string[] = [];
  const add = (key: string, value: string) =>
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (!Array.isArray(value)) {
      add(key, String(value));
    } else if (isDateRange(value)) {
      add(key, `[${value[0] ?? "null"},${value[1] ?? "null"}]`);
    } else if (value.length > 0) {
      if (format === "comma")
        parts.push(`${encodeURIComponent(key)}=${value.map(encodeURIComponent).join(",")}`);
      else for (const item of value) add(format === "brackets" ? `${key}[]` : key, item);
    }
  }
  return parts.join("&");
}

/** Path with the query appended when there is one. */
export function withQuery(path: string, params: QueryParams | undefined, format: ArrayFormat): string {
  const query = params ? encodeQuery(params, format) : "";
  return query ? `${path}?${query}` : path;
}
