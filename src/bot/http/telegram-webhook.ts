/**
 * Webhook mode: the route on the path of WEBHOOK_URL. The secret header is
 * checked as soon as the headers are in (401 and close, no body read); a body
 * larger than MAX_UPDATE_BYTES is refused with 413 while it still arrives
 * (body.ts, shared with the service's webhook); a
 * body that is no JSON update is 400. The update then goes to grammY, which
 * answers Telegram fast: after a few seconds the update goes on in the
 * background instead of making Telegram wait and redeliver (redeliveries are
 * ignored anyway, see dedupe.ts).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { type Bot, webhookCallback } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "../../logger.ts";
import type { BotContext } from "../context.ts";
import { parseJsonObject, readCappedBody } from "./body.ts";
import { createLiveness, type Liveness } from "./health.ts";
import { type HttpLimits, type Route, refuse, startHttpServer } from "./server.ts";

interface WebhookOptions {
  url: string;
  secret: string;
  port: number;
}

interface WebhookRouteOptions {
  url: string;
  secret: string;
  maxBodyBytes?: number;
  liveness?: Liveness;
}

const ANSWER_WITHIN_MS = 5_000;
const SECRET_HEADER = "x-telegram-bot-api-secret-token";
/**
 * Telegram's largest updates (a 4,096-character message quoting another, with
 * entities, \u-escaped) stay well under 100 KB; 1 MiB leaves room and still
 * bounds what one connection can make the bot hold.
 */
export const MAX_UPDATE_BYTES = 1024 * 1024;

export function webhookRoute(bot: Bot<BotContext>, options: WebhookRouteOptions, logger: Logger): Route {
  const path = new URL(options.url).pathname || "/";
  const maxBytes = options.maxBodyBytes ?? MAX_UPDATE_BYTES;
  const expected = digest(options.secret);
  const handle = webhookCallback(bot, "callback", {
    secretToken: options.secret,
    onTimeout: "return",
    timeoutMilliseconds: ANSWER_WITHIN_MS,
  });

  const receive = async (req: IncomingMessage, res: ServerResponse, secret: string): Promise<void> => {
    const body = await readCappedBody(req, res, maxBytes);
    if (body === undefined) return;
    const update = parseUpdate(body);
    if (update === undefined) {
      res.writeHead(400).end();
      return;
    }
    options.liveness?.updatesArrived();
    await handle(
      update,
      (json: string) => res.writeHead(200, { "content-type": "application/json" }).end(json),
      secret,
    );
    if (!res.headersSent) res.writeHead(200).end();
  };

  return (req, res) => {
    if (req.method !== "POST" || req.url?.split("?")[0] !== path) return false;
    const header = req.headers[SECRET_HEADER];
    const secret = Array.isArray(header) ? header[0] : header;
    if (secret === undefined || !timingSafeEqual(digest(secret), expected)) {
      refuse(req, res, 401);
      return true;
    }
    receive(req, res, secret).catch((error: unknown) => {
      logger.error({ err: error instanceof Error ? error.message : String(error) }, "webhook handler failed");
      if (!res.headersSent) res.writeHead(500).end();
    });
    return true;
  };
}

/** Same length whatever was sent, so the comparison is constant-time. */
function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** A JSON object with a numeric update_id, or undefined. */
function parseUpdate(body: Buffer): Update | undefined {
  const value = parseJsonObject(body);
  return value !== undefined && Number.isSafeInteger(value.update_id)
    ? (value as unknown as Update)
    : undefined;
}

/** The webhook and GET /health on one server (tests and small set-ups; main.ts adds the liveness). */
export async function startWebhookServer(
  bot: Bot<BotContext>,
  options: WebhookOptions,
  logger: Logger,
  extra: { limits?: Partial<HttpLimits>; liveness?: Liveness; maxBodyBytes?: number } = {},
): Promise<Server> {
  const liveness = extra.liveness ?? createLiveness({ mode: "webhook" });
  const route = webhookRoute(bot, { ...options, liveness, maxBodyBytes: extra.maxBodyBytes }, logger);
  const started = await startHttpServer({
    port: options.port,
    health: liveness.report,
    routes: [route],
    limits: extra.limits,
  });
  return started.server;
}
