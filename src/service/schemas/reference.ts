import { z } from "zod";
import { bool, id, isObject, type JsonObject, num, record, strings, text } from "./common.ts";

export const orderType = record({ id, name: z.string().optional(), color: z.string().optional() });
export type OrderType = z.output<typeof orderType>;

export const counteragentType = record({ id, name: z.string().optional(), sort: num.optional() });
export type CounteragentType = z.output<typeof counteragentType>;

export const shop = record({
  id,
  name: z.string().optional(),
  address: z.string().optional(),
  color: z.string().optional(),
  phones: strings.optional(),
});
export type Shop = z.output<typeof shop>;

/** An advertising source ("how did the client learn about us"). */
export const howKnow = record({ id, name: z.string().optional(), isRepeat: bool.optional() });
export type HowKnow = z.output<typeof howKnow>;

const statusRole = record({
  id: id.optional(),
  name: z.string().optional(),
  isSet: bool.optional(),
  isChange: bool.optional(),
  isChecked: bool.optional(),
});

const status = record({
  id,
  name: z.string().optional(),
  color: z.string().optional(),
  sort: num.optional(),
  /** Key of the group the status belongs to: new, inWork, wait, finish, closed. */
  group: z.string().optional(),
  groupDescription: z.string().optional(),
  comment: z.string().optional(),
  /** Entering this status demands payment; payment fields are accepted only then. */
  isPayRequired: bool.default(false),
  /** Who may set this status: `{id, name, isSet, isChange, isChecked}` on the real service (ids in older answers); nothing the bot needs, so an odd shape is dropped. */
  roles: z
    .array(z.union([statusRole, text]))
    .optional()
    .catch(undefined),
});
export type Status = z.output<typeof status>;

function groupElements(key: string, group: JsonObject): unknown[] {
  const elements = Array.isArray(group.elements) ? group.elements : [];
  return elements.map((element) =>
    isObject(element)
      ? {
          ...element,
          color: element.color ?? group.color,
          group: key,
          groupDescription: group.description ?? undefined,
        }
      : element,
  );
}

/**
 * GET /statuses answers `{new: {description, color, elements: [...]}, inWork: ...}`;
 * flattened in group order, keeping the order inside each group. A plain array
 * (of statuses, or of groups with a key) is accepted too.
 */
function flattenStatuses(data: unknown): unknown {
  if (Array.isArray(data)) {
    return data.flatMap((item) =>
      isObject(item) && Array.isArray(item.elements)
        ? groupElements(String(item.key ?? item.group ?? item.name ?? ""), item)
        : [item],
    );
  }
  if (isObject(data)) {
    return Object.entries(data).flatMap(([key, group]) => (isObject(group) ? groupElements(key, group) : []));
  }
  return data;
}

export const statusList = z.preprocess(flattenStatuses, z.array(status));

const FIELD_KEYS = {
  id: ["id", "_id", "fieldId", "key"],
  name: ["name", "title", "label"],
  type: ["type", "dataType", "fieldType", "kind"],
  required: ["required", "isRequired", "isRequire", "mandatory", "isMandatory"],
  default: ["default", "defaultValue"],
  items: ["items", "values", "options", "variants", "choices"],
} as const;

function pick(raw: JsonObject, keys: readonly string[]): unknown {
  for (const key of keys) if (raw[key] !== undefined && raw[key] !== null) return raw[key];
  return undefined;
}

function normalizeChoice(raw: unknown): unknown {
  if (typeof raw === "string" || typeof raw === "number") return { id: String(raw), name: String(raw) };
  if (!isObject(raw)) return raw;
  const value = pick(raw, ["id", "value", "key"]);
  return { ...raw, id: value, name: pick(raw, ["name", "title", "label", "value"]) ?? value };
}

function normalizeField(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  const items = pick(raw, FIELD_KEYS.items);
  return {
    ...raw,
    id: pick(raw, FIELD_KEYS.id),
    name: pick(raw, FIELD_KEYS.name),
    type: pick(raw, FIELD_KEYS.type),
    required: pick(raw, FIELD_KEYS.required),
    default: pick(raw, FIELD_KEYS.default),
    items: Array.isArray(items) ? items.map(normalizeChoice) : undefined,
  };
}

const fieldChoice = record({ id: text, name: text.optional() });
export type FieldChoice = z.output<typeof fieldChoice>;

/** Definition of a custom field; key names vary between accounts, so they are normalized. */
export const customFieldDefinition = z.preprocess(
  normalizeField,
  record({
    id,
    name: z.string().optional(),
    type: text.optional(),
    required: bool.default(false),
    default: z.unknown().optional(),
    items: z.array(fieldChoice).optional(),
  }),
);
export type CustomFieldDefinition = z.output<typeof customFieldDefinition>;
