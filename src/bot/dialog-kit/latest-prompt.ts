/**
 * The newest dialog prompt sent in each chat, kept in the store apart from the
 * dialog's own state. A crash after a prompt was sent but before the dialog's
 * state was saved leaves the saved step behind what the user sees: a typed
 * answer to the newer prompt must not be taken as the answer to the older step
 * (docs/decisions.md, "Crash safety"). `ask` records the prompt right before sending it,
 * and compares before applying typed text. `/cancel` (which runs before the
 * dialog) finds here the prompt whose buttons it strips.
 */
import type { BotContext } from "../context.ts";
import type { Store } from "../store/storage.ts";

const PROMPTS_NAMESPACE = "dialog-prompts";
/** Longer than a dialog may wait (DIALOG_TTL_MS): a record outlives the step it guards. */
const PROMPT_TTL_SECONDS = 2 * 60 * 60;

interface LatestPrompt {
  /** The dialog run's nonce and the prompt's number within the run. */
  nonce: string;
  seq: number;
  /** Set once sent; absent while sending (or if the crash came before the send). */
  messageId?: number;
}

const adapter = (store: Store) =>
  store.adapter<LatestPrompt>(PROMPTS_NAMESPACE, {
    ttlSeconds: PROMPT_TTL_SECONDS,
    // Only for stripping a prompt's buttons later: a store that refuses it never fails a step.
    failures: "skip",
    keep: 1000,
  });
const chatOf = (ctx: BotContext): string | undefined =>
  ctx.chat?.id === undefined ? undefined : String(ctx.chat.id);

export async function recordPrompt(ctx: BotContext, prompt: LatestPrompt): Promise<void> {
  const chat = chatOf(ctx);
  if (chat !== undefined) await adapter(ctx.services.store).write(chat, prompt);
}

export async function readLatestPrompt(ctx: BotContext): Promise<LatestPrompt | undefined> {
  const chat = chatOf(ctx);
  return chat === undefined ? undefined : await adapter(ctx.services.store).read(chat);
}
