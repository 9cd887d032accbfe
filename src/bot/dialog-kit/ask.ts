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
 * - a press by anyone but the dialog's owner is refused and changes nothing;
 * - after a crash that lost the newest step (prompt sent, state not saved) an
 *   answer to that newer prompt asks the saved step again instead of being
 *   applied to it (see latest-prompt.ts);
 * - a button of another feature (e.g. 🔄 Refresh on a card) passes on to it;
 * - another command, a sticker, a photo, a huge text: a localized re-prompt;
 * - an answered prompt loses its buttons and shows the answer ("Order type:
 *   <b>Гарантийный ремонт</b>"), so the chat reads as a trail and old buttons
 *   cannot be pressed by mistake; a re-prompt strips the copy it replaces.
 *   These edits are best-effort: a failure (message too old, not modified) is
 *   logged at debug and never ends the dialog.
 *
 * Buttons carry `dg:<tag>:<value>`: the tag is the dialog's random nonce plus
 * the number of the prompt, so only the buttons of the current prompt count.
 */
import type { Conversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import type { BotContext, DialogContext } from "../context.ts";
import { dialogButton } from "../ui/callbacks.ts";
import { cutHtml, cutText, escapeHtml } from "../ui/text.ts";
import { readLatestPrompt, recordPrompt } from "./latest-prompt.ts";

export type Dialog = Conversation<BotContext, DialogContext>;

/** A dialog left alone this long expires at the next update. */
export const DIALOG_TTL_MS = 60 * 60 * 1000;
/** Longer answers are refused: nothing a clerk types into one field is this long. */
export const ANSWER_LIMIT = 1000;
const BUTTON_TEXT_LIMIT = 60;

export const CANCEL = "x";
/** The value of every "⏭ Skip" button; an answered prompt then shows "—", not the button's label. */
export const SKIP = "s";

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

/**
 * `{ok: false, error}` re-prompts with the localized `error` text (a locale key's result).
 * `shown` (HTML) is what the answered prompt shows as the answer; by default the
 * pressed button's label, nothing for typed text (the clerk's message is right below).
 */
export type Parsed<T> = { ok: true; value: T; shown?: string } | { ok: false; error: string };

export const accept = <T>(value: T, shown?: string): Parsed<T> =>
  shown === undefined ? { ok: true, value } : { ok: true, value, shown };
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

/** The clock's time through `external`, so a replayed step sees the time it first saw. */
export function now(run: DialogRun, ctx: DialogContext): Promise<number> {
  const { clock } = ctx.services;
  return run.dialog.external(() => clock.now().getTime());
}

/** Records a sent prompt (its message, for `/cancel`) and returns the moment it was asked. */
function promptSent(run: DialogRun, seq: number, messageId: number): Promise<number> {
  return run.dialog.external(async (outer: BotContext) => {
    await recordPrompt(outer, { nonce: run.nonce, seq, messageId });
    return outer.services.clock.now().getTime();
  });
}

/** Whether a later prompt of this run than `seq` was sent (its step lost in a crash). */
function laterPromptSent(run: DialogRun, seq: number): Promise<boolean> {
  return run.dialog.external(async (outer: BotContext) => {
    const latest = await readLatestPrompt(outer);
    return latest?.nonce === run.nonce && latest.seq > seq;
  });
}

/**
 * Dialogs run in private chats only, whose id is the owner's user id: an update
 * from anyone else (a forged or relayed press on the clerk's prompt) is not for this dialog.
 */
function fromOwner(ctx: DialogContext): boolean {
  return ctx.chat?.type === "private" && ctx.from?.id === ctx.chat.id;
}

function keyboard(ctx: DialogContext, tag: string, options: AskOptions<unknown>): InlineKeyboard | undefined {
  const rows = (options.buttons ?? []).filter((row) => row.length > 0);
  if (options.cancelButton !== false) rows.push([{ text: ctx.t("dlg-btn-cancel"), value: CANCEL }]);
  if (rows.length === 0) return undefined;
  // Built from whole rows: no trailing `row()`, so no empty row reaches Telegram.
  return new InlineKeyboard(
    rows.map((row) =>
      row.map((button) =>
        InlineKeyboard.text(
          cutText(button.text, BUTTON_TEXT_LIMIT),
          dialogButton.encode({ tag, value: button.value }),
        ),
      ),
    ),
  );
}

/** Sends a prompt; its message id, so the prompt can be closed once answered. */
async function sendPrompt(
  ctx: DialogContext,
  text: string,
  markup: InlineKeyboard | undefined,
): Promise<number> {
  const message = await ctx.reply(text, {
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
    ...(markup ? { reply_markup: markup } : {}),
  });
  return message.message_id;
}

/**
 * Closes an answered (or replaced) prompt: its buttons go, and with `shown`
 * the answer is appended to its text. Best-effort: the dialog goes on whatever
 * Telegram says (too old to edit, not modified, deleted by the user).
 */
export async function closePrompt(
  ctx: DialogContext,
  messageId: number,
  text: string,
  shown?: string,
): Promise<void> {
  const chatId = ctx.chat?.id;
  if (chatId === undefined) return;
  try {
    if (shown === undefined) await ctx.api.editMessageReplyMarkup(chatId, messageId);
    else
      await ctx.api.editMessageText(chatId, messageId, withAnswer(text, shown), {
        parse_mode: "HTML",
        link_preview_options: { is_disabled: true },
      });
  } catch (error) {
    ctx.log.debug({ err: error, messageId }, "closing a dialog prompt failed");
  }
}

/** "Order type:" + answer -> "Order type: <b>answer</b>"; any other prompt gets the answer on a line of its own. */
function withAnswer(text: string, shown: string): string {
  const answer = `<b>${shown}</b>`;
  const inline = !text.includes("\n") && text.trimEnd().endsWith(":");
  return cutHtml(inline ? `${text} ${answer}` : `${text}\n→ ${answer}`);
}

/** The label of the pressed button, HTML-escaped, as the answer to show. */
function buttonLabel(options: AskOptions<unknown>, value: string): string | undefined {
  const button = (options.buttons ?? []).flat().find((b) => b.value === value);
  return button ? escapeHtml(cutText(button.text, BUTTON_TEXT_LIMIT)) : undefined;
}

/** Leaves the dialog with a message; the update is consumed. */
export async function leave(run: DialogRun, ctx: DialogContext, key: string): Promise<never> {
  if (ctx.callbackQuery) await ctx.answerCallbackQuery();
  await ctx.reply(ctx.t(key));
  return run.dialog.halt();
}

export async function ask<T>(run: DialogRun, ctx: DialogContext, options: AskOptions<T>): Promise<T> {
  run.seq += 1;
  const seq = run.seq;
  const tag = `${run.nonce}${seq.toString(36)}`;
  const markup = keyboard(ctx, tag, options as AskOptions<unknown>);
  // Recorded before sending: a crash right after the send still leaves the record (latest-prompt.ts).
  await run.dialog.external((outer: BotContext) => recordPrompt(outer, { nonce: run.nonce, seq }));
  let promptId = await sendPrompt(ctx, options.text, markup);
  let askedAt = await promptSent(run, seq, promptId);
  // Only the newest copy of the prompt keeps buttons: a clean trail, and one place to press.
  // A re-prompt is this step's newest prompt again (after a crash it replaces the lost later one).
  const reprompt = async (answerCtx: DialogContext, error: string) => {
    const replaced = promptId;
    promptId = await sendPrompt(answerCtx, `${error}\n\n${options.text}`, markup);
    if (markup) await closePrompt(answerCtx, replaced, options.text);
    askedAt = await promptSent(run, seq, promptId);
  };
  const leaveWith = async (answerCtx: DialogContext, key: string) => {
    if (markup) await closePrompt(answerCtx, promptId, options.text);
    return leave(run, answerCtx, key);
  };

  for (;;) {
    const next = await run.dialog.wait();
    if (!fromOwner(next)) {
      // Before the expiry check too: someone else's update must not even end the dialog.
      if (next.callbackQuery) await next.answerCallbackQuery({ text: next.t("dlg-not-yours") });
      continue;
    }
    const at = await now(run, next);
    if (at - askedAt > DIALOG_TTL_MS) await leaveWith(next, "dlg-expired");

    const answer = await readAnswer(run, next, tag, at);
    if (answer === "stale") continue;
    if (answer === "cancel") await leaveWith(next, "dlg-cancelled");
    if (typeof answer === "string") {
      // The limit is for dlg-too-long-field; the other keys ignore it.
      await reprompt(next, next.t(answer, { limit: ANSWER_LIMIT }));
      continue;
    }
    if (answer.kind === "text" && !options.acceptsText) {
      await reprompt(next, next.t("dlg-use-buttons"));
      continue;
    }
    if (answer.kind === "text" && (await laterPromptSent(run, seq))) {
      // The text answers a later prompt whose step a crash lost: ask the saved step again.
      await reprompt(next, next.t("dlg-repeat-step"));
      continue;
    }
    const parsed = await options.parse(answer);
    if (parsed.ok) {
      const shown =
        parsed.shown ??
        (answer.kind !== "button"
          ? undefined
          : answer.value === SKIP
            ? escapeHtml(next.t("dlg-none"))
            : buttonLabel(options as AskOptions<unknown>, answer.value));
      if (markup || shown !== undefined) await closePrompt(next, promptId, options.text, shown);
      return parsed.value;
    }
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
      // A LATER prompt of this run: sent just before a crash whose state was never saved. The user
      // sees it as current, so ask the saved step again instead of leaving them with "outdated".
      return isLaterPrompt(decoded.tag, tag, run.nonce) ? "dlg-stale-button" : "stale";
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
  if (trimmed.length > ANSWER_LIMIT) return "dlg-too-long-field";
  return { kind: "text", text: trimmed, ctx, at };
}

/** Whether `pressed` names a prompt of this run (same nonce) numbered after the current one. */
function isLaterPrompt(pressed: string, current: string, nonce: string): boolean {
  if (!pressed.startsWith(nonce)) return false;
  const seq = (tag: string) => Number.parseInt(tag.slice(nonce.length), 36);
  return seq(pressed) > seq(current);
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

/**
 * The index a button value names, strictly as `indexButtons` writes it: no
 * leading zeros ("00", "01"), signs, spaces or fractions, and within `length`.
 */
export function parseIndex(value: string, length: number): number | undefined {
  if (!/^(0|[1-9]\d{0,2})$/.test(value)) return undefined;
  const index = Number(value);
  return index < length ? index : undefined;
}

/** The item a pressed index button means; undefined for forged values. */
export function pickIndex<T>(items: readonly T[], value: string): T | undefined {
  const index = parseIndex(value, items.length);
  return index === undefined ? undefined : items[index];
}
