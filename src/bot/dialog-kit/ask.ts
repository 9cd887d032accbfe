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
 * - `/order N`, or an order number typed where the question takes no number
 *   (buttons only, or a `lookups` prompt: a name, a device), shows the order's
 *   card and asks the question again below it: a lookup never ends a dialog;
 * - another command, a sticker, a photo, a huge text: a localized re-prompt;
 * - an answered prompt shows its answer and loses its buttons (prompt.ts);
 * - every press is answered exactly once (Telegram refuses a second answer).
 *
 * Each update is first classified (`Incoming`); the loop then handles each kind
 * in one place, and the exits that end the dialog return `never`.
 * Buttons carry `dg:<tag>:<value>`: the tag is the dialog's random nonce plus
 * the number of the prompt, so only the buttons of the current prompt count.
 */
import type { Conversation } from "@grammyjs/conversations";
import type { Message } from "grammy/types";
import type { BotContext, DialogContext } from "../context.ts";
import { type OrderQuery, parseOrderQuery } from "../orders/by-number.ts";
import { isCancelCommand } from "../telegram/commands.ts";
import { telegramActor } from "../telegram/write-actor.ts";
import { dialogButton } from "../ui/callbacks.ts";
import { escapeHtml } from "../ui/text.ts";
import type { WriteRun } from "../writes/actor.ts";
import { readLatestPrompt } from "./latest-prompt.ts";
import { visibleText } from "./parse.ts";
import { type Button, type Prompt, sendPrompt } from "./prompt.ts";

export type { Button } from "./prompt.ts";

export type Dialog = Conversation<BotContext, DialogContext>;

/** A dialog left alone this long expires at the next update. */
const DIALOG_TTL_MS = 60 * 60 * 1000;
/** Longer answers are refused: nothing a clerk types into one field is this long. */
export const ANSWER_LIMIT = 1000;

export const CANCEL = "x";
/** The value of every "⏭ Skip" button; an answered prompt then shows "—", not the button's label. */
export const SKIP = "s";

/** State of one run of a dialog function; rebuilt identically on every replay. */
/** A dialog's run: also the write core's run (writes/actor.ts), its writes once per run. */
export interface DialogRun extends WriteRun {
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
  return {
    dialog,
    nonce,
    seq: 0,
    // Outside the replay: the write and its actor (the role re-checked then) exist once per run.
    once: (step) => dialog.external(async (outer: BotContext) => step(await telegramActor(outer))),
  };
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

interface AskOptions<T> {
  text: string;
  /** Rows of buttons; a ✖ Cancel row is added unless `cancelButton` is false. */
  buttons?: Button[][];
  cancelButton?: boolean;
  /** Accepts typed text as an answer; without it only buttons count. */
  acceptsText?: boolean;
  /** The longest text the prompt takes, named when a longer one comes (ANSWER_LIMIT at most). */
  limit?: number;
  /** Typed text that is an order number shows its card (the answer is no number: a name, a device). */
  lookups?: boolean;
  parse(answer: Answer): Parsed<T> | Promise<Parsed<T>>;
}

/** The clock's time through `external`, so a replayed step sees the time it first saw. */
export function now(run: DialogRun, ctx: DialogContext): Promise<number> {
  const { clock } = ctx.services;
  return run.dialog.external(() => clock.now().getTime());
}

/**
 * Leaves the dialog with a message; the update is consumed. A press that
 * brought `ctx` is answered already: `ask` answers every press it takes, and
 * the entry points the one that opens a dialog (Telegram takes one answer).
 */
export async function leave(run: DialogRun, ctx: DialogContext, key: string): Promise<never> {
  await ctx.reply(ctx.t(key));
  return run.dialog.halt();
}

/** What an update that came while a prompt waits is to that prompt. */
type Incoming =
  /** From anyone but the dialog's owner: refused, changes nothing (not even the expiry). */
  | { kind: "not-yours" }
  | { kind: "expired" }
  /** Another feature's button (a card's 🔄 Refresh, a list page): that feature answers it. */
  | { kind: "elsewhere" }
  /** Edited messages, reactions, member updates: not answers; ignored quietly. */
  | { kind: "ignored" }
  /** A button of another prompt; `later`: of a prompt of this run sent after this one (its step lost in a crash). */
  | { kind: "stale"; later: boolean }
  | { kind: "cancel" }
  /** Not an answer to any prompt (a sticker, another command, a huge text): re-prompt with this locale key. */
  | { kind: "unfit"; error: string }
  /** `/order N` (or a number typed where none is an answer): the card, then the question again. */
  | { kind: "lookup"; query: OrderQuery }
  | { kind: "button"; value: string; at: number }
  | { kind: "text"; text: string; at: number };

export async function ask<T>(run: DialogRun, ctx: DialogContext, options: AskOptions<T>): Promise<T> {
  const rows = [...(options.buttons ?? [])];
  if (options.cancelButton !== false) rows.push([{ text: ctx.t("dlg-btn-cancel"), value: CANCEL }]);
  const prompt = await sendPrompt(run, ctx, options.text, rows);

  for (;;) {
    const next = await run.dialog.wait();
    const incoming = await classify(run, prompt, next);
    switch (incoming.kind) {
      case "not-yours":
        if (next.callbackQuery) await next.answerCallbackQuery({ text: next.t("dlg-not-yours") });
        continue;
      case "elsewhere":
        return run.dialog.skip({ next: true });
      case "ignored":
        return run.dialog.skip({ next: false });
      case "expired":
        return leaveFrom(run, prompt, next, "dlg-expired");
      case "cancel":
        return leaveFrom(run, prompt, next, "dlg-cancelled");
      case "stale":
        await next.answerCallbackQuery({ text: next.t("dlg-stale-button") });
        // The user sees that later prompt as current: ask the saved step again instead of just "outdated".
        if (incoming.later) await prompt.again(next, next.t("dlg-stale-button"));
        continue;
      case "unfit":
        // The limit is for dlg-too-long-field (this prompt's own); the other keys ignore it.
        await prompt.again(
          next,
          next.t(incoming.error, { limit: Math.min(options.limit ?? ANSWER_LIMIT, ANSWER_LIMIT) }),
        );
        continue;
      case "lookup":
        await showCard(run, incoming.query);
        await prompt.again(next, next.t("dlg-lookup-goes-on"));
        continue;
      case "button":
        await next.answerCallbackQuery();
        break;
      case "text": {
        const query = orderNumberTyped(incoming.text, options);
        if (query) {
          await showCard(run, query);
          await prompt.again(next, next.t("dlg-lookup-goes-on"));
          continue;
        }
        const unfit = await textUnfit(run, prompt, options);
        if (unfit) {
          await prompt.again(next, next.t(unfit));
          continue;
        }
      }
    }
    const answer: Answer = { ...incoming, ctx: next };
    const parsed = await options.parse(answer);
    if (!parsed.ok) {
      await prompt.again(next, parsed.error);
      continue;
    }
    await prompt.close(next, parsed.shown ?? shownButton(prompt, answer));
    return parsed.value;
  }
}

/** Ends the dialog from a waiting prompt: the press answered, the prompt's buttons gone, `key`'s text sent. */
async function leaveFrom(run: DialogRun, prompt: Prompt, ctx: DialogContext, key: string): Promise<never> {
  if (ctx.callbackQuery) await ctx.answerCallbackQuery();
  await prompt.close(ctx);
  return leave(run, ctx, key);
}

async function classify(run: DialogRun, prompt: Prompt, ctx: DialogContext): Promise<Incoming> {
  if (!fromOwner(ctx)) return { kind: "not-yours" };
  const at = await now(run, ctx);
  if (at - prompt.askedAt > DIALOG_TTL_MS) return { kind: "expired" };
  if (ctx.callbackQuery) return pressed(ctx.callbackQuery.data, prompt.tag, run.nonce, at);
  return ctx.message ? typed(ctx.message, at) : { kind: "ignored" };
}

/**
 * Dialogs run in private chats only, whose id is the owner's user id: an update
 * from anyone else (a forged or relayed press on the clerk's prompt) is not for this dialog.
 */
function fromOwner(ctx: DialogContext): boolean {
  return ctx.chat?.type === "private" && ctx.from?.id === ctx.chat.id;
}

function pressed(data: string | undefined, tag: string, nonce: string, at: number): Incoming {
  const decoded = dialogButton.decode(data);
  if (!decoded) return { kind: "elsewhere" };
  if (decoded.tag !== tag) return { kind: "stale", later: isLaterPrompt(decoded.tag, tag, nonce) };
  if (decoded.value === CANCEL) return { kind: "cancel" };
  return { kind: "button", value: decoded.value, at };
}

function typed(message: Message, at: number): Incoming {
  const text = message.text;
  if (text === undefined) return { kind: "unfit", error: "dlg-need-text" };
  if (isCancelCommand(text)) return { kind: "cancel" };
  const order = /^\/order(?:@\w+)?(?:\s+([\s\S]*))?$/i.exec(text);
  if (order) {
    const query = parseOrderQuery(order[1] ?? "");
    return query ? { kind: "lookup", query } : { kind: "unfit", error: "lookup-usage" };
  }
  if (text.startsWith("/")) return { kind: "unfit", error: "dlg-command-in-dialog" };
  const trimmed = visibleText(text);
  if (trimmed === "")
    return { kind: "unfit", error: text.trim() === "" ? "dlg-need-text" : "dlg-text-invisible" };
  if ([...trimmed].length > ANSWER_LIMIT) return { kind: "unfit", error: "dlg-too-long-field" };
  return { kind: "text", text: trimmed, at };
}

/**
 * A number in a free-text answer: digits (#1042) or a whole number as the service writes it, a prefix
 * and six digits (А001042); never a model such as "A52", "A2337" or "RTX3080".
 */
const TYPED_ORDER_NUMBER = /^(?:#?\s*\d{1,9}|[A-Za-zА-Яа-яЁё]{1,4}[-‐‑–—]?\d{6})$/u;

/** The order number typed where the prompt takes none as an answer; undefined otherwise. */
function orderNumberTyped(text: string, options: AskOptions<unknown>): OrderQuery | undefined {
  if (options.acceptsText && !options.lookups) return undefined;
  if (options.acceptsText && !TYPED_ORDER_NUMBER.test(text)) return undefined;
  return parseOrderQuery(text, { bare: true });
}

/** The order's card (or the list of matches) from the lookup feature, once: not on replays. */
function showCard(run: DialogRun, query: OrderQuery): Promise<void> {
  return run.dialog.external(async (outer: BotContext) => {
    try {
      await outer.services.orderLookup?.(outer, query);
    } catch (error) {
      // The dialog is what matters here: a failed lookup is said by the re-asked question's line.
      outer.log.warn({ err: error }, "a lookup inside a dialog failed");
    }
  });
}

/** Why typed text is no answer to this prompt (a locale key), if it is not. */
async function textUnfit(
  run: DialogRun,
  prompt: Prompt,
  options: AskOptions<unknown>,
): Promise<string | undefined> {
  if (!options.acceptsText) return "dlg-use-buttons";
  // The text answers a later prompt whose step a crash lost: ask the saved step again.
  if (await laterPromptSent(run, prompt.seq)) return "dlg-repeat-step";
  return undefined;
}

/** Whether a later prompt of this run than `seq` was sent (its step lost in a crash). */
function laterPromptSent(run: DialogRun, seq: number): Promise<boolean> {
  return run.dialog.external(async (outer: BotContext) => {
    const latest = await readLatestPrompt(outer);
    return latest?.nonce === run.nonce && latest.seq > seq;
  });
}

/** Whether `pressed` names a prompt of this run (same nonce) numbered after the current one. */
function isLaterPrompt(pressed: string, current: string, nonce: string): boolean {
  if (!pressed.startsWith(nonce)) return false;
  const seq = (tag: string) => Number.parseInt(tag.slice(nonce.length), 36);
  return seq(pressed) > seq(current);
}

/** What a pressed button shows as the answer: its label, or "—" for ⏭ Skip; nothing for typed text. */
function shownButton(prompt: Prompt, answer: Answer): string | undefined {
  if (answer.kind !== "button") return undefined;
  return answer.value === SKIP ? escapeHtml(answer.ctx.t("dlg-none")) : prompt.label(answer.value);
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
