/**
 * ✏️ Fixing a client: a summary of the record with one button per field
 * (edit-fields.ts), each asked (edit-steps.ts) in one tap, and ✅ Save: ONE read of the record
 * as the service holds it now and ONE `PATCH /counteragents/{id}` with its
 * required fields (name, type, buyer, vendor, custom fields) as held and what
 * the clerk changed; a field another CRM user changed meanwhile is not
 * overwritten (the clerk is shown the record as it now is). The type's
 * required custom fields are asked when the client has none. After
 * the save the client's card, and every card of their orders the mirror
 * holds, shows what was saved with no request.
 */
import type { Counteragent, CustomFieldDefinition } from "../../../service/index.ts";
import { clientName } from "../../clients/card.ts";
import { reviveClient } from "../../clients/reader.ts";
import type { DialogContext } from "../../context.ts";
import {
  accept,
  ask,
  type Button,
  type Dialog,
  type DialogRun,
  reject,
  startRun,
} from "../../dialog-kit/ask.ts";
import { loadOrLeave } from "../../dialog-kit/service.ts";
import { escapeHtml } from "../../ui/text.ts";
import {
  CLIENT_FIELDS,
  type ClientChanges,
  type ClientField,
  changedFields,
  clientFieldValue,
  clientInput,
  mergedClient,
} from "./edit-fields.ts";
import { askClientField, askMissingRequired } from "./edit-steps.ts";
import { clientChanged, clientSaved, saveClient } from "./writes.ts";

export const CLIENT_EDIT = "client-edit";

const SAVE = "save";
const PER_ROW = 2;

export async function clientEditDialog(dialog: Dialog, ctx: DialogContext, raw: unknown): Promise<void> {
  const client = reviveClient(raw);
  const run = await startRun(dialog);
  const form = await loadOrLeave(run, ctx, async ({ reference }) => {
    const typeId = client.typeCounteragent?.id ?? (await defaultType(reference));
    const definitions = typeId ? await reference.counteragentTypeFields(typeId) : [];
    return { typeId, definitions };
  });
  let changes: ClientChanges = {};
  for (;;) {
    const picked = await askSummary(run, ctx, client, changes, form.definitions);
    if (picked === SAVE) break;
    const now = mergedClient(client, changes);
    changes = await askClientField(run, ctx, picked, now, changes, form.definitions);
  }
  if (changedFields(client, changes).size === 0) {
    await ctx.reply(ctx.t("ce-nothing", { name: escapeHtml(clientName(client)) }));
    return;
  }
  // The type's form may require fields this client has no value for: asked now, sent with the change.
  changes = await askMissingRequired(run, ctx, mergedClient(client, changes), changes, form.definitions);
  if (!form.typeId) {
    await ctx.reply(ctx.t("ce-no-type"));
    return;
  }
  const input = clientInput(client, changes);
  const saved = await saveClient(run, ctx, client, input, mergedClient(client, changes), form.typeId);
  if (!saved) return;
  if (saved.conflict.length > 0) {
    await clientChanged(run, ctx, saved.record, saved.conflict);
    return;
  }
  await clientSaved(run, ctx, saved.record);
}

async function askSummary(
  run: DialogRun,
  ctx: DialogContext,
  client: Counteragent,
  changes: ClientChanges,
  definitions: readonly CustomFieldDefinition[],
): Promise<ClientField | typeof SAVE> {
  const now = mergedClient(client, changes);
  const changed = changedFields(client, changes);
  const fields = CLIENT_FIELDS.filter((field) => field !== "custom" || definitions.length > 0);
  const lines = fields.map(
    (field) =>
      `${changed.has(field) ? "✏️ " : ""}${ctx.t(`ce-field-${field}`)}: ${clientFieldValue(ctx, field, now, definitions)}`,
  );
  const text = [
    ctx.t("ce-title", { name: escapeHtml(clientName(client)) }),
    "",
    ...lines,
    "",
    ctx.t("ce-hint"),
  ].join("\n");
  const buttons: Button[][] = [];
  fields.forEach((field, index) => {
    if (index % PER_ROW === 0) buttons.push([]);
    buttons.at(-1)?.push({ text: ctx.t(`ce-btn-${field}`), value: field });
  });
  buttons.push([{ text: ctx.t(changed.size > 0 ? "ce-btn-save" : "ce-btn-close"), value: SAVE }]);
  return ask<ClientField | typeof SAVE>(run, ctx, {
    text,
    buttons,
    parse: (a) => {
      if (a.kind !== "button") return reject(a.ctx.t("dlg-use-buttons"));
      if (a.value === SAVE) return accept(SAVE);
      const field = fields.find((f) => f === a.value);
      return field ? accept(field) : reject(a.ctx.t("dlg-use-buttons"));
    },
  });
}

/** The default counteragent type: the first by `sort`, else the first listed (docs/decisions.md). */
async function defaultType(reference: DialogContext["services"]["reference"]): Promise<string | undefined> {
  const types = await reference.counteragentTypes();
  const sorted = [...types].sort(
    (a, b) => (a.sort ?? Number.MAX_SAFE_INTEGER) - (b.sort ?? Number.MAX_SAFE_INTEGER),
  );
  return sorted[0]?.id;
}
