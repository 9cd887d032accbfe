/**
 * The real bot, in-process, against the sandbox and a fake Telegram:
 *
 *   const t = await createTestBot({ operators: [1], viewers: [2] });
 *   const op = t.user(1, { languageCode: "en" });
 *   await op.send("1042");
 *   expect(op.lastReply()?.text).toContain("А001042");
 *   await op.press("🔄 Refresh");
 *   expect(t.serviceRequests()).toBe(2);
 *   await t.close();
 *
 * Dialog tests reuse it as is: conversations call Telegram through the same fake fetch.
 */

import type { Bot } from "grammy";
import type { Update, User } from "grammy/types";
import { pino } from "pino";
import type { BotContext, BotServices } from "../../src/bot/context.ts";
import { type BotDeps, createBot } from "../../src/bot/index.ts";
import { createMemoryStore, type Store } from "../../src/bot/store/storage.ts";
import type { CardAction } from "../../src/bot/ui/order-keyboard.ts";
import type { Config } from "../../src/config/index.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../src/sandbox/index.ts";
import {
  createServiceClient,
  type ServiceClient,
  type ServiceClientOptions,
} from "../../src/service/index.ts";
import {
  type ApiCall,
  asTelegramMessage,
  BOT_INFO,
  FakeTelegram,
  findButton,
  type StoredMessage,
} from "./fake-telegram.ts";
import { ManualClock } from "./manual-clock.ts";
import { testConfig } from "./test-config.ts";
import { callbackUpdate, inlineQueryUpdate, messageUpdate, telegramUser } from "./updates.ts";

export { testConfig } from "./test-config.ts";

export interface TestBotOptions {
  operators?: number[];
  viewers?: number[];
  /** Share one sandbox between tests (faster); otherwise one is started and closed with the bot. */
  sandbox?: Sandbox;
  sandboxOptions?: SandboxOptions;
  /** Share a store to simulate a restart (a new bot on the same storage). */
  store?: Store;
  config?: Partial<Config>;
  clock?: ManualClock;
  clientOptions?: Partial<ServiceClientOptions>;
  cardActions?: CardAction[];
  /** Extra wiring before the bot handles anything (e.g. dialogs' features); defaults to none. */
  deps?: Partial<BotDeps>;
}

export interface TestUser {
  readonly id: number;
  readonly from: User;
  /** Sends a text message (commands included) in the user's private chat. */
  send(text: string): Promise<ApiCall[]>;
  /** Presses a button (by its text or its callback data) on the newest bot message that has it. */
  press(buttonTextOrData: string, options?: { message?: StoredMessage }): Promise<ApiCall[]>;
  /** Sends raw callback data as if from a button of `message` (forged/stale data tests). */
  pressData(data: string, message?: StoredMessage): Promise<ApiCall[]>;
  /** Types an inline query; with the clock's autoAdvance off the promise waits for `clock.advance`. */
  inline(query: string): Promise<ApiCall[]>;
  /** The newest message of the bot in this user's chat. */
  lastReply(): StoredMessage | undefined;
  replies(): StoredMessage[];
  /** The update `send(text)` would deliver, for delivering it yourself (redelivery tests). */
  messageUpdate(text: string): Update;
}

export interface TestBot {
  bot: Bot<BotContext>;
  services: BotServices;
  telegram: FakeTelegram;
  sandbox: Sandbox;
  client: ServiceClient;
  clock: ManualClock;
  store: Store;
  config: Config;
  /** HTTP requests our client sent to the service since the start (or the last reset). */
  serviceRequests(): number;
  resetServiceRequests(): void;
  user(id: number, options?: { languageCode?: string; firstName?: string }): TestUser;
  handle(update: Update): Promise<ApiCall[]>;
  close(): Promise<void>;
}

export async function createTestBot(options: TestBotOptions = {}): Promise<TestBot> {
  const ownSandbox = options.sandbox === undefined;
  const sandbox = options.sandbox ?? (await startSandbox({ port: 0, ...options.sandboxOptions }));
  let requests = 0;
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
  const client = createServiceClient({
    baseUrl: sandbox.url,
    token: sandbox.token,
    timeoutMs: 3000,
    retry: { count: 0, baseDelayMs: 1 },
    onRequest: () => {
      requests++;
    },
    writeReserve: options.config?.writeReserve ?? 0,
    ...options.clientOptions,
  });
  const telegram = new FakeTelegram();
  const clock = options.clock ?? new ManualClock();
  const store = options.store ?? createMemoryStore();
  const config = testConfig({
    operatorIds: options.operators ?? [],
    viewerIds: options.viewers ?? [],
    ...options.config,
  });
  const { bot, services } = createBot({
    config,
    logger,
    client,
    store,
    clock,
    serviceKind: "sandbox",
    throttle: false,
    botConfig: { botInfo: BOT_INFO, client: { fetch: telegram.fetch as unknown as typeof fetch } },
    cardActions: options.cardActions,
    ...options.deps,
  });

  const handle = async (update: Update): Promise<ApiCall[]> => {
    const from = telegram.calls.length;
    await bot.handleUpdate(update);
    return telegram.calls.slice(from);
  };

  const user = (id: number, userOptions: { languageCode?: string; firstName?: string } = {}): TestUser =>
    chatUser(telegram, telegramUser(id, userOptions), handle);

  return {
    bot,
    services,
    telegram,
    sandbox,
    client,
    clock,
    store,
    config,
    serviceRequests: () => requests,
    resetServiceRequests: () => {
      requests = 0;
    },
    user,
    handle,
    async close() {
      if (ownSandbox) await sandbox.close();
    },
  };
}

/** A user of the in-process fake Telegram whose updates go through `deliver` (one bot, or the instances of a cluster). */
export function chatUser(
  telegram: FakeTelegram,
  from: User,
  deliver: (update: Update) => Promise<ApiCall[]>,
): TestUser {
  const id = from.id;
  const textUpdate = (text: string): Update => {
    const messageId = telegram.nextMessageId(id);
    telegram.registerUserMessage(id, messageId, text);
    return messageUpdate(from, text, messageId);
  };
  return {
    id,
    from,
    send: (text) => deliver(textUpdate(text)),
    press(wanted, pressOptions = {}) {
      const { message, data } = findButton(telegram, id, wanted, pressOptions.message);
      return deliver(callbackUpdate(from, data, asTelegramMessage(message, from)));
    },
    pressData: (data, message) =>
      deliver(
        callbackUpdate(from, data, asTelegramMessage(message ?? telegram.botMessages(id).at(-1), from)),
      ),
    async inline(query) {
      const update = inlineQueryUpdate(from, query);
      const calls = await deliver(update);
      // Several queries run at once (debounce): keep only the answers to this one.
      return calls.filter(
        (c) => c.method !== "answerInlineQuery" || c.payload.inline_query_id === update.inline_query?.id,
      );
    },
    lastReply: () => telegram.botMessages(id).at(-1),
    replies: () => telegram.botMessages(id),
    messageUpdate: textUpdate,
  };
}

/** Texts the bot sent or edited, and callback answers, in order: handy for asserting on one action. */
export function textsOf(calls: ApiCall[]): string[] {
  return calls
    .filter((c) => ["sendMessage", "editMessageText", "answerCallbackQuery"].includes(c.method))
    .map((c) => String(c.payload.text ?? ""));
}

export function callsOf(calls: ApiCall[], method: string): ApiCall[] {
  return calls.filter((c) => c.method === method);
}
