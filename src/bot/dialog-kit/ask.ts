/**
 * The one way a dialog asks something. `ask` sends a prompt (text + buttons),
 * waits for an answer and keeps asking until `parse` accepts it. Everything a
 * clerk can do wrong or on purpose is handled here, once, for every step:
 *
 * - `/cancel` or the ✖ button leaves the dialog cleanly;
 * - an answer after DIALOG_TTL_MS ends the dialog ("expired") instead of
 *   applying a stale answer; the time comes from the injected clock through
 *   `conversation.external`, so replays see the same moments;
 * - a button of an earlier step or an older dialog is answered "outdated";
 * - a button of another feature (e.g. 🔄 Refresh on a card) passes on to it;
 * - another command, a sticker, a photo, a huge text: a localized re-prompt.
 *
 * Buttons carry `dg:<tag>:<value>`: the tag is the dialog's random nonce plus
 * the number of the prompt, so only the buttons of the current prompt count.
 */
import type { Conversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import type { BotContext, DialogContext } from "../context.ts";
import { dialogButton } from "../ui/callbacks.ts";
import { cutText } from "../ui/text.ts";

export type Dialog = Conversation<BotContext, DialogContext>;

/** A dialog left alone this long expires at the next update. */
export const DIALOG_TTL_MS = 60 * 60 * 1000;
/** Longer answers are refused: nothing a clerk types into one field is this long. */
export const ANSWER_LIMIT = 1000;
const BUTTON_TEXT_LIMIT = 60;

export const CANCEL = "x";

/** State of one run of a dialog function; rebuilt identically on every replay. */
export interface DialogRun {
  readonly dialog: Dialog;
  readonly nonce: string;
  seq: number;
}

export async function startRun(dialog: Dialog): Promise<DialogRun> {
  // Randomness is a side effect: through external, so every replay gets the same nonce.
  const nonce = await dialog.external(async () => {
    const { randomBytes } = await import("node:crypto");
    return randomBytes(6).toString("base64url");
  });
  return { dialog, nonce, seq: 0 };
}

export interface Button {
  text: string;
  value: string;
}

/** An answer with the moment it came (Unix ms, logged: the same on every replay). */
export type Answer =
  | { kind: "button"; value: string; ctx: DialogContext; at: number }
  | { kind: "text"; text: string; ctx: DialogContext; at: number };

/** `{ok: false, error}` re-prompts with the localized `error` text (a locale key's result). */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export const accept = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const reject = <T>(error: string): Parsed<T> => ({ ok: false, error });

export interface AskOptions<T> {
  text: string;
  /** Rows of buttons; a ✖ Cancel row is added unless `cancelButton` is false. */
  buttons?: Button[][];
  cancelButton?: boolean;
  /** Accepts typed text as an answer; without it only buttons count. */
  acceptsText?: boolean;
  parse(answer: Answer): Parsed<T> | Promise<Parsed<T>>;
}

function now(run: DialogRun, ctx: DialogContext): Promise<number> {
  const { clock } = ctx.services;
  return run.dialog.external(() => clock.now().getTime());
}

function keyboard(ctx: DialogContext, tag: string, options: AskOptions<unknown>): InlineKeyboard | undefined {
  const rows = [...(options.buttons ?? [])];
  if (options.cancelButton !== false) rows.push([{ text: ctx.t("dlg-btn-cancel"), value: CANCEL }]);
  if (rows.length === 0) return undefined;
  const kb = new InlineKeyboard();
  for (const row of rows) {
    for (const button of row) {
      kb.text(cutText(button.text, BUTTON_TEXT_LIMIT), dialogButton.encode({ tag, value: button.value }));
    }
    kb.row();
  }
  return kb;
}

async function sendPrompt(ctx: DialogContext, text: string, markup: InlineKeyboard | undefined) {
  await ctx.reply(text, {
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
    ...(markup ? { reply_markup: markup } : {}),
  });
}

/** Leaves the dialog with a message; the update is consumed. */
export async function leave(run: DialogRun, ctx: DialogContext, key: string): Promise<never> {
  if (ctx.callbackQuery) await ctx.answerCallbackQuery();
  await ctx.reply(ctx.t(key));
  return run.dialog.halt();
}

export async function ask<T>(run: DialogRun, ctx: DialogContext, options: AskOptions<T>): Promise<T> {
  run.seq += 1;
  const tag = `${run.nonce}${run.seq.toString(36)}`;
  const markup = keyboard(ctx, tag, options as AskOptions<unknown>);
  await sendPrompt(ctx, options.text, markup);
  let askedAt = await now(run, ctx);
  const reprompt = async (answerCtx: DialogContext, error: string) => {
    await sendPrompt(answerCtx, `${error}\n\n${options.text}`, markup);
    askedAt = await now(run, answerCtx);
  };

  for (;;) {
    const next = await run.dialog.wait();
    const at = await now(run, next);
    if (at - askedAt > DIALOG_TTL_MS) await leave(run, next, "dlg-expired");

    const answer = await readAnswer(run, next, tag, at);
    if (answer === "stale") continue;
    if (answer === "cancel") await leave(run, next, "dlg-cancelled");
    if (typeof answer === "string") {
      await reprompt(next, next.t(answer));
      continue;
    }
    if (answer.kind === "text" && !options.acceptsText) {
      await reprompt(next, next.t("dlg-use-buttons"));
      continue;
    }
    const parsed = await options.parse(answer);
    if (parsed.ok) return parsed.value;
    await reprompt(next, parsed.error);
  }
}

/**
 * Classifies an update that arrived while waiting: an answer, "cancel",
 * "stale" (already answered), or a locale key of a re-prompt.
 */
async function readAnswer(
  run: DialogRun,
  ctx: DialogContext,
  tag: string,
  at: number,
): Promise<Answer | "cancel" | "stale" | string> {
  const data = ctx.callbackQuery?.data;
  if (ctx.callbackQuery) {
    const decoded = dialogButton.decode(data);
    // Someone else's button (a card's 🔄 Refresh, a list page): its own feature answers it.
    if (!decoded) return run.dialog.skip({ next: true });
    if (decoded.tag !== tag) {
      await ctx.answerCallbackQuery({ text: ctx.t("dlg-stale-button") });
      return "stale";
    }
    if (decoded.value === CANCEL) return "cancel";
    await ctx.answerCallbackQuery();
    return { kind: "button", value: decoded.value, ctx, at };
  }
  const message = ctx.message;
  if (!message) {
    // Edited messages, reactions, member updates: not answers; ignore quietly.
    return run.dialog.skip({ next: false });
  }
  const text = message.text;
  if (text === undefined) return "dlg-need-text";
  if (/^\/cancel(@\w+)?(\s|$)/i.test(text)) return "cancel";
  if (text.startsWith("/")) return "dlg-command-in-dialog";
  const trimmed = text.trim();
  if (trimmed === "") return "dlg-need-text";
  if (trimmed.length > ANSWER_LIMIT) return "dlg-too-long";
  return { kind: "text", text: trimmed, ctx, at };
}

/** Buttons of a list, `perRow` in a row, values = their index in `items`. */
export function indexButtons<T>(items: readonly T[], label: (item: T) => string, perRow = 1): Button[][] {
  const rows: Button[][] = [];
  items.forEach((item, index) => {
    if (index % perRow === 0) rows.push([]);
    rows.at(-1)?.push({ text: label(item), value: String(index) });
  });
  return rows;
}

/** The item a pressed index button means; undefined for forged values. */
export function pickIndex<T>(items: readonly T[], value: string): T | undefined {
  return /^\d{1,3}$/.test(value) ? items[Number(value)] : undefined;
}
