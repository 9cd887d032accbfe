/**
 * One step's prompt as the chat shows it. Only its newest copy has buttons: a
 * re-prompt strips the copy it replaces, and an answered prompt loses its
 * buttons and shows the answer ("Order type: <b>Гарантийный ремонт</b>"), so
 * the chat reads as a trail and old buttons cannot be pressed by mistake.
 * These edits are best-effort: a failure (message too old, not modified,
 * deleted by the user) is logged at debug and never ends the dialog.
 *
 * Every copy is recorded right before and right after it is sent
 * (latest-prompt.ts): a crash that lost the step still leaves the record.
 */
import { InlineKeyboard } from "grammy";
import type { BotContext, DialogContext } from "../context.ts";
import { dialogButton } from "../ui/callbacks.ts";
import { cutHtml, cutText, escapeHtml } from "../ui/text.ts";
import type { DialogRun } from "./ask.ts";
import { recordPrompt } from "./latest-prompt.ts";

const BUTTON_TEXT_LIMIT = 60;

export interface Button {
  text: string;
  value: string;
}

export interface Prompt {
  readonly seq: number;
  /** What its buttons carry (`dg:<tag>:<value>`): the run's nonce plus the prompt's number. */
  readonly tag: string;
  /** When its newest copy was sent (Unix ms, the same on every replay): the expiry counts from here. */
  readonly askedAt: number;
  /** Sends it again under `error`; the new copy is the newest (after a crash, it replaces the lost later one). */
  again(ctx: DialogContext, error: string): Promise<void>;
  /** Closes the newest copy: its buttons go, and `shown` (HTML) is appended as the answer. */
  close(ctx: DialogContext, shown?: string): Promise<void>;
  /** The label of the button with this value, HTML-escaped, as the answer to show. */
  label(value: string): string | undefined;
}

/** Sends the prompt of the run's next step: `text` (HTML) with these rows of buttons. */
export async function sendPrompt(
  run: DialogRun,
  ctx: DialogContext,
  text: string,
  rows: Button[][],
): Promise<Prompt> {
  run.seq += 1;
  const seq = run.seq;
  const tag = `${run.nonce}${seq.toString(36)}`;
  const markup = keyboard(tag, rows);
  // Recorded before sending: a crash right after the send still leaves the record.
  await run.dialog.external((outer: BotContext) => recordPrompt(outer, { nonce: run.nonce, seq }));
  let messageId = await send(ctx, text, markup);
  let askedAt = await sent(run, seq, messageId);
  return {
    seq,
    tag,
    get askedAt() {
      return askedAt;
    },
    async again(answerCtx, error) {
      const replaced = messageId;
      messageId = await send(answerCtx, `${error}\n\n${text}`, markup);
      if (markup) await closeMessage(answerCtx, replaced, text);
      askedAt = await sent(run, seq, messageId);
    },
    async close(answerCtx, shown) {
      if (markup || shown !== undefined) await closeMessage(answerCtx, messageId, text, shown);
    },
    label(value) {
      const button = rows.flat().find((b) => b.value === value);
      return button ? escapeHtml(cutText(button.text, BUTTON_TEXT_LIMIT)) : undefined;
    },
  };
}

/** Records a sent copy (its message, for `/cancel`) and returns the moment it was asked. */
function sent(run: DialogRun, seq: number, messageId: number): Promise<number> {
  return run.dialog.external(async (outer: BotContext) => {
    await recordPrompt(outer, { nonce: run.nonce, seq, messageId });
    return outer.services.clock.now().getTime();
  });
}

function keyboard(tag: string, rows: Button[][]): InlineKeyboard | undefined {
  const filled = rows.filter((row) => row.length > 0);
  if (filled.length === 0) return undefined;
  // Built from whole rows: no trailing `row()`, so no empty row reaches Telegram.
  return new InlineKeyboard(
    filled.map((row) =>
      row.map((button) =>
        InlineKeyboard.text(
          cutText(button.text, BUTTON_TEXT_LIMIT),
          dialogButton.encode({ tag, value: button.value }),
        ),
      ),
    ),
  );
}

/** Sends one copy; its message id, so the copy can be closed later. */
async function send(ctx: DialogContext, text: string, markup: InlineKeyboard | undefined): Promise<number> {
  const message = await ctx.reply(text, {
    reply_markup: markup,
  });
  return message.message_id;
}

async function closeMessage(
  ctx: DialogContext,
  messageId: number,
  text: string,
  shown?: string,
): Promise<void> {
  const chatId = ctx.chat?.id;
  if (chatId === undefined) return;
  try {
    if (shown === undefined) await ctx.api.editMessageReplyMarkup(chatId, messageId);
    else await ctx.api.editMessageText(chatId, messageId, withAnswer(ctx, text, shown), {});
  } catch (error) {
    ctx.log.debug({ err: error, messageId }, "closing a dialog prompt failed");
  }
}

/** "Order type:" + answer -> "Order type: <b>answer</b>"; any other prompt gets the answer on a line of its own. */
function withAnswer(ctx: DialogContext, text: string, shown: string): string {
  const inline = !text.includes("\n") && text.trimEnd().endsWith(":");
  return cutHtml(
    ctx.t(inline ? "prompt-answered-inline" : "prompt-answered", { prompt: text, answer: shown }),
  );
}
