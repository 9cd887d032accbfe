/**
 * The fields of a client's fix: what each shows in the summary and how it is
 * asked. Phones are checked and normalized (a Russian 8... becomes +7...;
 * letters are re-asked), an e-mail is checked, the rating and the roles are
 * choices, the messages allowed are toggles, the source a pick from the
 * cached list, custom fields asked by their definitions.
 */

import { phoneForService } from "../../../contract/phone.ts";
import type { Counteragent, CustomFieldDefinition } from "../../../service/index.ts";
import { onOff, ratingMark } from "../../clients/card.ts";
import type { DialogContext } from "../../context.ts";
import { accept, ask, type DialogRun, reject } from "../../dialog-kit/ask.ts";
import { normalizeEmail } from "../../dialog-kit/contact.ts";
import { askPick, askText } from "../../dialog-kit/prompts.ts";
import { loadOrSkip } from "../../dialog-kit/service.ts";
import { cutText, escapeHtml } from "../../ui/text.ts";
import type { CounteragentChange } from "../../writes/kinds/counteragent-patch.ts";
import { askField } from "../order-create/ask-field.ts";
import type { FieldAnswer } from "../order-create/draft.ts";

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

/**
 * A typed phone as a client carries it (`+7 903 555-11-22`), or undefined when it is no valid
 * number of the shop's country (PHONE_COUNTRY, libphonenumber-js: dialog-kit/contact.ts): the
 * one place the clients' dialogs read phones.
 */
function phoneOf(ctx: DialogContext, text: string): string | undefined {
  return phoneForService(text, ctx.services.config.phoneCountry);
}

const CLEAR = "clear";
const DONE = "done";
const MAX_PHONES = 5;

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

/** Asks one field and returns the changes with its answer. */
export async function askClientField(
  run: DialogRun,
  ctx: DialogContext,
  field: ClientField,
  now: Counteragent,
  changes: ClientChanges,
  definitions: readonly CustomFieldDefinition[],
): Promise<ClientChanges> {
  switch (field) {
    case "name": {
      const name = await askText(run, ctx, { prompt: ctx.t("ce-ask-name"), max: 150 });
      return name === undefined ? changes : { ...changes, name };
    }
    case "phones":
      return { ...changes, phones: await askPhones(run, ctx, now.phones ?? []) };
    case "email":
      return { ...changes, email: await askEmail(run, ctx, now.email) };
    case "address":
      return { ...changes, address: await askClearable(run, ctx, "ce-ask-address", now.address, 300) };
    case "note":
      return { ...changes, node: await askClearable(run, ctx, "ce-ask-note", now.node, 1000) };
    case "rating":
      return { ...changes, rating: await askRating(run, ctx) };
    case "roles":
      return { ...changes, ...(await askRoles(run, ctx)) };
    case "messages":
      return { ...changes, ...(await askMessages(run, ctx, now)) };
    case "source":
      return askSource(run, ctx, changes);
    case "custom":
      return askCustom(run, ctx, changes, definitions);
  }
}

/** Phones one per line (the first is the main one), each read as a phone of the shop's country. */
async function askPhones(run: DialogRun, ctx: DialogContext, current: string[]): Promise<string[]> {
  return ask<string[]>(run, ctx, {
    text: ctx.t("ce-ask-phones", {
      current: escapeHtml(current.join(", ") || ctx.t("dlg-none")),
      max: MAX_PHONES,
    }),
    acceptsText: true,
    limit: 300,
    buttons: [[{ text: ctx.t("ce-btn-no-phone"), value: CLEAR }]],
    parse: (a) => {
      if (a.kind === "button") return a.value === CLEAR ? accept([]) : reject(a.ctx.t("dlg-use-buttons"));
      const lines = a.text
        .split(/[\n,;]+/)
        .map((line) => line.trim())
        .filter(Boolean);
      if (lines.length > MAX_PHONES) return reject(a.ctx.t("ce-too-many-phones", { max: MAX_PHONES }));
      const phones: string[] = [];
      for (const line of lines) {
        const phone = phoneOf(a.ctx, line);
        if (!phone) return reject(a.ctx.t("ce-phone-bad", { phone: escapeHtml(cutText(line, 40)) }));
        if (!phones.includes(phone)) phones.push(phone);
      }
      // The answered prompt shows the phones as they will be saved.
      return accept(phones, escapeHtml(phones.join(", ")));
    },
  });
}

async function askEmail(run: DialogRun, ctx: DialogContext, current: string | undefined): Promise<string> {
  return ask<string>(run, ctx, {
    text: ctx.t("ce-ask-email", { current: escapeHtml(current?.trim() || ctx.t("dlg-none")) }),
    acceptsText: true,
    limit: 100,
    buttons: [[{ text: ctx.t("ce-btn-clear"), value: CLEAR }]],
    parse: (a) => {
      if (a.kind === "button") return a.value === CLEAR ? accept("") : reject(a.ctx.t("dlg-use-buttons"));
      const email = normalizeEmail(a.text);
      return email ? accept(email, escapeHtml(email)) : reject(a.ctx.t("new-client-email-bad"));
    },
  });
}

/** Free text that may be cleared (🗑 Clear answers ""). */
async function askClearable(
  run: DialogRun,
  ctx: DialogContext,
  key: string,
  current: string | undefined,
  max: number,
): Promise<string> {
  return ask<string>(run, ctx, {
    text: `${ctx.t(key, { current: escapeHtml(cutText(current?.trim() || ctx.t("dlg-none"), 300)) })}\n<i>${ctx.t("dlg-text-up-to", { max })}</i>`,
    acceptsText: true,
    limit: max,
    buttons: [[{ text: ctx.t("ce-btn-clear"), value: CLEAR }]],
    parse: (a) => {
      if (a.kind === "button") return a.value === CLEAR ? accept("") : reject(a.ctx.t("dlg-use-buttons"));
      return [...a.text].length > max
        ? reject(a.ctx.t("dlg-too-long-field", { limit: max }))
        : accept(a.text);
    },
  });
}

function askRating(run: DialogRun, ctx: DialogContext): Promise<-1 | 0 | 1> {
  const values = { p: 1, o: 0, n: -1 } as const;
  return ask<-1 | 0 | 1>(run, ctx, {
    text: ctx.t("ce-ask-rating"),
    buttons: [
      [
        { text: ctx.t("ce-rating-positive"), value: "p" },
        { text: ctx.t("ce-rating-ordinary"), value: "o" },
        { text: ctx.t("ce-rating-negative"), value: "n" },
      ],
    ],
    parse: (a) => {
      const value = a.kind === "button" ? values[a.value as keyof typeof values] : undefined;
      return value === undefined ? reject(a.ctx.t("dlg-use-buttons")) : accept(value);
    },
  });
}

function askRoles(run: DialogRun, ctx: DialogContext): Promise<{ isBuyer: boolean; isVendor: boolean }> {
  const values = {
    b: { isBuyer: true, isVendor: false },
    v: { isBuyer: false, isVendor: true },
    bv: { isBuyer: true, isVendor: true },
    x: { isBuyer: false, isVendor: false },
  } as const;
  return ask(run, ctx, {
    text: ctx.t("ce-ask-roles"),
    buttons: [
      [
        { text: ctx.t("ce-role-buyer"), value: "b" },
        { text: ctx.t("ce-role-vendor"), value: "v" },
      ],
      [
        { text: ctx.t("ce-role-both"), value: "bv" },
        { text: ctx.t("ce-role-none"), value: "x" },
      ],
    ],
    parse: (a) => {
      const value = a.kind === "button" ? values[a.value as keyof typeof values] : undefined;
      return value === undefined ? reject(a.ctx.t("dlg-use-buttons")) : accept({ ...value });
    },
  });
}

type Messages = Pick<ClientChanges, "isSendSms" | "isSendEmail" | "isSendTelegram">;

/** Toggles, one press each, until ✅ Done. */
async function askMessages(run: DialogRun, ctx: DialogContext, now: Counteragent): Promise<Messages> {
  let state = {
    isSendSms: now.isSendSms ?? false,
    isSendEmail: now.isSendEmail ?? false,
    isSendTelegram: now.isSendTelegram ?? false,
  };
  const keys = { s: "isSendSms", e: "isSendEmail", t: "isSendTelegram" } as const;
  for (;;) {
    const mark = (on: boolean) => onOff(ctx.t, on);
    const picked = await ask<keyof typeof keys | typeof DONE>(run, ctx, {
      text: ctx.t("ce-ask-messages"),
      buttons: [
        [
          { text: ctx.t("ce-msg-sms", { mark: mark(state.isSendSms) }), value: "s" },
          { text: ctx.t("ce-msg-email", { mark: mark(state.isSendEmail) }), value: "e" },
          { text: ctx.t("ce-msg-telegram", { mark: mark(state.isSendTelegram) }), value: "t" },
        ],
        [{ text: ctx.t("ce-btn-done"), value: DONE }],
      ],
      parse: (a) => {
        if (a.kind === "button" && (a.value === DONE || a.value in keys))
          return accept(a.value as keyof typeof keys | typeof DONE);
        return reject(a.ctx.t("dlg-use-buttons"));
      },
    });
    if (picked === DONE) return state;
    const key = keys[picked];
    state = { ...state, [key]: !state[key] };
  }
}

async function askSource(run: DialogRun, ctx: DialogContext, changes: ClientChanges): Promise<ClientChanges> {
  // Through the dialog's external call: a replay sees the same list (cached, no request as a rule).
  const sources = (await loadOrSkip(run, ctx, ({ reference }) => reference.howKnows())) ?? [];
  if (sources.length === 0) {
    await ctx.reply(ctx.t("ce-no-sources"));
    return changes;
  }
  const picked = await askPick(run, ctx, ctx.t("ce-ask-source"), sources, (s) => s.name ?? s.id, {
    skippable: true,
    perRow: 2,
  });
  return picked ? { ...changes, howKnow: { id: picked.id, name: picked.name ?? picked.id } } : changes;
}

async function askCustom(
  run: DialogRun,
  ctx: DialogContext,
  changes: ClientChanges,
  definitions: readonly CustomFieldDefinition[],
): Promise<ClientChanges> {
  if (definitions.length === 0) {
    await ctx.reply(ctx.t("ce-no-custom"));
    return changes;
  }
  const def = await askPick(run, ctx, ctx.t("ce-ask-custom"), definitions, (d) => d.name ?? d.id, {
    skippable: true,
  });
  if (!def) return changes;
  const answer = await askField(run, ctx, def, { required: def.required === true });
  return answer ? { ...changes, fields: { ...changes.fields, [def.id]: answer } } : changes;
}

/** The type's required custom fields the client has no value for (and no answer yet): asked before the save. */
export async function askMissingRequired(
  run: DialogRun,
  ctx: DialogContext,
  now: Counteragent,
  changes: ClientChanges,
  definitions: readonly CustomFieldDefinition[],
): Promise<ClientChanges> {
  let out = changes;
  for (const def of definitions) {
    if (!def.required) continue;
    const value = now.customFields?.find((f) => f.id === def.id)?.value;
    if (value !== undefined && value !== null && value !== "") continue;
    if (out.fields?.[def.id]) continue;
    const answer = await askField(run, ctx, def, { required: true });
    if (answer) out = { ...out, fields: { ...out.fields, [def.id]: answer } };
  }
  return out;
}
