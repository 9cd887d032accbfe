/**
 * One custom field, asked with the input its type needs: text, number, date,
 * yes/no, or a choice from its items. Type names differ between accounts, so
 * the kind is guessed from the name (and items make it a choice). Shared by
 * the intake (an order's and a new client's fields) and a client's fix.
 */
import type { CustomFieldDefinition } from "../../service/index.ts";
import type { DialogContext } from "../context.ts";
import { localeOf } from "../i18n.ts";
import { fieldKind } from "../ui/custom-fields.ts";
import { formatDateTime } from "../ui/dates.ts";
import { escapeHtml } from "../ui/text.ts";
import { accept, ask, type DialogRun, indexButtons, pickIndex, reject } from "./ask.ts";
import { dateWords, parseDate, parseNumber } from "./parse.ts";
import { SKIP } from "./prompts.ts";

/** A custom field's answer, with the text to show in the summary (plain JSON: it lives in the replay log). */
export interface FieldAnswer {
  id: string;
  name: string;
  value: string | number | boolean;
  shown: string;
  /** A required field of the form (asked on the main path, not in "other fields"). */
  required?: boolean;
}

/** Asks one field; undefined when the clerk skipped an optional one. */
export async function askCustomField(
  run: DialogRun,
  ctx: DialogContext,
  def: CustomFieldDefinition,
  options: { required: boolean },
): Promise<FieldAnswer | undefined> {
  const kind = fieldKind(def);
  const name = def.name ?? def.id;
  const text = ctx.t(options.required ? "dlg-field-required" : "dlg-field-optional", {
    name: escapeHtml(name),
    hint: ctx.t(`dlg-field-hint-${kind}`),
  });
  const skip = options.required ? [] : [[{ text: ctx.t("dlg-btn-skip"), value: SKIP }]];
  const items = def.items ?? [];
  const { config } = ctx.services;
  const locale = await localeOf(ctx);
  const answer = (value: FieldAnswer["value"], shown: string): FieldAnswer => ({
    id: def.id,
    name,
    value,
    shown,
    required: options.required,
  });

  return ask<FieldAnswer | undefined>(run, ctx, {
    text,
    acceptsText: kind !== "boolean" && kind !== "choice",
    buttons: [
      ...(kind === "boolean"
        ? [
            [
              { text: ctx.t("dlg-btn-yes"), value: "y" },
              { text: ctx.t("dlg-btn-no"), value: "n" },
            ],
          ]
        : []),
      ...(kind === "choice" ? indexButtons(items, (item) => item.name ?? item.id) : []),
      ...skip,
    ],
    parse: (a) => {
      const t = a.ctx.t;
      if (a.kind === "button") {
        if (a.value === SKIP && !options.required) return accept(undefined);
        if (kind === "boolean" && (a.value === "y" || a.value === "n")) {
          return accept(answer(a.value === "y", t(a.value === "y" ? "dlg-yes" : "dlg-no")));
        }
        const item = kind === "choice" ? pickIndex(items, a.value) : undefined;
        return item ? accept(answer(item.id, item.name ?? item.id)) : reject(t("dlg-use-buttons"));
      }
      if (kind === "number") {
        const value = parseNumber(a.text);
        return value === undefined ? reject(t("dlg-bad-number")) : accept(answer(value, String(value)));
      }
      if (kind === "date") {
        const date = parseDate(a.text, {
          locale,
          timezone: config.timezone,
          now: new Date(a.at),
          defaultTime: { hours: 12, minutes: 0 },
          words: dateWords(ctx.services.i18n),
        });
        return date
          ? accept(answer(date.getTime(), formatDateTime(date, locale, config.timezone)))
          : reject(t("dlg-bad-date"));
      }
      return a.text.length > 500
        ? reject(t("dlg-too-long-field", { limit: 500 }))
        : accept(answer(a.text, a.text));
    },
  });
}
