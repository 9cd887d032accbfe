/**
 * The outbox's Telegram side (outbox.ts): one call per kept part, and what a refusal
 * means. A call answers the id of the message Telegram made, so a feature that maps
 * its messages (the client inbox: a reply names its client) learns it once delivered.
 */
import { type Api, GrammyError, HttpError, InputFile } from "grammy";
import { ownRetries } from "../telegram/api.ts";
import type { OutboxPart } from "./outbox-records.ts";

/** One Telegram call at most: then it counts as unanswered (and is tried again). */
const CALL_TIMEOUT_MS = 30_000;

export type Verdict = { retry: true; afterMs?: number; reason: string } | { retry: false; reason: string };

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

/** Sends one part; the id of the message it made. */
export async function callPart(api: Api, chatId: number, part: OutboxPart): Promise<number> {
  // grammY types its signal as the abort-controller shim's; the platform's is what it uses.
  const signal = AbortSignal.timeout(CALL_TIMEOUT_MS) as never;
  if (part.method === "sendMessage") {
    const sent = await api.sendMessage(
      chatId,
      part.text,
      ownRetries({ reply_markup: part.keyboard as never, message_thread_id: part.threadId }),
      signal,
    );
    return sent.message_id;
  }
  if (part.method === "copyMessage") {
    const copied = await api.copyMessage(
      chatId,
      part.fromChatId,
      part.messageId,
      ownRetries({
        caption: part.caption,
        parse_mode: part.caption === undefined ? undefined : ("HTML" as const),
        reply_markup: part.keyboard as never,
        message_thread_id: part.threadId,
      }),
      signal,
    );
    return copied.message_id;
  }
  if (part.method === "sendDocument") {
    const file = new InputFile(Buffer.from(part.file, "base64"), part.name);
    const sent = await api.sendDocument(
      chatId,
      file,
      ownRetries({
        caption: part.caption,
        parse_mode: part.caption === undefined ? undefined : ("HTML" as const),
        reply_markup: part.keyboard as never,
      }),
      signal,
    );
    return sent.message_id;
  }
  const photo = new InputFile(Buffer.from(part.png, "base64"), "report.png");
  const sent = await api.sendPhoto(chatId, photo, ownRetries({ caption: part.caption }), signal);
  return sent.message_id;
}
