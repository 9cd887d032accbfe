/**
 * One custom field, asked with the input its type needs: text, number, date,
 * yes/no, or a choice from its items. Type names differ between accounts, so
 * the kind is guessed from the name (and items make it a choice).
 */
import type { CustomFieldDefinition } from "../../../service/index.ts";
import type { DialogContext } from "../../context.ts";
import { accept, ask, type DialogRun, indexButtons, pickIndex, reject } from "../../dialog-kit/ask.ts";
import { dateWords, parseDate, parseNumber } from "../../dialog-kit/parse.ts";
import { SKIP } from "../../dialog-kit/prompts.ts";
import { localeOf } from "../../i18n.ts";
import { fieldKind } from "../../ui/custom-fields.ts";
import { formatDateTime } from "../../ui/dates.ts";
import { escapeHtml } from "../../ui/text.ts";
import { type FieldAnswer, nameOf } from "./draft.ts";

/** Asks one field; undefined when the clerk skipped an optional one. */
export async function askField(
  run: DialogRun,
  ctx: DialogContext,
  def: CustomFieldDefinition,
  options: { required: boolean },
): Promise<FieldAnswer | undefined> {
  const kind = fieldKind(def);
  const name = nameOf(def);
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
