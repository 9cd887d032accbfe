/**
 * A contact of a client (phone or e-mail), optional: re-asked until it reads
 * as one, normalized (contact.ts), Skip keeps what there is. Shared by every
 * dialog that asks a client's contacts (the intake, a client's card); the
 * texts are the caller's locale keys.
 */

import { phoneForService } from "../../contract/phone.ts";
import type { DialogContext } from "../context.ts";
import { escapeHtml } from "../ui/text.ts";
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
