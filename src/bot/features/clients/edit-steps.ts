/**
 * How each field of a client's fix is asked (the fields themselves: edit-fields.ts).
 * Phones are checked and normalized (a Russian 8... becomes +7...; letters are
 * re-asked), an e-mail is checked, the rating and the roles are choices, the
 * messages allowed are toggles, the source a pick from the cached list, custom
 * fields asked by their definitions.
 */

import { phoneForService } from "../../../contract/phone.ts";
import type { Counteragent, CustomFieldDefinition } from "../../../service/index.ts";
import { onOff } from "../../clients/card.ts";
import type { DialogContext } from "../../context.ts";
import { accept, ask, type DialogRun, reject } from "../../dialog-kit/ask.ts";
import { askCustomField } from "../../dialog-kit/ask-custom-field.ts";
import { normalizeEmail } from "../../dialog-kit/contact.ts";
import { askPick, askText } from "../../dialog-kit/prompts.ts";
import { loadOrSkip } from "../../dialog-kit/service.ts";
import { cutText, escapeHtml } from "../../ui/text.ts";
import type { ClientChanges, ClientField } from "./edit-fields.ts";

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
  const answer = await askCustomField(run, ctx, def, { required: def.required === true });
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
    const answer = await askCustomField(run, ctx, def, { required: true });
    if (answer) out = { ...out, fields: { ...out.fields, [def.id]: answer } };
  }
  return out;
}
