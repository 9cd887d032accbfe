/**
 * The summary an editing dialog comes back to: each field with its value now
 * (✏️ where the clerk changed it), one button per field, and ✅ Save (or
 * "Done" when nothing changed). The diagnosis is built on it; so is any card
 * that edits a record's fields (a client's, ...). Texts are the caller's.
 */
import type { DialogContext } from "../context.ts";
import { accept, ask, type Button, type DialogRun, reject } from "./ask.ts";

export const SAVE = "save";

interface SummaryField<F extends string> {
  key: F;
  /** The field's name (plain). */
  label: string;
  /** Its value now (HTML, escaped; the caller's "—" when empty). */
  value: string;
  changed: boolean;
  /** The field's button. */
  button: string;
}

export interface FieldSummary<F extends string> {
  /** The first line (HTML). */
  title: string;
  /** The line under the fields. */
  hint: string;
  fields: readonly SummaryField<F>[];
  /** The button's text when something changed (Save), and when nothing did (Done). */
  save: string;
  close: string;
  perRow?: number;
}

/** The field the clerk picked, or SAVE. */
export function askFieldSummary<F extends string>(
  run: DialogRun,
  ctx: DialogContext,
  summary: FieldSummary<F>,
): Promise<F | typeof SAVE> {
  const lines = summary.fields.map((field) =>
    ctx.t(field.changed ? "kit-summary-changed" : "kit-summary-line", {
      label: field.label,
      value: field.value,
    }),
  );
  const perRow = summary.perRow ?? 2;
  const buttons: Button[][] = [];
  summary.fields.forEach((field, index) => {
    if (index % perRow === 0) buttons.push([]);
    buttons.at(-1)?.push({ text: field.button, value: field.key });
  });
  const changed = summary.fields.some((field) => field.changed);
  buttons.push([{ text: changed ? summary.save : summary.close, value: SAVE }]);
  return ask<F | typeof SAVE>(run, ctx, {
    text: [summary.title, "", ...lines, "", summary.hint].join("\n"),
    buttons,
    parse: (a) => {
      if (a.kind !== "button") return reject(a.ctx.t("dlg-use-buttons"));
      if (a.value === SAVE) return accept(SAVE);
      const field = summary.fields.find((f) => f.key === a.value);
      return field ? accept(field.key) : reject(a.ctx.t("dlg-use-buttons"));
    },
  });
}
