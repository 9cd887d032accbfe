/**
 * The real bot (createBot) with the real client over HTTP to a sandbox process,
 * a lean fake Telegram, an in-memory store and no outgoing throttling (the
 * throttler spaces messages per Telegram's limits; here we measure the bot).
 */
import type { Transformer } from "grammy";
import type { Update } from "grammy/types";
import { pino } from "pino";
import { createBot } from "../src/bot/index.ts";
import { createMemoryStore, type Store } from "../src/bot/store/storage.ts";
import { DEFAULT_BUDGET, Mirror, type OrderMirror } from "../src/mirror/index.ts";
import { createServiceClient, type RequestEvent } from "../src/service/index.ts";
import { BOT_INFO } from "../test/helpers/fake-telegram.ts";
import { testConfig } from "../test/helpers/test-config.ts";
import { messageUpdate, telegramUser } from "../test/helpers/updates.ts";
import { syncUntilDone } from "../test/mirror/sandbox-mirror.ts";
import { leanTelegramFetch, type OnTelegramCall } from "./lean-telegram.ts";
import type { SandboxProcess } from "./sandbox-process.ts";

export interface RemoteBotOptions {
  operators: number[];
  onTelegramCall?: OnTelegramCall;
  onRequest?: (event: RequestEvent) => void;
  /** Called when the client hands a request to fetch (its URL). */
  onFetch?: (url: string) => void;
  store?: Store;
  /** A warm order mirror: lookups are read from it, as the bot runs in production (MIRROR=on). */
  mirror?: OrderMirror;
  /** A fake Telegram over HTTP at this root (a process of its own), in place of a `fetch`. */
  apiRoot?: string;
  /** Another fake Telegram (e.g. test/helpers' FakeTelegram, to press buttons); default the lean one. */
  telegramFetch?: typeof fetch;
}

export interface RemoteBot {
  handleUpdate(update: Update): Promise<void>;
  /** A bare-number message from a user in their private chat. */
  lookupUpdate(userId: number, num: number): Update;
}

export function remoteBot(sandbox: SandboxProcess, options: RemoteBotOptions): RemoteBot {
  const onFetch = options.onFetch;
  const client = createServiceClient({
    baseUrl: sandbox.url,
    token: sandbox.token,
    onRequest: options.onRequest,
    fetch: (input, init) => {
      onFetch?.(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
      return globalThis.fetch(input, init);
    },
  });
  const { bot } = createBot({
    config: testConfig({ operatorIds: options.operators, shopIds: [sandbox.shopId] }),
    logger: pino({ level: "silent" }),
    client,
    store: options.store ?? createMemoryStore(),
    serviceKind: "remote",
    throttle: false,
    mirror: options.mirror,
    botConfig: {
      botInfo: BOT_INFO,
      client: options.apiRoot
        ? { apiRoot: options.apiRoot }
        : { fetch: options.telegramFetch ?? leanTelegramFetch(options.onTelegramCall) },
    },
  });
  // Over HTTP the calls are told by a transformer (the fake Telegram is in another process).
  const onCall = options.onTelegramCall;
  if (options.apiRoot && onCall) bot.api.config.use(tellCalls(onCall));
  let messageId = 0;
  return {
    handleUpdate: (update) => bot.handleUpdate(update),
    lookupUpdate: (userId, num) =>
      messageUpdate(telegramUser(userId, { languageCode: "en" }), String(num), ++messageId),
  };
}

/** An API transformer that tells each call of a bot to `onCall` before it is sent. */
export function tellCalls(onCall: OnTelegramCall): Transformer {
  return (prev, method, payload, signal) => {
    onCall(method, payload as Record<string, unknown>);
    return prev(method, payload, signal);
  };
}

/**
 * A warm order mirror of the sandbox's workshop, as the bot runs in production
 * (MIRROR=on): synced until complete, then left alone (it does not sync while a bench runs).
 */
export async function warmMirror(sandbox: SandboxProcess): Promise<Mirror> {
  const client = createServiceClient({ baseUrl: sandbox.url, token: sandbox.token });
  const mirror = new Mirror({
    client,
    path: ":memory:",
    shopIds: [sandbox.shopId],
    budget: { ...DEFAULT_BUDGET, perWindow: 1000, reserve: 0, baseIntervalMs: 10_000 },
    overlapMs: 30_000,
    backfillDays: 30,
  });
  await mirror.open();
  await syncUntilDone(mirror);
  return mirror;
}

/** A visible order's number in the workshop, read once with a plain request. */
export async function someOrderNum(sandbox: SandboxProcess): Promise<number> {
  const response = await fetch(`${sandbox.url}/shops/${sandbox.shopId}/orders?page=1&pageSize=1`, {
    headers: { authorization: sandbox.token },
  });
  const body = (await response.json()) as { data?: { number?: string }[] };
  const num = Number(body.data?.[0]?.number?.replace(/\D/g, ""));
  if (!Number.isSafeInteger(num) || num <= 0) throw new Error("bench: no order number in the sandbox");
  return num;
}
