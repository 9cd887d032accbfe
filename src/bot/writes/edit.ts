/**
 * An edit, by construction: it starts from the record the service holds (a
 * `Full` record, read whole), sends only the fields that differ from it, and
 * a list the user adds to is sent as the service's list plus the new items
 * (never the new items alone), unless the user chose to replace it. The same
 * fields become the checks that recognise the write after an interruption.
 */
import { type FieldCheck, holdsAll, valueAt } from "./checks.ts";

declare const FULL: unique symbol;
/**
 * A record as the service holds it, read whole (GET of the one record), not a
 * list's partial copy: the only base an edit of its fields starts from.
 */
export type Full<T> = T & { readonly [FULL]: true };

/** Marks a record read whole from the service (the reader's GET of one record). */
export const asFull = <T>(record: T): Full<T> => record as Full<T>;

/** One field the user set, as the request sends it. */
export type FieldEdit =
  | { key: string; as: "text"; value: string }
  | { key: string; as: "bool"; value: boolean }
  /** Unix ms. */
  | { key: string; as: "date"; value: number }
  /** Sent as given (the service may take amounts as text). */
  | { key: string; as: "amount"; value: string | number }
  /** `add`: these items join the service's list; `replace`: the list becomes these items. */
  | { key: string; as: "list"; value: string[]; mode: "add" | "replace" };

export interface EditDiff {
  /** The request's fields: only what differs from the base. */
  input: Record<string, unknown>;
  /** The record's fields after the write (dates as Date), for the card and the mirror. */
  record: Record<string, unknown>;
  /** How the write is recognised in the service later. */
  checks: FieldCheck[];
  /** The keys that change. */
  keys: string[];
}

/** What of `edits` differs from `base`; nothing (keys empty) when the base holds it all already. */
export function diffEdits(base: Full<object>, edits: readonly FieldEdit[]): EditDiff {
  const diff: EditDiff = { input: {}, record: {}, checks: [], keys: [] };
  for (const edit of edits) {
    const held = valueAt(base, edit.key);
    const sent = sentValue(edit, held);
    const check = checkOf(edit.key, edit, sent);
    if (holdsAll(base, [check])) continue;
    diff.input[edit.key] = sent;
    diff.record[edit.key] = edit.as === "date" ? new Date(edit.value) : sent;
    diff.checks.push(check);
    diff.keys.push(edit.key);
  }
  return diff;
}

/** The value sent for `edit`: an added-to list is the held list plus the new items. */
function sentValue(edit: FieldEdit, held: unknown): unknown {
  if (edit.as !== "list") return edit.as === "text" ? edit.value.trim() : edit.value;
  const items = edit.value.map((item) => item.trim()).filter(Boolean);
  if (edit.mode === "replace") return items;
  const before = Array.isArray(held) ? held.filter((item): item is string => typeof item === "string") : [];
  return [...before, ...items.filter((item) => !before.includes(item))];
}

function checkOf(path: string, edit: FieldEdit, sent: unknown): FieldCheck {
  switch (edit.as) {
    case "text":
      return { path, as: "text", value: sent as string };
    case "bool":
      return { path, as: "bool", value: edit.value };
    case "date":
      return { path, as: "date", value: edit.value };
    case "amount":
      return { path, as: "amount", value: Number(String(edit.value).replace(/\s/g, "").replace(",", ".")) };
    case "list":
      // Added to: the items must be there (others may have joined meanwhile); replaced: the list is these.
      return { path, as: edit.mode === "add" ? "includes" : "list", value: sent as string[] };
  }
}
