/**
 * The one outbox for every message sent outside an update: the staff's
 * notifications, the morning digest, the evening report, the clients' messages.
 * A message is kept in the bot's store (outbox-records.ts) under its idempotency
 * key until Telegram accepts it:
 *
 * - sent at once when its chat has nothing older waiting, else after it (in order);
 * - refused for a while (429: after Telegram's retry_after; 5xx, a dropped connection,
 *   no answer: after 5 s, 15 s, 30 s ... up to 30 minutes) it is tried again, by this
 *   process or, after a restart, by the next, on any instance: each attempt takes a
 *   lease on the entry by compare-and-set, so two instances never send it at once;
 * - refused for good (403: the user blocked the bot; 400: chat not found, ...) it is
 *   given up at once, the reason kept on the entry (`status`) and told to the
 *   audience's `refused` hook (a blocked user is marked so);
 * - still undelivered at its bound (a day, or the window of a scheduled message) it is
 *   given up with an error line in the log;
 * - the same key sent again finds the entry and sends nothing: a replayed change
 *   log, a scheduled run tried again, two instances noticing one change.
 *
 * A part Telegram accepted is recorded before the next is sent, so a message of
 * several parts (a report and its chart) goes on where it stopped. What is not
 * knowable is a call whose answer never came (a connection dropped after Telegram
 * took it, a crash mid-call): it is tried again, so the message may show twice
 * then; losing it is the worse mistake for a "ready".
 *
 * The outbox takes a chat id and a message, the bot's api, the store and a clock:
 * no grammY context (its calls of Telegram and what a refusal means: outbox-telegram.ts). `stats()` gives plain counters for metrics.
 */
import { randomUUID } from "node:crypto";
import type { Api } from "grammy";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../clock.ts";
import type { Store } from "../store/storage.ts";
import {
  type OutboxEntry,
  type OutboxPart,
  type OutboxState,
  outboxEntries,
  outboxIndex,
  PENDING_KEY,
  type PendingItem,
} from "./outbox-records.ts";
import { sendPart, verdictOf } from "./outbox-telegram.ts";

/** How long a message is tried by default: a "ready" a day late still tells something. */
const DEFAULT_BOUND_MS = 24 * 60 * 60 * 1000;
/** Waits after each refusal in a row (the last one repeats). */
const BACKOFF_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_200_000, 1_800_000];
/** An attempt's lease: longer than its calls; a crash mid-attempt frees the message then. */
const LEASE_MS = 3 * 60_000;
/** An index item whose entry never came (a crash between the two writes) is dropped after this. */
const ORPHAN_MS = 60_000;
/** How often a started outbox looks for messages due. */
const CHECK_EVERY_MS = 5_000;
/** Delivery delays kept for the percentiles. */
const DELAYS_KEPT = 1000;

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
interface OutboxObserver {
  delivered(audience: string, delayMs: number): void;
  gaveUp(audience: string): void;
}

/** What an audience's recipients are to the outbox. */
interface AudienceHooks {
  /** Whether the chat may still be told, checked before each attempt (a role taken away meanwhile). */
  allows?(chatId: number): Promise<boolean>;
  /** Telegram refused the chat for good ("blocked", "chat not found", ...). */
  refused?(chatId: number, reason: string): Promise<void>;
}

export interface OutboxStatus {
  state: OutboxState;
  attempts: number;
  reason?: string;
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
  /** From being kept to being accepted, ms: the last DELAYS_KEPT deliveries. */
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

interface OutboxOptions {
  store: Store;
  api: Api;
  clock: Clock;
  logger: Logger;
  observer?: OutboxObserver;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { store, api, clock, logger, observer } = options;
  const entries = store.open(outboxEntries);
  const index = store.open(outboxIndex);
  const audiences = new Map<string, AudienceHooks>();
  const counts = { sent: 0, retried: 0, givenUp: 0, refused: 0, dropped: 0 };
  const delays: number[] = [];
  let queued = 0;
  let draining: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const now = () => clock.now().getTime();

  const statusOf = (entry: OutboxEntry): OutboxStatus => ({
    state: entry.state,
    attempts: entry.attempts,
    reason: entry.reason,
  });

  const unindex = (id: string) =>
    index.update(PENDING_KEY, (pending) => {
      if (!pending?.[id]) return pending;
      const { [id]: _gone, ...rest } = pending;
      return Object.keys(rest).length > 0 ? rest : undefined;
    });

  /** The attempt's end: delivered or given up; only the outcome is kept. */
  const finish = async (id: string, token: string, state: OutboxState, reason?: string) => {
    const at = now();
    const done = await entries.update(id, (entry) =>
      entry && entry.lease?.by === token
        ? { ...entry, state, parts: [], lease: undefined, reason, finishedAt: at }
        : entry,
    );
    await unindex(id);
    if (done?.finishedAt !== at) return;
    if (state === "sent") {
      counts.sent++;
      delays.push(at - done.createdAt);
      if (delays.length > DELAYS_KEPT) delays.shift();
      observer?.delivered(done.audience, at - (done.since ?? done.createdAt));
    } else observer?.gaveUp(done.audience);
  };

  const refusedFor = async (id: string, token: string, entry: OutboxEntry, error: unknown) => {
    const verdict = verdictOf(error);
    const log = { id, chatId: entry.chatId, reason: verdict.reason, attempts: entry.attempts + 1 };
    if (!verdict.retry) {
      counts.refused++;
      logger.warn(log, "outbox: Telegram refused a message for good; not tried again");
      await finish(id, token, "given-up", verdict.reason);
      await audiences
        .get(entry.audience)
        ?.refused?.(entry.chatId, verdict.reason)
        .catch((e: unknown) => logger.warn({ id, err: String(e) }, "outbox: a refusal's hook failed"));
      return;
    }
    const at = now();
    const wait = verdict.afterMs ?? BACKOFF_MS[Math.min(entry.attempts, BACKOFF_MS.length - 1)] ?? 0;
    const nextAt = at + Math.max(1000, wait);
    if (nextAt > entry.giveUpAt) {
      counts.givenUp++;
      logger.error(log, "outbox: a message was not delivered within its bound; given up");
      await finish(id, token, "given-up", `bound: ${verdict.reason}`);
      return;
    }
    counts.retried++;
    logger.warn({ ...log, retryInMs: nextAt - at }, "outbox: Telegram did not take a message; tried again");
    await entries.update(id, (current) =>
      current && current.lease?.by === token
        ? { ...current, attempts: current.attempts + 1, nextAt, lease: undefined, reason: verdict.reason }
        : current,
    );
    await index.update(PENDING_KEY, (pending) =>
      pending?.[id] ? { ...pending, [id]: { ...pending[id], n: nextAt } } : pending,
    );
  };

  /** One attempt at `id`: "sent", "done" (nothing left to do here) or "wait" (not now, or refused). */
  const attempt = async (id: string, item: PendingItem): Promise<"sent" | "done" | "wait"> => {
    const seen = await entries.read(id);
    if (!seen) {
      if (now() - item.a > ORPHAN_MS) await unindex(id);
      return "wait";
    }
    if (seen.state !== "queued") {
      await unindex(id);
      return "done";
    }
    const hooks = audiences.get(seen.audience);
    // Its audience is not set up in this process (yet): another instance, or a later moment, sends it.
    if (!hooks) return "wait";
    const token = randomUUID();
    const at = now();
    const taken = await entries.update(id, (entry) => {
      if (entry?.state !== "queued" || entry.nextAt > at) return entry;
      if (entry.lease && entry.lease.until > at) return entry;
      return { ...entry, lease: { until: at + LEASE_MS, by: token } };
    });
    if (!taken || taken.lease?.by !== token) return "wait";
    if (hooks.allows && !(await hooks.allows(taken.chatId))) {
      counts.dropped++;
      await finish(id, token, "given-up", "recipient");
      return "done";
    }
    for (let part = taken.done; part < taken.parts.length; part++) {
      const next = taken.parts[part];
      if (!next) break;
      try {
        await sendPart(api, taken.chatId, next);
      } catch (error) {
        await refusedFor(id, token, taken, error);
        return "wait";
      }
      await entries.update(id, (entry) =>
        entry && entry.lease?.by === token ? { ...entry, done: part + 1 } : entry,
      );
    }
    await finish(id, token, "sent");
    return "sent";
  };

  const drainOnce = async () => {
    const pending = (await index.read(PENDING_KEY)) ?? {};
    const items = Object.entries(pending).sort(([, x], [, y]) => x.a - y.a);
    queued = items.length;
    // A chat whose older message waits keeps its newer ones behind it.
    const waiting = new Set<number>();
    for (const [id, item] of items) {
      if (waiting.has(item.c)) continue;
      if (item.n > now()) {
        waiting.add(item.c);
        continue;
      }
      const outcome = await attempt(id, item).catch((error: unknown) => {
        logger.warn({ id, err: String(error) }, "outbox: an attempt failed; tried again later");
        return "wait" as const;
      });
      if (outcome === "wait") waiting.add(item.c);
      else queued--;
    }
  };

  const drain = () => {
    draining = draining.then(drainOnce).catch((error: unknown) => {
      logger.warn({ err: String(error) }, "outbox: the store could not be read; tried again later");
    });
    return draining;
  };

  return {
    audience(name, hooks) {
      audiences.set(name, hooks);
    },
    async send(message) {
      const known = await entries.read(message.id);
      if (known) return statusOf(known);
      const at = now();
      const item: PendingItem = { a: at, n: at, c: message.chatId };
      // The index first: an entry is never left out of it (an index item without its entry is dropped later).
      const pending = await index.update(PENDING_KEY, (current) =>
        current?.[message.id] ? current : { ...(current ?? {}), [message.id]: item },
      );
      let created = false;
      const entry = await entries.update(message.id, (current) => {
        if (current) return current;
        created = true;
        return {
          chatId: message.chatId,
          audience: message.audience,
          parts: message.parts,
          done: 0,
          state: "queued",
          attempts: 0,
          createdAt: at,
          since: message.since,
          nextAt: at,
          giveUpAt: message.giveUpAt ?? at + DEFAULT_BOUND_MS,
        };
      });
      if (!entry) throw new Error("outbox: the message was not kept");
      if (!created) return statusOf(entry);
      const older = Object.entries(pending ?? {}).some(
        ([id, other]) => id !== message.id && other.c === message.chatId && other.a <= at,
      );
      if (!older) await attempt(message.id, item);
      return statusOf((await entries.read(message.id)) ?? entry);
    },
    async status(id) {
      const entry = await entries.read(id);
      return entry && statusOf(entry);
    },
    drain,
    stats() {
      const sorted = [...delays].sort((a, b) => a - b);
      return {
        queued,
        ...counts,
        delay: {
          count: sorted.length,
          p50: percentile(sorted, 0.5),
          p95: percentile(sorted, 0.95),
          max: sorted.at(-1) ?? 0,
        },
      };
    },
    start() {
      if (timer) return;
      void drain();
      timer = setInterval(() => void drain(), CHECK_EVERY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      return draining;
    },
  };
}
