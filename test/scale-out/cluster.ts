/**
 * Two bot instances behind their own webhook servers, as in production with
 * REDIS_URL: each has its own service client (login mode, the Redis token/quota
 * store on one prefix, like main.ts), its own Redis connection and Store, and its
 * own HTTP endpoint checking the secret token. They share the sandbox, the Redis
 * prefix and one fake Telegram (the bot's messages are one conversation for the user).
 *
 *   const cluster = await startCluster({ sandbox, redisUrl, operators: [1] });
 *   const op = cluster.user(1, { languageCode: "en" });   // round-robin, like a load balancer
 *   await op.on(cluster.a).send("/new");                  // or pin one update to one instance
 *   const hold = cluster.holdTelegram();                   // handlers stall on their next Bot API call
 *   await cluster.close();
 */
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { Bot } from "grammy";
import type { Update } from "grammy/types";
import { Redis } from "ioredis";
import { pino } from "pino";
import type { Clock } from "../../src/bot/clock.ts";
import type { BotContext, BotServices } from "../../src/bot/context.ts";
import { createLiveness } from "../../src/bot/http/health.ts";
import { startWebhookServer } from "../../src/bot/http/telegram-webhook.ts";
import { createBot } from "../../src/bot/index.ts";
import type { ChatLockOptions } from "../../src/bot/middleware/chat-lock.ts";
import {
  createRedisStore as createBotStore,
  DEFAULT_REDIS_TIMEOUT_MS,
  redisOptions,
  type Store,
} from "../../src/bot/store/storage.ts";
import type { Sandbox } from "../../src/sandbox/index.ts";
import {
  createServiceClient,
  createRedisTokenStore as createServiceStore,
  type RequestEvent,
  type ServiceClient,
  type ServiceStore,
} from "../../src/service/index.ts";
import { type ApiCall, BOT_INFO, FakeTelegram } from "../helpers/fake-telegram.ts";
import { chatUser, type TestUser, testConfig } from "../helpers/test-bot.ts";
import { telegramUser } from "../helpers/updates.ts";

const WEBHOOK_SECRET = "scale-out-secret-token";
const WEBHOOK_URL = "https://bot.example/telegram";

export interface Instance {
  readonly name: "A" | "B";
  readonly bot: Bot<BotContext>;
  readonly services: BotServices;
  readonly client: ServiceClient;
  readonly serviceStore: ServiceStore;
  readonly store: Store;
  /** The webhook endpoint of this instance. */
  readonly url: string;
  /** GET /health of this instance (it reports the store). */
  readonly healthUrl: string;
  /** Service exchanges of this instance's client, /auth included. */
  readonly requests: RequestEvent[];
  /** POSTs one update to this instance's webhook, as Telegram does; resolves when it was handled. */
  deliver(update: Update): Promise<void>;
}

/** A user whose updates reach the instances the way a load balancer sends them. */
export interface ClusterUser extends TestUser {
  /** The same user with every update going to one instance. */
  on(instance: Instance): ClusterUser;
}

export interface Cluster {
  readonly a: Instance;
  readonly b: Instance;
  readonly telegram: FakeTelegram;
  readonly prefix: string;
  /** A Redis connection of the test itself, for looking at the shared keys. */
  readonly redis: Redis;
  /**
   * A user of both instances. `route` picks the instance for the user's n-th update (from 0);
   * default: round-robin A, B, A, ... as a load balancer without sticky sessions would.
   */
  user(id: number, options?: { languageCode?: string; route?: (n: number) => Instance }): ClusterUser;
  /** /auth calls of both instances together. */
  logins(): number;
  /**
   * Until `release()`, every Bot API call of both instances waits: a handler stalls mid-update
   * (holding its chat) the way a slow step does. `waiting()` counts the stalled calls.
   */
  holdTelegram(): { waiting(): number; release(): void };
  close(): Promise<void>;
}

export interface ClusterOptions {
  sandbox: Sandbox;
  redisUrl: string;
  operators?: number[];
  viewers?: number[];
  shopIds?: string[];
  /** One clock for both instances (a ManualClock drives the inline debounce). */
  clock?: Clock;
  chatLock?: ChatLockOptions;
  /** REDIS_TIMEOUT_MS of the instances. */
  redisTimeoutMs?: number;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { sandbox, redisUrl } = options;
  const prefix = `scale-out:${randomUUID()}`;
  const telegram = new FakeTelegram();
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
  const config = testConfig({
    operatorIds: options.operators ?? [],
    viewerIds: options.viewers ?? [],
    shopIds: options.shopIds ?? [],
    storage: { kind: "redis", url: redisUrl },
    mode: { kind: "webhook", url: WEBHOOK_URL, secret: WEBHOOK_SECRET, port: 0 },
  });
  const servers: Server[] = [];
  let hold: { until: Promise<void>; waiting: number } | undefined;
  const telegramFetch = telegram.fetch as unknown as typeof fetch;
  const heldFetch: typeof fetch = async (input, init) => {
    const current = hold;
    if (current) {
      current.waiting++;
      await current.until;
    }
    return telegramFetch(input, init);
  };

  const startInstance = async (name: "A" | "B"): Promise<Instance> => {
    // As main.ts connects: no offline queue, bounded timeouts.
    const redis = new Redis(redisUrl, redisOptions(options.redisTimeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS));
    redis.on("error", () => undefined); // a stopped Redis is some tests' point; commands report it
    await redis.connect();
    const store = createBotStore(redis, prefix);
    // As main.ts does: the client's token and quota under the store's prefix, with a renewal lock.
    const serviceStore = createServiceStore({ redis, prefix: `${prefix}:service:`, pollMs: 10 });
    const requests: RequestEvent[] = [];
    const client = createServiceClient({
      baseUrl: sandbox.url,
      login: sandbox.login,
      password: sandbox.password,
      store: serviceStore,
      timeoutMs: 3000,
      retry: { count: 0, baseDelayMs: 1 },
      onRequest: (event) => requests.push(event),
    });
    const { bot, services } = createBot({
      config,
      logger: logger.child({ instance: name }),
      client,
      store,
      serviceKind: "sandbox",
      throttle: false,
      clock: options.clock,
      chatLock: options.chatLock,
      botConfig: { botInfo: BOT_INFO, client: { fetch: heldFetch } },
    });
    const server = await startWebhookServer(
      bot,
      { url: WEBHOOK_URL, secret: WEBHOOK_SECRET, port: 0 },
      logger,
      { liveness: createLiveness({ mode: "webhook", store }) },
    );
    servers.push(server);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const url = `${origin}${new URL(WEBHOOK_URL).pathname}`;
    return {
      name,
      bot,
      services,
      client,
      serviceStore,
      store,
      url,
      healthUrl: `${origin}/health`,
      requests,
      async deliver(update) {
        const response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": WEBHOOK_SECRET },
          body: JSON.stringify(update),
        });
        await response.arrayBuffer();
        if (response.status !== 200)
          throw new Error(`instance ${name} answered the webhook ${response.status}`);
      },
    };
  };

  const a = await startInstance("A");
  const b = await startInstance("B");
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  redis.on("error", () => undefined); // reconnects on its own after a stopped Redis

  const makeUser = (
    id: number,
    languageCode: string | undefined,
    route: (n: number) => Instance,
  ): ClusterUser => {
    let sent = 0;
    const deliver = async (update: Update): Promise<ApiCall[]> => {
      const start = telegram.calls.length;
      await route(sent++).deliver(update);
      return telegram.calls.slice(start);
    };
    return {
      ...chatUser(telegram, telegramUser(id, languageCode ? { languageCode } : {}), deliver),
      on: (instance) => makeUser(id, languageCode, () => instance),
    };
  };

  const roundRobin = (n: number) => (n % 2 === 0 ? a : b);

  return {
    a,
    b,
    telegram,
    prefix,
    redis,
    user: (id, userOptions = {}) => makeUser(id, userOptions.languageCode, userOptions.route ?? roundRobin),
    logins: () => [...a.requests, ...b.requests].filter((r) => r.path === "/auth").length,
    holdTelegram() {
      let release = () => {};
      const current = { until: new Promise<void>((resolve) => (release = resolve)), waiting: 0 };
      hold = current;
      return {
        waiting: () => current.waiting,
        release() {
          if (hold === current) hold = undefined;
          release();
        },
      };
    },
    async close() {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await Promise.all([a.store.close(), b.store.close(), redis.quit()]);
    },
  };
}

/** Waits until `check` holds, polling; fails with `what` after the deadline. */
export async function eventually(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for: ${what}`);
    await sleep(10);
  }
}
