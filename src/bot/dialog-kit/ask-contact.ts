/**
 * A client's contacts, asked: one phone or e-mail, optional (Skip keeps what
 * there is: a new client's, askClient), a list of phones or an e-mail that may
 * be cleared (a client's fix). Each is re-asked until it reads as one: a phone
 * as a number of the shop's country (src/contract/phone.ts), an e-mail as
 * contact.ts reads it. The texts are the caller's locale keys.
 */

import { phoneForService } from "../../contract/phone.ts";
import type { DialogContext } from "../context.ts";
import { cutText, escapeHtml } from "../ui/text.ts";
import { accept, ask, type DialogRun, reject, SKIP } from "./ask.ts";
import { normalizeEmail } from "./contact.ts";
import { withCurrent } from "./keep.ts";

/** A phone is read as a number of the shop's country (PHONE_COUNTRY) and kept as the CRM shows numbers. */
const NORMALIZE = {
  phone: (ctx: DialogContext, text: string) => phoneForService(text, ctx.services.config.phoneCountry),
  email: (_ctx: DialogContext, text: string) => normalizeEmail(text),
} as const;

/**
 * The normalized contact, or undefined on Skip. `ask`, `bad`: the question's and the
 * re-prompt's locale keys; `why`: a line above the question (why it is asked).
 */
export function askContact(
  run: DialogRun,
  ctx: DialogContext,
  kind: keyof typeof NORMALIZE,
  options: { current: string | undefined; ask: string; bad: string; why?: string | undefined },
): Promise<string | undefined> {
  const normalize = NORMALIZE[kind];
  const question = withCurrent(ctx, ctx.t(options.ask), options.current);
  return ask<string | undefined>(run, ctx, {
    text: options.why ? `${options.why}\n\n${question}` : question,
    acceptsText: true,
    buttons: [[{ text: ctx.t("dlg-btn-skip"), value: SKIP }]],
    parse: (a) => {
      if (a.kind === "button")
        return a.value === SKIP ? accept(undefined) : reject(a.ctx.t("dlg-use-buttons"));
      const value = normalize(a.ctx, a.text);
      // The prompt shows what will be saved: the clerk sees how the phone was read.
      return value === undefined ? reject(a.ctx.t(options.bad)) : accept(value, escapeHtml(value));
    },
  });
}

const CLEAR = "clear";

/**
 * Phones one per line (or split by "," ";"), the first the main one, each read as a phone of the
 * shop's country; `clear` answers none. Keys: `ask` ($current, $max), `tooMany` ($max), `bad` ($phone).
 */
export function askPhoneList(
  run: DialogRun,
  ctx: DialogContext,
  options: {
    current: readonly string[];
    ask: string;
    clear: string;
    tooMany: string;
    bad: string;
    max?: number;
  },
): Promise<string[]> {
  const max = options.max ?? 5;
  return ask<string[]>(run, ctx, {
    text: ctx.t(options.ask, { current: escapeHtml(options.current.join(", ") || ctx.t("dlg-none")), max }),
    acceptsText: true,
    limit: 300,
    buttons: [[{ text: ctx.t(options.clear), value: CLEAR }]],
    parse: (a) => {
      if (a.kind === "button") return a.value === CLEAR ? accept([]) : reject(a.ctx.t("dlg-use-buttons"));
      const lines = a.text
        .split(/[\n,;]+/)
        .map((line) => line.trim())
        .filter(Boolean);
      if (lines.length > max) return reject(a.ctx.t(options.tooMany, { max }));
      const phones: string[] = [];
      for (const line of lines) {
        const phone = NORMALIZE.phone(a.ctx, line);
        if (!phone) return reject(a.ctx.t(options.bad, { phone: escapeHtml(cutText(line, 40)) }));
        if (!phones.includes(phone)) phones.push(phone);
      }
      // The answered prompt shows the phones as they will be saved.
      return accept(phones, escapeHtml(phones.join(", ")));
    },
  });
}

/** An e-mail, or "" when `clear` was pressed. Keys: `ask` ($current), `bad`. */
export function askClearableEmail(
  run: DialogRun,
  ctx: DialogContext,
  options: { current: string | undefined; ask: string; clear: string; bad: string },
): Promise<string> {
  return ask<string>(run, ctx, {
    text: ctx.t(options.ask, { current: escapeHtml(options.current?.trim() || ctx.t("dlg-none")) }),
    acceptsText: true,
    limit: 100,
    buttons: [[{ text: ctx.t(options.clear), value: CLEAR }]],
    parse: (a) => {
      if (a.kind === "button") return a.value === CLEAR ? accept("") : reject(a.ctx.t("dlg-use-buttons"));
      const email = normalizeEmail(a.text);
      return email ? accept(email, escapeHtml(email)) : reject(a.ctx.t(options.bad));
    },
  });
}
