/**
 * Every PATCH /counteragents starts from the record as the service holds it at
 * that moment (issue 33.1): the interface requires the default form's four
 * fields (name, type, buyer, vendor) and, for a type whose form was changed,
 * its required custom fields. They are taken from a read made right before the
 * PATCH, never from a copy kept earlier (a link's form, a card read minutes
 * ago), so what the shop changed meanwhile is sent back as it now is.
 *
 * Custom fields: every field the record holds a value for is sent back as held
 * (the type's required ones among them, whatever the type is now): a value the
 * service holds, sent back, changes nothing, and a service that replaces the
 * whole list loses none. Only `change` differs from what the service holds.
 */
import type { Counteragent, CounteragentUpdateInput } from "../../../service/index.ts";

/** What a write changes on a counteragent: any of the PATCH's fields. */
export type CounteragentChange = Partial<CounteragentUpdateInput>;

const hasValue = (value: unknown) => value !== undefined && value !== null && value !== "";

/** The PATCH body: `fresh`'s required fields and held custom fields, `change` over them; undefined without a name or a type. */
export function patchOver(
  fresh: Counteragent,
  change: CounteragentChange,
  fallbackTypeId?: string,
): CounteragentUpdateInput | undefined {
  const name = change.name ?? fresh.name;
  const typeCounteragentId = change.typeCounteragentId ?? fresh.typeCounteragent?.id ?? fallbackTypeId;
  if (!name?.trim() || !typeCounteragentId) return undefined;
  const changed = new Set((change.customFields ?? []).map((field) => field.id));
  const held = (fresh.customFields ?? [])
    .filter((field) => hasValue(field.value) && !changed.has(field.id))
    .map((field) => ({ id: field.id, value: field.value }));
  const customFields = [...held, ...(change.customFields ?? [])];
  return {
    ...change,
    name,
    typeCounteragentId,
    isBuyer: change.isBuyer ?? fresh.isBuyer ?? true,
    isVendor: change.isVendor ?? fresh.isVendor ?? false,
    customFields: customFields.length > 0 ? customFields : undefined,
  };
}

/** A field's value as compared: text trimmed ("" for none), flags false, the rating 0, lists as lists. */
function comparable(key: string, value: unknown): string {
  if (key === "isBuyer") return JSON.stringify(value ?? true);
  if (key.startsWith("is")) return JSON.stringify(value ?? false);
  if (key === "rating") return JSON.stringify(value ?? 0);
  if (key === "phones") return JSON.stringify(Array.isArray(value) ? value : []);
  return JSON.stringify(typeof value === "string" ? value.trim() : (value ?? ""));
}

/** The value of a change's key in a record (`howKnowId` is the record's `howKnow.id`; `cf:<id>` a custom field's). */
function heldValue(record: Counteragent, key: string): unknown {
  if (key === "howKnowId") return record.howKnow?.id;
  if (key === "typeCounteragentId") return record.typeCounteragent?.id;
  if (key.startsWith("cf:")) return record.customFields?.find((field) => field.id === key.slice(3))?.value;
  return (record as Record<string, unknown>)[key];
}

/** The keys of a change as compared: the plain fields, and each custom field as `cf:<id>`. */
function changeKeys(change: CounteragentChange): string[] {
  const plain = Object.keys(change).filter(
    (key) => key !== "customFields" && change[key as keyof CounteragentChange] !== undefined,
  );
  return [...plain, ...(change.customFields ?? []).map((field) => `cf:${field.id}`)];
}

/** The value `change` sets for a key of `changeKeys`. */
function changeValue(change: CounteragentChange, key: string): unknown {
  if (key.startsWith("cf:")) return change.customFields?.find((field) => field.id === key.slice(3))?.value;
  return change[key as keyof CounteragentChange];
}

/** Each changed key's value in the record the user started from (kept with the write, to compare later). */
export function baseOf(start: Counteragent, change: CounteragentChange): Record<string, unknown> {
  return Object.fromEntries(changeKeys(change).map((key) => [key, heldValue(start, key) ?? null]));
}

/**
 * The keys someone else changed meanwhile to something other than this change: the service's
 * value differs from the start's and from the change's own. Those are not overwritten.
 */
export function conflictsOf(
  fresh: Counteragent,
  change: CounteragentChange,
  base: Record<string, unknown>,
): string[] {
  return changeKeys(change).filter((key) => {
    if (!(key in base)) return false;
    const now = comparable(key, heldValue(fresh, key));
    return now !== comparable(key, base[key]) && now !== comparable(key, changeValue(change, key));
  });
}
