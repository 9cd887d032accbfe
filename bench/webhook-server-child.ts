/**
 * Run by webhook-hostile.ts in a process of its own (the flags of `npm start`):
 * the real bot behind the webhook server with its production limits, so that the
 * RSS measured is the server's and not the attacker's. Talks over IPC: sends
 * {port} when listening; answers every "stats" with the figures below.
 */
import { pino } from "pino";
import { createLiveness } from "../src/bot/http/health.ts";
import { startHttpServer } from "../src/bot/http/server.ts";
import { webhookRoute } from "../src/bot/http/telegram-webhook.ts";
import { createTestBot } from "../test/helpers/test-bot.ts";

export const WEBHOOK_PATH = "/telegram";
export const SECRET = "bench-webhook-secret_0123456789";
export const OPERATOR = 101;

export interface ServerStats {
  rssMb: number;
  open: number;
  /** Most connections open at once, sampled every 10 ms since the last "reset". */
  peakOpen: number;
  evicted: number;
  refused: number;
}

const t = await createTestBot({ operators: [OPERATOR] });
const http = await startHttpServer({
  port: 0,
  health: createLiveness({ mode: "webhook" }).report,
  routes: [
    webhookRoute(
      t.bot,
      { url: `https://bot.example${WEBHOOK_PATH}`, secret: SECRET },
      pino({ level: "silent" }),
    ),
  ],
});
let peakOpen = 0;
const sampler = setInterval(() => {
  peakOpen = Math.max(peakOpen, http.counts().open);
}, 10);
process.on("message", (message) => {
  if (message === "reset") peakOpen = http.counts().open;
  if (message === "stop") {
    clearInterval(sampler);
    void http.close().then(() => t.close().then(() => process.exit(0)));
    return;
  }
  const counts = http.counts();
  const stats: ServerStats = {
    rssMb: process.memoryUsage.rss() / 1024 / 1024,
    open: counts.open,
    peakOpen: Math.max(peakOpen, counts.open),
    evicted: counts.evicted,
    refused: counts.refused,
  };
  process.send?.(stats);
});
process.send?.({ port: http.port });
