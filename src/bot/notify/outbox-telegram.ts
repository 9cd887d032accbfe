/**
 * The outbox's side of Telegram: one part of a message sent with its own timeout (no
 * auto-retry: the outbox's backoff decides), and what a refusal means.
 */
import { type Api, GrammyError, HttpError, InputFile } from "grammy";
import { ownRetries } from "../telegram/api.ts";
import type { OutboxPart } from "./outbox-records.ts";

/** One Telegram call at most: then it counts as unanswered (and is tried again). */
const CALL_TIMEOUT_MS = 30_000;

export function sendPart(api: Api, chatId: number, part: OutboxPart) {
  // grammY types its signal as the abort-controller shim's; the platform's is what it uses.
  const signal = AbortSignal.timeout(CALL_TIMEOUT_MS) as never;
  if (part.method === "sendMessage")
    return api.sendMessage(chatId, part.text, ownRetries({ reply_markup: part.keyboard as never }), signal);
  const photo = new InputFile(Buffer.from(part.png, "base64"), "report.png");
  return api.sendPhoto(chatId, photo, ownRetries({ caption: part.caption }), signal);
}

type Verdict = { retry: true; afterMs?: number; reason: string } | { retry: false; reason: string };

/** What a refused call means: for a while (429, 5xx, the network) or for good (403, 400). */
export function verdictOf(error: unknown): Verdict {
  if (error instanceof GrammyError) {
    const code = error.error_code;
    if (code === 429) {
      const after = error.parameters?.retry_after;
      return { retry: true, afterMs: after !== undefined ? after * 1000 : undefined, reason: "429" };
    }
    if (code === 403) return { retry: false, reason: "blocked" };
    if (code === 400) return { retry: false, reason: error.description.replace(/^Bad Request:\s*/i, "") };
    return { retry: true, reason: String(code) };
  }
  if (error instanceof HttpError) return { retry: true, reason: "network" };
  return { retry: true, reason: String(error).slice(0, 200) };
}
