/**
 * Query parsing and the list conventions of the interface (4.1): page and
 * pageSize defaults and limits, the 10 000 reachable elements, `<field> ASC|DESC`
 * sorts, date ranges `[start,end]` with null bounds, booleans and arrays in
 * every common encoding (comma-joined, `x[]=` repeats, plain repeats, JSON).
 */

import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_REACHABLE } from "../contract/lists.ts";
import { badRequest, incorrectField } from "./errors.ts";

export class Query {
  readonly params: URLSearchParams;
  constructor(params: URLSearchParams) {
    this.params = params;
  }

  /** Every raw value of a parameter, under `name` and `name[]`. */
  raw(name: string): string[] {
    return [...this.params.getAll(name), ...this.params.getAll(`${name}[]`)];
  }

  has(name: string): boolean {
    return this.raw(name).length > 0;
  }

  string(name: string): string | undefined {
    const values = this.raw(name);
    if (values.length > 1) throw incorrectField(name);
    return values[0];
  }

  /** A non-empty string, or undefined when absent or empty. */
  text(name: string): string | undefined {
    const value = this.string(name)?.trim();
    return value ? value : undefined;
  }

  boolean(name: string): boolean | undefined {
    const value = this.string(name);
    if (value === undefined || value === "") return undefined;
    if (value === "true" || value === "1") return true;
    if (value === "false" || value === "0") return false;
    throw incorrectField(name);
  }

  integer(name: string, min: number): number | undefined {
    const value = this.string(name);
    if (value === undefined || value === "") return undefined;
    if (!/^-?\d+$/.test(value.trim())) throw incorrectField(name);
    const number = Number(value);
    if (!Number.isSafeInteger(number) || number < min) throw incorrectField(name);
    return number;
  }

  /** An array of strings in any common encoding; undefined when absent. */
  array(name: string): string[] | undefined {
    const values = this.raw(name);
    if (values.length === 0) return undefined;
    const out: string[] = [];
    for (const value of values) {
      const trimmed = value.trim();
      if (trimmed.startsWith("[")) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(trimmed);
        } catch {
          throw incorrectField(name);
        }
        if (!Array.isArray(parsed)) throw incorrectField(name);
        for (const item of parsed) {
          if (typeof item !== "string" && typeof item !== "number") throw incorrectField(name);
          out.push(String(item));
        }
      } else {
        out.push(...trimmed.split(",").map((part) => part.trim()));
      }
    }
    return out.filter((item) => item !== "");
  }

  /**
   * A date range: exactly two Unix-millisecond bounds, null (or empty) for an
   * open bound. Accepts `[a,b]`, `a,b` and two repeated values.
   */
  dateRange(name: string): DateRange | undefined {
    const values = this.raw(name);
    if (values.length === 0) return undefined;
    let parts: string[];
    if (values.length === 1) {
      const value = (values[0] ?? "").trim();
      const inner = value.startsWith("[") && value.endsWith("]") ? value.slice(1, -1) : value;
      parts = inner.split(",");
    } else {
      parts = values;
    }
    if (parts.length !== 2) throw badRequest(`Incorrect field ${name}: a range of two dates is required`);
    const [from, to] = parts.map((part) => parseBound(name, part));
    if (from !== null && to !== null && from !== undefined && to !== undefined && from > to) {
      throw badRequest(`Incorrect field ${name}: start after end`);
    }
    return { from: from ?? null, to: to ?? null };
  }
}

interface DateRange {
  from: number | null;
  to: number | null;
}

function parseBound(name: string, part: string): number | null {
  const value = part.trim().replace(/^"|"$/g, "");
  if (value === "" || value === "null") return null;
  if (!/^-?\d+$/.test(value)) throw incorrectField(name);
  return Number(value);
}

export function inRange(value: number | null, range: DateRange | undefined): boolean {
  if (!range) return true;
  if (value === null) return false;
  return (range.from === null || value >= range.from) && (range.to === null || value <= range.to);
}

export interface Page {
  page: number;
  pageSize: number;
}

/** page and pageSize with defaults 1 and 10; pageSize <= 50; page * pageSize <= 10 000. */
export function parsePage(query: Query): Page {
  const page = query.integer("page", 1) ?? 1;
  const pageSize = query.integer("pageSize", 1) ?? DEFAULT_PAGE_SIZE;
  if (pageSize > MAX_PAGE_SIZE) throw badRequest(`Incorrect field pageSize: maximum is ${MAX_PAGE_SIZE}`);
  if (page * pageSize > MAX_REACHABLE) {
    throw badRequest(`page * pageSize must not exceed ${MAX_REACHABLE}: change the filter or the sort`);
  }
  return { page, pageSize };
}

export function slicePage<T>(items: readonly T[], page: Page): T[] {
  const start = (page.page - 1) * page.pageSize;
  return items.slice(start, start + page.pageSize);
}

interface Sort {
  field: string;
  descending: boolean;
}

/** `<field> ASC|DESC` with the field from the endpoint's list; 400 otherwise. */
export function parseSort(query: Query, allowed: readonly string[], fallback: Sort): Sort {
  const value = query.text("sort");
  if (value === undefined) return fallback;
  const match = /^(\w+)\s+(ASC|DESC)$/i.exec(value);
  if (!match?.[1] || !match[2] || !allowed.includes(match[1])) {
    throw badRequest(`Incorrect field sort: unsupported sort "${value}"`);
  }
  return { field: match[1], descending: match[2].toUpperCase() === "DESC" };
}

export type SortKey = string | number | boolean | null | undefined;

/**
 * Sorts by a key; empty values last in both directions, ties broken by the
 * id so pages are stable.
 */
export function sortBy<T extends { id: string }>(
  items: T[],
  key: (item: T) => SortKey,
  descending: boolean,
): T[] {
  const keyed = items.map((item) => ({ item, key: key(item) }));
  const dir = descending ? -1 : 1;
  keyed.sort((a, b) => {
    const aEmpty = a.key === null || a.key === undefined || a.key === "";
    const bEmpty = b.key === null || b.key === undefined || b.key === "";
    if (aEmpty || bEmpty) {
      if (aEmpty && bEmpty) return a.item.id < b.item.id ? -1 : 1;
      return aEmpty ? 1 : -1;
    }
    const cmp = compare(a.key, b.key);
    if (cmp !== 0) return cmp * dir;
    return (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0) * dir;
  });
  return keyed.map((entry) => entry.item);
}

const collator = new Intl.Collator("ru");

function compare(a: SortKey, b: SortKey): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}
