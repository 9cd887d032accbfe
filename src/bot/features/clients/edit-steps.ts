/**
 * How each field of a client's fix is asked (the fields themselves: edit-fields.ts).
 * Phones and the e-mail are dialog-kit's contact steps (a phone read as a number of
 * the shop's country, letters re-asked), the rating and the roles are choices, the
 * messages allowed are toggles, the source a pick from the cached list, custom
 * fields asked by their definitions.
 */

import type { Counteragent, CustomFieldDefinition } from "../../../service/index.ts";
import { onOff } from "../../clients/card.ts";
import type { DialogContext } from "../../context.ts";
import { accept, ask, type DialogRun, reject } from "../../dialog-kit/ask.ts";
import { askClearableEmail, askPhoneList } from "../../dialog-kit/ask-contact.ts";
import { askCustomField } from "../../dialog-kit/ask-custom-field.ts";
import { askPick, askText } from "../../dialog-kit/prompts.ts";
import { loadOrSkip } from "../../dialog-kit/service.ts";
import { cutText, escapeHtml } from "../../ui/text.ts";
import type { ClientChanges, ClientField } from "./edit-fields.ts";

const CLEAR = "clear";
/** The client fix's texts of the contact steps (dialog-kit/ask-contact.ts). */
const PHONE_TEXTS = {
  ask: "ce-ask-phones",
  clear: "ce-btn-no-phone",
  tooMany: "ce-too-many-phones",
  bad: "ce-phone-bad",
};
const EMAIL_TEXTS = { ask: "ce-ask-email", clear: "ce-btn-clear", bad: "new-client-email-bad" };
const DONE = "done";

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
      return {
        ...changes,
        phones: await askPhoneList(run, ctx, { current: now.phones ?? [], ...PHONE_TEXTS }),
      };
    case "email":
      return { ...changes, email: await askClearableEmail(run, ctx, { current: now.email, ...EMAIL_TEXTS }) };
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
