/**
 * The newest dialog prompt sent in each chat, kept in the store apart from the
 * dialog's own state. A crash after a prompt was sent but before the dialog's
 * state was saved leaves the saved step behind what the user sees: a typed
 * answer to the newer prompt must not be taken as the answer to the older step
 * (docs/decisions.md, "Crash safety"). `ask` records the prompt right before sending it,
 * and compares before applying typed text. `/cancel` (which runs before the
 * dialog) finds here the prompt whose buttons it strips.
 */
import { z } from "zod";
import type { BotContext } from "../context.ts";
import { chatKey } from "../middleware/chat-key.ts";
import { persisted } from "../store/registry.ts";

const latestPrompt = z.object({
  /** The dialog run's nonce and the prompt's number within the run. */
  nonce: z.string(),
  seq: z.number(),
  /** Set once sent; absent while sending (or if the crash came before the send). */
  messageId: z.number().optional(),
});
type LatestPrompt = z.infer<typeof latestPrompt>;

const latestPrompts = persisted({
  namespace: "dialog-prompts",
  schema: latestPrompt,
  /** Longer than a dialog may wait (DIALOG_TTL_MS): a record outlives the step it guards. */
  ttlSeconds: 2 * 60 * 60,
  // Only for stripping a prompt's buttons later: a store that refuses it never fails a step.
  whenStoreFails: "skip",
  keep: { entries: 1000, copies: "all" },
});

export async function recordPrompt(ctx: BotContext, prompt: LatestPrompt): Promise<void> {
  const chat = chatKey(ctx);
  if (chat !== undefined) await ctx.services.store.open(latestPrompts).write(chat, prompt);
}

export async function readLatestPrompt(ctx: BotContext): Promise<LatestPrompt | undefined> {
  const chat = chatKey(ctx);
  return chat === undefined ? undefined : await ctx.services.store.open(latestPrompts).read(chat);
}
