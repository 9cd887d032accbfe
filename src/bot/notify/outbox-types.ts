/** The outbox's public shapes (outbox.ts): a message, the audiences' hooks, the status and the counters. */
import type { OutboxPart, OutboxState } from "./outbox-records.ts";

interface OutboxMessage {
  /** The idempotency key: one message per key, ever (within the two weeks an entry is kept). */
  id: string;
  chatId: number;
  audience: string;
  parts: OutboxPart[];
  /** Given up when not delivered by then (Unix ms); default a day from now. */
  giveUpAt?: number;
  /** When the news it tells was noticed (Unix ms): the delivery delay is counted from it. */
  since?: number;
}

/** Told of each message's end (the operator's metrics). */
export interface OutboxObserver {
  delivered(audience: string, delayMs: number): void;
  gaveUp(audience: string): void;
}

/** What an audience's recipients are to the outbox. */
export interface AudienceHooks {
  /** Whether the chat may still be told, checked before each attempt (a role taken away meanwhile). */
  allows?(chatId: number): Promise<boolean>;
  /** Telegram refused the chat for good ("blocked", "chat not found", ...). */
  refused?(chatId: number, reason: string, message: RefusedMessage): Promise<void>;
  /** Telegram took every part: the ids of the messages it made, in order (a feature that maps its messages). */
  delivered?(chatId: number, messageIds: number[], id: string): Promise<void>;
}

/** The message refused for good, as it was kept: a hook may send it again elsewhere (a topic gone). */
interface RefusedMessage {
  id: string;
  parts: OutboxPart[];
}

export interface OutboxStatus {
  state: OutboxState;
  attempts: number;
  reason?: string;
  /** The messages Telegram made, once delivered. */
  messageIds?: number[];
}

/** Plain counters of this process (the metrics exporter reads them). */
interface OutboxStats {
  /** Messages waiting to be delivered, as the last look at the store found them. */
  queued: number;
  sent: number;
  /** Attempts Telegram refused for a while (each is tried again). */
  retried: number;
  /** Not delivered within their bound. */
  givenUp: number;
  /** Refused for good by Telegram (blocked, chat not found). */
  refused: number;
  /** Dropped before an attempt: the recipient may no longer be told. */
  dropped: number;
  /** From being kept to being accepted, ms: the last deliveries kept. */
  delay: { count: number; p50: number; p95: number; max: number };
}

export interface Outbox {
  /** Registers how the recipients of `name` are checked and told of a refusal. */
  audience(name: string, hooks: AudienceHooks): void;
  /** Keeps the message, then tries it at once; a key kept before sends nothing again. */
  send(message: OutboxMessage): Promise<OutboxStatus>;
  status(id: string): Promise<OutboxStatus | undefined>;
  /** Tries every message that is due (in order per chat); resolves when done. */
  drain(): Promise<void>;
  stats(): OutboxStats;
  start(): void;
  stop(): Promise<void>;
}
