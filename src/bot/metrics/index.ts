/**
 * The figures an operator watches (GET /metrics, Prometheus' text format), in one
 * registry of this bot's own (never prom-client's global one: two bots in one
 * process, as in the tests, keep apart). It imports nothing of the bot, so every
 * layer may report to it; each report is one call that costs next to nothing
 * (a counter or a histogram of a few labels), and the gauges are read only when
 * scraped. Where the bot has no metrics (most tests), callers skip it
 * (`services.metrics?.…`).
 *
 *   const metrics = createMetrics({ defaults: true });
 *   createServiceClient({ …, onRequest: metrics.serviceRequest });
 *   bot.api.config.use(metrics.telegram);   // innermost: every answer Telegram gives
 *   metrics.watch({ client, mirror });      // quota, reserve, sync lag: read at scrape time
 *   await metrics.scrape();                 // the text for GET /metrics
 */
import type { Transformer } from "grammy";
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";
import type { RequestEvent } from "../../service/index.ts";
import { type DialogCount, dialogCounter } from "./dialogs.ts";
import { type MetricSources, sourceGauges, type WatchedSources, watchSources } from "./gauges.ts";
import { type TelegramState, telegramWatch } from "./telegram.ts";

export type { DialogCount } from "./dialogs.ts";

export type { TelegramState } from "./telegram.ts";

const PREFIX = "repairbot_";

/**
 * How a write through the write core ended (writes/once.ts): `sent` the service took it,
 * `landed_after_check` an earlier attempt had no clear answer and the check found it in the
 * service, `refused` nothing written (the service said no, or the user's role no longer allows
 * it), `unknown` no clear answer (timeout, 5xx, unreadable: the next try checks first),
 * `not_sent` the store could not keep its marker, so nothing went out, `replayed` a repeat of
 * a write already done (a double press: nothing sent).
 */
export type WriteResult = "sent" | "landed_after_check" | "refused" | "unknown" | "not_sent" | "replayed";

/** Who a message sent outside an update was for: the staff (notifications) or a linked client. */
type MessageChannel = "staff" | "client";

/**
 * What the delivery of messages outside an update reports (the notifiers today; the outbox
 * once it sends them): one call per message Telegram took, with its delay, and per give-up.
 */
interface DeliveryObserver {
  /** Telegram took the message `delayMs` after the news it tells was noticed. */
  delivered(channel: MessageChannel, delayMs: number): void;
  /** The message will not be sent (blocked, refused, retries over). */
  gaveUp(channel: MessageChannel): void;
}

export interface BotMetrics extends DeliveryObserver {
  readonly registry: Registry;
  /** The service client's `onRequest`: one exchange by use (read, write, sync, auth) and outcome. */
  readonly serviceRequest: (event: RequestEvent) => void;
  /** A Bot API transformer: errors by method and code, and when Telegram last answered. */
  readonly telegram: Transformer;
  /** Telegram as the transformer saw it (readiness). */
  telegramState(): TelegramState;
  /** One write of the write core, by its kind's name and how it ended. */
  write(kind: string, result: WriteResult): void;
  /** The chats with a dialog open (dialog-kit/plugins.ts reports its storage's writes). */
  readonly dialogs: DialogCount;
  /** Where the gauges read from; call once the client and the mirror exist. */
  watch(sources: MetricSources): void;
  /** The text for GET /metrics. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

export interface MetricsOptions {
  /** Node's default metrics (process, heap, event loop, GC): on in the running bot. */
  defaults?: boolean;
  now?: () => number;
}

/** Seconds; a notification within a minute is the target (issue 34), ten minutes is far out. */
const DELAY_BUCKETS = [1, 2, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 300, 600];

export function createMetrics(options: MetricsOptions = {}): BotMetrics {
  const now = options.now ?? Date.now;
  const registry = new Registry();
  const registers = [registry];
  if (options.defaults) collectDefaultMetrics({ register: registry });

  // Counted in plain numbers per label pair and handed to the counter when scraped: a request
  // costs a map lookup and an add (prom-client's own inc hashes its labels each time, ~1 µs).
  const requestCounts = new Map<string, { use: string; outcome: string; count: number }>();
  new Counter({
    name: `${PREFIX}service_requests_total`,
    help: "HTTP exchanges with the repair-shop service (every attempt), by use and outcome (ok or the error kind)",
    labelNames: ["use", "outcome"] as const,
    registers,
    collect() {
      this.reset();
      for (const { use, outcome, count } of requestCounts.values()) this.inc({ use, outcome }, count);
    },
  });
  const serviceRequest = (event: RequestEvent): void => {
    const outcome = event.error ?? "ok";
    const key = `${event.use}:${outcome}`;
    const counted = requestCounts.get(key);
    if (counted) counted.count++;
    else requestCounts.set(key, { use: event.use, outcome, count: 1 });
  };

  const writes = new Counter({
    name: `${PREFIX}writes_total`,
    help: "Writes of the write core by kind and result (sent, landed_after_check, refused, unknown, not_sent, replayed)",
    labelNames: ["kind", "result"] as const,
    registers,
  });
  const notificationDelay = new Histogram({
    name: `${PREFIX}notification_delay_seconds`,
    help: "From a change being noticed (the sync run that found it, or the bot's own write) to Telegram taking the staff's notification",
    buckets: DELAY_BUCKETS,
    registers,
  });
  const clientDelay = new Histogram({
    name: `${PREFIX}client_message_delay_seconds`,
    help: "From a change being noticed to Telegram taking the linked client's message",
    buckets: DELAY_BUCKETS,
    registers,
  });
  const givenUp = new Counter({
    name: `${PREFIX}messages_given_up_total`,
    help: "Messages outside an update that were not sent (the user blocked the bot, Telegram refused, retries over)",
    labelNames: ["channel"] as const,
    registers,
  });

  const telegram = telegramWatch(registry, PREFIX, now);
  const dialogs = dialogCounter(registry, PREFIX);
  const sources: WatchedSources = {};
  sourceGauges(registry, PREFIX, sources, now);

  return {
    registry,
    serviceRequest,
    telegram: telegram.transformer,
    telegramState: telegram.state,
    write: (kind, result) => writes.inc({ kind, result }),
    delivered: (channel, delayMs) =>
      (channel === "client" ? clientDelay : notificationDelay).observe(Math.max(0, delayMs) / 1000),
    gaveUp: (channel) => givenUp.inc({ channel }),
    dialogs,
    watch: (next) => watchSources(sources, next),
    scrape: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
