/**
 * Webhook mode: a node:http server with the grammY webhook handler on the path
 * of WEBHOOK_URL (Telegram's secret token header checked by grammY) and
 * GET /health for the container's healthcheck. It answers Telegram fast: after a
 * few seconds the update goes on in the background instead of making Telegram
 * wait and redeliver (redeliveries are ignored anyway, see dedupe.ts).
 */
import { createServer, type Server } from "node:http";
import { type Bot, webhookCallback } from "grammy";
import type { Logger } from "../logger.ts";
import type { BotContext } from "./context.ts";

export interface WebhookOptions {
  url: string;
  secret: string;
  port: number;
}

const ANSWER_WITHIN_MS = 5_000;

export async function startWebhookServer(
  bot: Bot<BotContext>,
  options: WebhookOptions,
  logger: Logger,
): Promise<Server> {
  const path = new URL(options.url).pathname || "/";
  const handle = webhookCallback(bot, "http", {
    secretToken: options.secret,
    onTimeout: "return",
    timeoutMilliseconds: ANSWER_WITHIN_MS,
  });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.method === "GET" && url.pathname === "/health") {
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      return;
    }
    if (req.method === "POST" && url.pathname === path) {
      handle(req, res).catch((error: unknown) => {
        logger.error(
          { err: error instanceof Error ? error.message : String(error) },
          "webhook handler failed",
        );
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}
