/**
 * What GET /health reports: whether updates still arrive from Telegram and
 * whether the service answered its last request. In polling mode a getUpdates
 * that has not succeeded for a while means the bot is deaf (network, token,
 * Telegram outage) and /health says 503; in webhook mode Telegram may simply
 * have nothing to send, so only the server answering counts. The service is
 * reported, never judged: restarting the bot does not bring the service back.
 *
 * The bot's own store is judged: while Redis is down, or DATA_DIR refuses
 * writes (read-only, full), /health says 503 with `store.reason`, and 200 again
 * once the store works (no restart needed).
 */
import type { Transformer } from "grammy";
import type { StoreHealth } from "../store/guard.ts";
import type { HealthAnswer } from "./server.ts";

/** Long polls last 30 s (the runner's default), so three missed ones mean trouble. */
export const POLLING_STALE_AFTER_MS = 90_000;

export interface Liveness {
  /** A getUpdates succeeded (polling) or an update arrived through the webhook. */
  updatesArrived(): void;
  /** One exchange with the service: `answered` false for a network error, timeout or 5xx. */
  serviceExchange(answered: boolean): void;
  report(): HealthAnswer;
  /** Polling and no getUpdates succeeded for a while (readiness reads it, as /health does). */
  deaf(): boolean;
  /** Whether the service answered its last request: null before any. */
  serviceAnswering(): boolean | null;
}

interface LivenessOptions {
  mode: "polling" | "webhook";
  now?: () => number;
  staleAfterMs?: number;
  /** The bot's store: its kind and how it fares (Store.health). */
  store?: { kind: string; health?(): StoreHealth };
}

export function createLiveness(options: LivenessOptions): Liveness {
  const now = options.now ?? Date.now;
  const staleAfterMs = options.staleAfterMs ?? POLLING_STALE_AFTER_MS;
  const startedAt = now();
  let lastUpdates: number | undefined;
  let lastAnswer: number | undefined;
  let lastFailure: number | undefined;
  const ageS = (at: number | undefined) => (at === undefined ? null : Math.round((now() - at) / 1000));
  // Before the first getUpdates, the time since start counts: a bot that never got going is not live.
  const deaf = () => options.mode === "polling" && now() - (lastUpdates ?? startedAt) > staleAfterMs;
  const answering = () =>
    lastAnswer === undefined && lastFailure === undefined ? null : (lastAnswer ?? -1) >= (lastFailure ?? -1);
  return {
    updatesArrived: () => {
      lastUpdates = now();
    },
    serviceExchange: (answered) => {
      if (answered) lastAnswer = now();
      else lastFailure = now();
    },
    deaf,
    serviceAnswering: answering,
    report: () => {
      const store = options.store;
      const stored = store?.health?.() ?? { ok: true };
      const ok = !deaf() && stored.ok;
      return {
        ok,
        body: {
          ok,
          mode: options.mode,
          ...(store
            ? {
                store: {
                  kind: store.kind,
                  ok: stored.ok,
                  reason: stored.reason ?? null,
                  failingForS: ageS(stored.since),
                },
              }
            : {}),
          uptimeS: ageS(startedAt),
          telegram: { lastUpdatesAgoS: ageS(lastUpdates) },
          service: {
            lastAnswerAgoS: ageS(lastAnswer),
            lastFailureAgoS: ageS(lastFailure),
            answering: answering(),
          },
        },
      };
    },
  };
}

/** A Bot API transformer that tells `liveness` about every successful getUpdates. */
export function watchGetUpdates(liveness: Liveness): Transformer {
  return async (prev, method, payload, signal) => {
    const result = await prev(method, payload, signal);
    if (method === "getUpdates" && result.ok) liveness.updatesArrived();
    return result;
  };
}
