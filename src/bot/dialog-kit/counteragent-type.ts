/**
 * The default counteragent type: the first by `sort`, else the first listed
 * (docs/decisions.md, "Bot"). A new client gets it, and its required custom
 * fields are asked; every dialog that makes a client takes it from here.
 */
import type { CounteragentType, CustomFieldDefinition } from "../../service/index.ts";
import type { ReferenceCache } from "../crm/reference-cache.ts";

export function defaultCounteragentType(types: readonly CounteragentType[]): CounteragentType | undefined {
  const sorted = [...types].sort(
    (a, b) => (a.sort ?? Number.MAX_SAFE_INTEGER) - (b.sort ?? Number.MAX_SAFE_INTEGER),
  );
  return sorted[0];
}

/** The default type and its required fields, from the reference cache (no request when warm). */
export async function defaultClientForm(
  reference: Pick<ReferenceCache, "counteragentTypes" | "counteragentTypeFields">,
): Promise<{ typeId?: string; fields: CustomFieldDefinition[] }> {
  const type = defaultCounteragentType(await reference.counteragentTypes());
  if (!type) return { fields: [] };
  const fields = await reference.counteragentTypeFields(type.id);
  return { typeId: type.id, fields: fields.filter((field) => field.required) };
}
