/**
 * How a write is recognised in the service after an interruption: each field
 * it sent, compared as the service stores that field. A check is plain data
 * (it is kept with the write's marker and survives a restart), so every kind
 * is checked by the same code: a date typed as a Date, read back as JSON (an
 * ISO string) or as milliseconds is one moment; "4500" and 4500.00 are one
 * amount; a list the user added to has the added items; a reference is its id.
 */

/** One field of what a write sent, as the service will hold it. `path`: dotted, into the record. */
export type FieldCheck =
  | { path: string; as: "id"; value: string }
  | { path: string; as: "text"; value: string }
  | { path: string; as: "bool"; value: boolean }
  /** Unix ms; the service may keep seconds only. */
  | { path: string; as: "date"; value: number }
  | { path: string; as: "amount"; value: number }
  /** The list as it must be, item by item. */
  | { path: string; as: "list"; value: string[] }
  /**
   * Items the list must hold (among others): an added comment, items added to a list. `since` (Unix
   * ms): an item dated before it (a comment's `date`) is an older one with the same words, not this write.
   */
  | { path: string; as: "includes"; value: string[]; since?: number };

/** Whether `record` holds every field `checks` names, each compared as the service stores it. */
export function holdsAll(record: unknown, checks: readonly FieldCheck[]): boolean {
  return checks.every((check) => holds(valueAt(record, check.path), check));
}

/** The value at a dotted path (`status.id`), undefined where any part is missing. */
export function valueAt(record: unknown, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function holds(stored: unknown, check: FieldCheck): boolean {
  switch (check.as) {
    case "id":
      return idOf(stored) === check.value;
    case "text":
      return textOf(stored) === check.value.trim();
    case "bool":
      return (stored ?? false) === check.value;
    case "date": {
      const at = msOf(stored);
      // Within the second: a service that keeps seconds has still stored this moment.
      return at !== undefined && Math.abs(at - check.value) < 1000;
    }
    case "amount": {
      const amount = amountOf(stored);
      return amount !== undefined && Math.abs(amount - check.value) < 0.005;
    }
    case "list": {
      const items = itemsOf(stored);
      const wanted = check.value.map((item) => item.trim());
      return items.length === wanted.length && items.every((item, index) => item === wanted[index]);
    }
    case "includes": {
      const items = new Set(itemsOf(stored, check.since));
      return check.value.every((item) => items.has(item.trim()));
    }
  }
}

/** A reference as the service returns it (`{id, name}`) or its bare id. */
function idOf(stored: unknown): string | undefined {
  if (typeof stored === "string" || typeof stored === "number") return String(stored);
  if (stored && typeof stored === "object" && "id" in stored) return idOf((stored as { id: unknown }).id);
  return undefined;
}

function textOf(stored: unknown): string {
  return typeof stored === "string" || typeof stored === "number" ? String(stored).trim() : "";
}

/** A moment as a Date, milliseconds, seconds or a date string. */
export function msOf(stored: unknown): number | undefined {
  if (stored instanceof Date) return Number.isNaN(stored.getTime()) ? undefined : stored.getTime();
  if (typeof stored === "number" && Number.isFinite(stored)) return stored < 1e11 ? stored * 1000 : stored;
  if (typeof stored === "string" && stored.trim() !== "") {
    const at = /^\d+$/.test(stored) ? msOf(Number(stored)) : Date.parse(stored);
    return at !== undefined && Number.isFinite(at) ? at : undefined;
  }
  return undefined;
}

/** An amount as a number or as text ("4 500", "4500,50"). */
function amountOf(stored: unknown): number | undefined {
  if (typeof stored === "number") return Number.isFinite(stored) ? stored : undefined;
  if (typeof stored !== "string") return undefined;
  const amount = Number(stored.replace(/\s/g, "").replace(",", "."));
  return stored.trim() !== "" && Number.isFinite(amount) ? amount : undefined;
}

/**
 * A list's items as text: strings, or records with a `text` (comments) or a `name`; with `since`,
 * records dated before it are left out (an undated item counts: its age is unknown).
 */
function itemsOf(stored: unknown, since?: number): string[] {
  if (!Array.isArray(stored)) return [];
  const recent = (item: unknown) => {
    if (since === undefined || !item || typeof item !== "object") return true;
    const at = msOf((item as { date?: unknown }).date);
    return at === undefined || at >= since;
  };
  return stored.filter(recent).map((item) => {
    if (item && typeof item === "object") {
      const { text, name } = item as { text?: unknown; name?: unknown };
      return textOf(text ?? name);
    }
    return textOf(item);
  });
}
