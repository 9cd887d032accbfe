/**
 * The Mini App on a bot with a warm mirror: its HTTP route on a free port, and
 * initData signed by the test token for any user (`initDataFor`), as Telegram
 * would hand it to the page.
 */
import { sign } from "@telegram-apps/init-data-node";
import pino from "pino";
import { type BotHttpServer, startHttpServer } from "../../src/bot/http/server.ts";
import { miniAppRoute } from "../../src/bot/mini-app/route.ts";
import { createMirrorBot, type MirrorBot } from "./mirror-bot.ts";
import type { TestBotOptions } from "./test-bot.ts";

export interface MiniAppBot extends MirrorBot {
  http: BotHttpServer;
  /** The page's address: http://127.0.0.1:<port>/mini-app/ */
  url: string;
  initDataFor(userId: number, options?: { languageCode?: string; authDate?: Date; token?: string }): string;
  /** An API call as the page makes it, with `initData` in its header. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read the API's JSON answers field by field.
  call(path: string, initData: string | undefined, body?: unknown): Promise<{ status: number; body: any }>;
}

export const MAX_AGE = 86_400;

export async function createMiniAppBot(
  options: TestBotOptions & { orders?: number; start?: Date } = {},
): Promise<MiniAppBot> {
  const t = await createMirrorBot({
    ...options,
    config: { ...options.config, miniApp: { url: "https://shop.example/mini-app/", maxAgeSeconds: MAX_AGE } },
  });
  // The statuses cached, as after the bot's start (the board reads the cache only).
  await t.services.reference.statuses();
  return serveMiniApp(t);
}

/** The Mini App's route over a bot already made (e.g. the client side's, CLIENTS=on), on a free port. */
export async function serveMiniApp<T extends MirrorBot>(t: T): Promise<T & MiniAppBot> {
  const http = await startHttpServer({
    port: 0,
    health: () => ({ ok: true, body: {} }),
    routes: [
      miniAppRoute({
        services: t.services,
        api: t.bot.api,
        logger: pino({ level: "silent" }),
        maxAgeSeconds: MAX_AGE,
        botUsername: () => t.bot.botInfo.username,
      }),
    ],
  });
  const base = `http://127.0.0.1:${http.port}/mini-app/`;
  const close = t.close.bind(t);
  return Object.assign(t, {
    http,
    url: base,
    initDataFor(
      userId: number,
      signOptions: { languageCode?: string; authDate?: Date; token?: string } = {},
    ) {
      return sign(
        {
          user: { id: userId, first_name: `User${userId}`, language_code: signOptions.languageCode ?? "en" },
          query_id: "AAH",
        },
        signOptions.token ?? t.config.botToken,
        signOptions.authDate ?? t.clock.now(),
      );
    },
    async call(path: string, initData: string | undefined, body?: unknown) {
      const response = await fetch(`${base}api/${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          ...(initData === undefined ? {} : { "x-telegram-init-data": initData }),
          "content-type": "application/json",
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => undefined) };
    },
    async close() {
      await http.close();
      await close();
    },
  });
}
