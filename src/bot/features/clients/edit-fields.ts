/**
 * The fields of a client's fix, as data: what a fix may change, the client as
 * it will be, which fields differ, the PATCH it sends and each field's line in
 * the summary. How each field is asked: edit-steps.ts.
 */

import type { Counteragent, CustomFieldDefinition } from "../../../service/index.ts";
import { onOff, ratingMark } from "../../clients/card.ts";
import type { DialogContext } from "../../context.ts";
import type { FieldAnswer } from "../../dialog-kit/ask-custom-field.ts";
import { cutText, escapeHtml } from "../../ui/text.ts";
import type { CounteragentChange } from "../../writes/kinds/counteragent-patch.ts";

/** What a fix may change: the fields of PATCH /counteragents/{id} it sends besides the four always sent. */
export interface ClientChanges {
  name?: string;
  phones?: string[];
  email?: string;
  address?: string;
  node?: string;
  rating?: -1 | 0 | 1;
  isBuyer?: boolean;
  isVendor?: boolean;
  isSendSms?: boolean;
  isSendEmail?: boolean;
  isSendTelegram?: boolean;
  howKnow?: { id: string; name: string };
  /** Custom fields answered, by id. */
  fields?: Record<string, FieldAnswer>;
}

export const CLIENT_FIELDS = [
  "name",
  "phones",
  "email",
  "address",
  "rating",
  "roles",
  "messages",
  "source",
  "note",
  "custom",
] as const;
export type ClientField = (typeof CLIENT_FIELDS)[number];

/** The client as it will be: the record with the changes over it. */
export function mergedClient(client: Counteragent, changes: ClientChanges): Counteragent {
  const { fields, howKnow, ...plain } = changes;
  const customFields = fields
    ? [
        ...(client.customFields ?? []).filter((f) => !(f.id in fields)),
        ...Object.values(fields).map((f) => ({ id: f.id, value: f.value })),
      ]
    : client.customFields;
  return { ...client, ...plain, howKnow: howKnow ?? client.howKnow, customFields };
}

/** Which fields differ from the record (the summary marks them ✏️). */
export function changedFields(client: Counteragent, changes: ClientChanges): Set<ClientField> {
  const out = new Set<ClientField>();
  const differs = (a: unknown, b: unknown) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
  if (changes.name !== undefined && changes.name !== client.name) out.add("name");
  if (changes.phones && differs(changes.phones, client.phones ?? [])) out.add("phones");
  if (changes.email !== undefined && changes.email !== (client.email ?? "")) out.add("email");
  if (changes.address !== undefined && changes.address !== (client.address ?? "")) out.add("address");
  if (changes.node !== undefined && changes.node !== (client.node ?? "")) out.add("note");
  if (changes.rating !== undefined && changes.rating !== (client.rating ?? 0)) out.add("rating");
  if (
    (changes.isBuyer !== undefined && changes.isBuyer !== (client.isBuyer ?? false)) ||
    (changes.isVendor !== undefined && changes.isVendor !== (client.isVendor ?? false))
  )
    out.add("roles");
  for (const key of ["isSendSms", "isSendEmail", "isSendTelegram"] as const)
    if (changes[key] !== undefined && changes[key] !== (client[key] ?? false)) out.add("messages");
  if (changes.howKnow && changes.howKnow.id !== client.howKnow?.id) out.add("source");
  if (changes.fields && Object.keys(changes.fields).length > 0) out.add("custom");
  return out;
}

/**
 * What the fix changes, and nothing else: the PATCH takes the required fields (and the held
 * custom fields) from the service's record read right before it (writes/kinds/counteragent-patch.ts),
 * so another user's change meanwhile is kept. The custom fields answered are sent as answered.
 */
export function clientInput(client: Counteragent, changes: ClientChanges): CounteragentChange {
  const now = mergedClient(client, changes);
  const changed = changedFields(client, changes);
  const differs = (key: "isBuyer" | "isVendor" | "isSendSms" | "isSendEmail" | "isSendTelegram") =>
    changes[key] !== undefined && changes[key] !== (client[key] ?? false) ? changes[key] : undefined;
  const customFields = Object.values(changes.fields ?? {}).map((f) => ({ id: f.id, value: f.value }));
  return {
    name: changed.has("name") ? now.name?.trim() || client.id : undefined,
    isBuyer: differs("isBuyer"),
    isVendor: differs("isVendor"),
    phones: changed.has("phones") ? now.phones : undefined,
    email: changed.has("email") ? now.email : undefined,
    address: changed.has("address") ? now.address : undefined,
    node: changed.has("note") ? now.node : undefined,
    rating: changed.has("rating") ? (now.rating as -1 | 0 | 1) : undefined,
    isSendSms: differs("isSendSms"),
    isSendEmail: differs("isSendEmail"),
    isSendTelegram: differs("isSendTelegram"),
    howKnowId: changed.has("source") ? now.howKnow?.id : undefined,
    customFields: customFields.length > 0 ? customFields : undefined,
  };
}

/** The summary's line of a field: its value now (HTML, escaped); "—" when empty. */
export function clientFieldValue(
  ctx: DialogContext,
  field: ClientField,
  client: Counteragent,
  definitions: readonly CustomFieldDefinition[],
): string {
  const none = ctx.t("dlg-none");
  const text = (value: string | undefined) => (value?.trim() ? escapeHtml(cutText(value.trim(), 200)) : none);
  const mark = (value: boolean | undefined) => onOff(ctx.t, value);
  switch (field) {
    case "name":
      return text(client.name);
    case "phones":
      return text((client.phones ?? []).join(", "));
    case "email":
      return text(client.email);
    case "address":
      return text(client.address);
    case "rating":
      return ratingMark(ctx.t, client.rating);
    case "roles":
      return rolesText(ctx, client.isBuyer, client.isVendor);
    case "messages":
      return ctx.t("client-card-messages-value", {
        sms: mark(client.isSendSms),
        email: mark(client.isSendEmail),
        telegram: mark(client.isSendTelegram),
      });
    case "source":
      return text(client.howKnow?.name);
    case "note":
      return text(client.node);
    case "custom": {
      const filled = definitions.filter((def) =>
        client.customFields?.some((f) => f.id === def.id && f.value !== null && f.value !== ""),
      );
      return filled.length === 0 ? none : escapeHtml(filled.map((def) => def.name ?? def.id).join(", "));
    }
  }
}

function rolesText(ctx: DialogContext, buyer: boolean | undefined, vendor: boolean | undefined): string {
  const roles = [buyer ? ctx.t("client-role-buyer") : "", vendor ? ctx.t("client-role-vendor") : ""];
  return roles.filter(Boolean).join(", ") || ctx.t("dlg-none");
}
