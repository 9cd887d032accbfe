/**
 * Custom field values `{id, value}` checked against the definitions of an
 * order or counteragent type: known id, value of the field's type, required
 * fields present. A missing required field with a default value gets the
 * default (as a form would prefill it); without a default it is a 400.
 */
import { badRequest } from "./errors.ts";
import type { CustomValue, FieldDef } from "./model.ts";

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

function checkValue(field: FieldDef, value: unknown): void {
  if (isEmpty(value)) return;
  const ok =
    field.type === "string"
      ? typeof value === "string"
      : field.type === "number" || field.type === "date"
        ? typeof value === "number" && Number.isFinite(value)
        : field.type === "boolean"
          ? typeof value === "boolean"
          : typeof value === "string" && field.items.some((item) => item.id === value);
  if (!ok)
    throw badRequest(
      `Incorrect field customFields: wrong value for "${field.name}" (${field.id}, ${field.type})`,
    );
}

/** Merges `changes` into `current` and checks the result against `defs`. */
export function applyCustomFields(
  defs: readonly FieldDef[],
  current: readonly CustomValue[],
  changes: readonly CustomValue[],
  owner: string,
): CustomValue[] {
  const byId = new Map(current.filter((v) => defs.some((d) => d.id === v.id)).map((v) => [v.id, v.value]));
  for (const change of changes) {
    const field = defs.find((d) => d.id === change.id);
    if (!field) throw badRequest(`Incorrect field customFields: unknown field ${change.id} for ${owner}`);
    checkValue(field, change.value);
    byId.set(change.id, change.value);
  }
  for (const field of defs) {
    if (!field.isRequired || !isEmpty(byId.get(field.id))) continue;
    if (field.defaultValue !== null) byId.set(field.id, field.defaultValue);
    else throw badRequest(`Field "${field.name}" (${field.id}) is required for ${owner}`);
  }
  return [...byId].filter(([, value]) => !isEmpty(value)).map(([id, value]) => ({ id, value }));
}
