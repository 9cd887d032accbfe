/**
 * A contact of a client (phone or e-mail), optional: re-asked until it reads
 * as one, normalized (contact.ts), Skip keeps what there is. Shared by every
 * dialog that asks a client's contacts (the intake, a client's card); the
 * texts are the caller's locale keys.
 */
import type { DialogContext } from "../context.ts";
import { escapeHtml } from "../ui/text.ts";
import { accept, ask, type DialogRun, reject, SKIP } from "./ask.ts";
import { normalizeEmail, normalizePhone } from "./contact.ts";
import { withCurrent } from "./keep.ts";

const NORMALIZE = { phone: normalizePhone, email: normalizeEmail } as const;

/** The normalized contact, or undefined on Skip. `texts`: the question's and the re-prompt's locale keys. */
export function askContact(
  run: DialogRun,
  ctx: DialogContext,
  kind: keyof typeof NORMALIZE,
  options: { current: string | undefined; ask: string; bad: string },
): Promise<string | undefined> {
  const normalize = NORMALIZE[kind];
  return ask<string | undefined>(run, ctx, {
    text: withCurrent(ctx, ctx.t(options.ask), options.current),
    acceptsText: true,
    buttons: [[{ text: ctx.t("dlg-btn-skip"), value: SKIP }]],
    parse: (a) => {
      if (a.kind === "button")
        return a.value === SKIP ? accept(undefined) : reject(a.ctx.t("dlg-use-buttons"));
      const value = normalize(a.text);
      // The prompt shows what will be saved: the clerk sees how the phone was read.
      return value === undefined ? reject(a.ctx.t(options.bad)) : accept(value, escapeHtml(value));
    },
  });
}
