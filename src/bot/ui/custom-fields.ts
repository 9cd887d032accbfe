/**
 * Custom fields as a clerk reads them: the kind a field's definition implies
 * (type names differ between accounts, so it is guessed from the name; items
 * make it a choice), and an order's values as card lines ("Адрес выезда: ...").
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import type { Locale } from "../../config/index.ts";
import type { CustomFieldDefinition, CustomFieldValue } from "../../service/index.ts";
import { formatDateTime } from "./dates.ts";

type FieldKind = "text" | "number" | "date" | "boolean" | "choice";

export function fieldKind(def: CustomFieldDefinition): FieldKind {
  if (def.items && def.items.length > 0) return "choice";
  const type = (def.type ?? "").toLowerCase();
  if (/bool|check|flag/.test(type)) return "boolean";
  if (/num|int|float|decimal|money|price/.test(type)) return "number";
  if (/date|time/.test(type)) return "date";
  return "text";
}

export interface CardField {
  name: string;
  value: string;
}

interface ValueFormat {
  t: TranslateFunction;
  locale: Locale;
  timezone: string;
}

/**
 * The filled fields of an order, named by their definitions; a value without a
 * known definition is left out (an id says nothing to a clerk), as are empty ones.
 */
export function cardFields(
  values: readonly CustomFieldValue[] | undefined,
  definitions: readonly CustomFieldDefinition[] | undefined,
  format: ValueFormat,
): CardField[] {
  const fields: CardField[] = [];
  for (const { id, value } of values ?? []) {
    const def = definitions?.find((d) => d.id === id);
    const text = def && valueText(value, def, format);
    if (def && text) fields.push({ name: def.name ?? def.id, value: text });
  }
  return fields;
}

function valueText(value: unknown, def: CustomFieldDefinition, format: ValueFormat): string | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  switch (fieldKind(def)) {
    case "choice": {
      const item = def.items?.find((i) => i.id === String(value));
      return item?.name ?? String(value);
    }
    case "boolean":
      if (typeof value === "boolean" || value === "true" || value === "false")
        return format.t(value === true || value === "true" ? "dlg-yes" : "dlg-no");
      return undefined;
    case "date": {
      const date = typeof value === "number" || typeof value === "string" ? new Date(value) : undefined;
      return date && !Number.isNaN(date.getTime())
        ? formatDateTime(date, format.locale, format.timezone)
        : undefined;
    }
    default:
      return typeof value === "string" || typeof value === "number"
        ? String(value).trim() || undefined
        : undefined;
  }
}
