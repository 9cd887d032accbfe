/**
 * What the outbox keeps in the bot's store (outbox.ts): one entry per message,
 * under its idempotency key, and one index of the messages still to deliver.
 * Both are changed with `update` (compare-and-set on Redis, one queue per file on
 * files), so two instances never both take a delivery, and concurrent enqueues
 * all land in the index.
 */
import { z } from "zod";
import { persisted } from "../store/registry.ts";

/** One Telegram call of a message; a message of several (a report's text, then its chart) goes in order. */
const outboxPart = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("sendMessage"),
    text: z.string(),
    /** An inline keyboard as Telegram takes it (`{ inline_keyboard }`). */
    keyboard: z.unknown().optional(),
    /** A forum's topic (the client inbox's topic per client). */
    threadId: z.number().int().optional(),
  }),
  /** A user's message (a photo, a voice message, a document) copied into another chat, with a caption of ours. */
  z.object({
    method: z.literal("copyMessage"),
    fromChatId: z.number().int(),
    messageId: z.number().int(),
    /** HTML; absent: the message's own caption. */
    caption: z.string().optional(),
    keyboard: z.unknown().optional(),
    threadId: z.number().int().optional(),
  }),
  /** A document of ours (a client's receipt as a PDF: tens of kilobytes), with its buttons. */
  z.object({
    method: z.literal("sendDocument"),
    /** The file's bytes, base64. */
    file: z.string(),
    /** An ASCII file name. */
    name: z.string(),
    caption: z.string().optional(),
    keyboard: z.unknown().optional(),
  }),
  z.object({
    method: z.literal("sendPhoto"),
    /** The picture's bytes, base64 (the evening chart: tens of kilobytes). */
    png: z.string(),
    caption: z.string().optional(),
  }),
]);
export type OutboxPart = z.infer<typeof outboxPart>;

const OUTBOX_STATES = ["queued", "sent", "given-up"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

const outboxEntry = z.object({
  chatId: z.number().int(),
  /** Who the recipient is to the bot ("staff", "client"): whose hooks say they may be told, and hear a refusal. */
  audience: z.string(),
  /** Emptied once the message is delivered or given up: only the outcome is kept. */
  parts: z.array(outboxPart),
  /** Parts Telegram accepted: a message cut off after its first part goes on with the second. */
  done: z.number().int().nonnegative(),
  state: z.enum(OUTBOX_STATES),
  /** Attempts Telegram refused for a while. */
  attempts: z.number().int().nonnegative(),
  /** Unix ms. */
  createdAt: z.number(),
  /** When the news it tells was noticed (Unix ms), when not at `createdAt`: the delay is counted from it. */
  since: z.number().optional(),
  /** Not tried before (Unix ms): the backoff, or Telegram's retry_after. */
  nextAt: z.number(),
  /** Given up when still not delivered by then (Unix ms). */
  giveUpAt: z.number(),
  /** An attempt under way, by whom, until when (a crash frees it then). */
  lease: z.object({ until: z.number(), by: z.string() }).optional(),
  /** Why it was given up ("blocked", "chat not found", "bound"), or the last refusal while queued. */
  reason: z.string().optional(),
  /** When it was delivered or given up (Unix ms). */
  finishedAt: z.number().optional(),
  /** The ids of the messages Telegram made for the parts delivered so far. */
  messageIds: z.array(z.number().int()).optional(),
});
export type OutboxEntry = z.infer<typeof outboxEntry>;

/**
 * Kept past the longest bound (a day) and past the longest a change log may be replayed
 * (notify/claims.ts: two weeks): a replayed change finds its message and sends nothing.
 */
const KEEP_SECONDS = 14 * 24 * 60 * 60;

export const outboxEntries = persisted({
  namespace: "outbox",
  schema: outboxEntry,
  ttlSeconds: KEEP_SECONDS,
  whenStoreFails: "throw",
});

/** A message still to deliver: when it was added, when it is due, its chat (messages to one chat keep their order). */
const pendingItem = z.object({ a: z.number(), n: z.number(), c: z.number() });
export type PendingItem = z.infer<typeof pendingItem>;

/** One entry ("pending"): the messages not delivered yet, by key. */
export const outboxIndex = persisted({
  namespace: "outbox-index",
  schema: z.record(z.string(), pendingItem),
  whenStoreFails: "throw",
});
export const PENDING_KEY = "pending";
