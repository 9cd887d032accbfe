/**
 * The Mini App on the bot's own HTTP server (PORT, polling or webhook mode):
 * its page under /mini-app/ and its JSON API under /mini-app/api/. Every API
 * call carries Telegram's initData in the `X-Telegram-Init-Data` header; nothing
 * is answered without it (401 before any read: a forged or expired one costs no
 * request), a stranger gets 403, and each handler says which roles it serves.
 * No cookie and no session: the signed initData is the whole identity.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Api } from "grammy";
import type { Logger } from "../../logger.ts";
import type { BotServices } from "../context.ts";
import { parseJsonObject, readCappedBody } from "../http/body.ts";
import type { Route } from "../http/server.ts";
import { type Caller, callerOf } from "./caller.ts";
import { API_HANDLERS, type ApiAnswer } from "./handlers.ts";
import { initDataChecker } from "./init-data.ts";
import { serveAsset } from "./static.ts";
import { pageTexts } from "./texts.ts";

const MINI_APP_PATH = "/mini-app";
const API_PREFIX = `${MINI_APP_PATH}/api/`;
const MAX_BODY_BYTES = 64 * 1024;
const INIT_DATA_HEADER = "x-telegram-init-data";

export interface MiniAppDeps {
  services: BotServices;
  /** The bot's API: a write's card and an intake's receipt go to the user's chat with the bot. */
  api: Api;
  logger: Logger;
  /** MINI_APP_MAX_AGE (seconds). */
  maxAgeSeconds: number;
  /** The bot's username (known once grammY's init ran): an intake's receipt links to the bot. */
  botUsername: () => string;
}

/** What a handler gets: who asks, the query and the JSON body. */
export interface ApiRequest {
  services: BotServices;
  api: Api;
  caller: Caller;
  log: Logger;
  botUsername: () => string;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

export function miniAppRoute(deps: MiniAppDeps): Route {
  const check = initDataChecker(deps.services.config.botToken, deps.maxAgeSeconds);
  const log = deps.logger.child({ part: "mini-app" });
  return (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = url.pathname;
    if (path !== MINI_APP_PATH && !path.startsWith(`${MINI_APP_PATH}/`)) return false;
    if (path.startsWith(API_PREFIX)) {
      void answerApi(req, res, path.slice(API_PREFIX.length), url.searchParams).catch((error: unknown) => {
        log.error({ err: String(error), path }, "a Mini App request failed");
        if (!res.headersSent) json(res, 500, { error: "internal" });
      });
      return true;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return true;
    }
    if (path === MINI_APP_PATH) {
      res.writeHead(301, { location: `${MINI_APP_PATH}/${url.search}` }).end();
      return true;
    }
    if (!serveAsset(req, res, path.slice(MINI_APP_PATH.length + 1), () => pageTexts(deps.services)))
      res.writeHead(404).end();
    return true;
  };

  async function answerApi(
    req: IncomingMessage,
    res: ServerResponse,
    name: string,
    query: URLSearchParams,
  ): Promise<void> {
    const handler = API_HANDLERS[name];
    if (!handler) return json(res, 404, { error: "not-found" });
    if (req.method !== handler.method) return json(res, 405, { error: "method" });
    const raw = req.headers[INIT_DATA_HEADER];
    const checked = check(typeof raw === "string" ? raw : undefined, deps.services.clock.now());
    if (!checked.ok) {
      log.info({ reason: checked.reason, name }, "refused a Mini App request");
      return json(res, 401, { error: "auth", reason: checked.reason });
    }
    const caller = await callerOf(deps.services, checked.user);
    if (!handler.roles.includes(caller.role)) {
      // Someone the client side would serve once linked: the page tells them to share their contact.
      const share = caller.role === "stranger" && deps.services.config.clients?.enabled === true;
      return json(res, 403, { error: "role", role: caller.role, ...(share ? { share: true } : {}) });
    }
    let body: Record<string, unknown> = {};
    if (handler.method === "POST") {
      const bytes = await readCappedBody(req, res, MAX_BODY_BYTES);
      if (!bytes) return;
      const parsed = parseJsonObject(bytes);
      if (!parsed) return json(res, 400, { error: "body" });
      body = parsed;
    }
    const answer: ApiAnswer = await handler.run({
      services: deps.services,
      api: deps.api,
      caller,
      log: log.child({ user: caller.user.id, name }),
      botUsername: deps.botUsername,
      query,
      body,
    });
    json(res, answer.status ?? 200, answer.body);
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res
    .writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "content-length": String(Buffer.byteLength(text)),
    })
    .end(text);
}
