/**
 * GET /metrics: the operator's figures in Prometheus' text format (metrics/),
 * on PORT beside /health. With METRICS_TOKEN set a scrape must carry
 * `Authorization: Bearer <token>`; anything else is 401 and sees nothing.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Logger } from "../../logger.ts";
import type { BotMetrics } from "../metrics/index.ts";
import { type Route, refuse } from "./server.ts";

const METRICS_PATH = "/metrics";

interface MetricsRouteOptions {
  metrics: BotMetrics;
  /** METRICS_TOKEN; absent: the scrape is open (keep PORT off the internet then). */
  token?: string;
  logger: Logger;
}

/** Equal-length digests: the comparison takes the same time whatever the guess. */
const digest = (value: string) => createHash("sha256").update(value).digest();

export function metricsRoute(options: MetricsRouteOptions): Route {
  const expected = options.token === undefined ? undefined : digest(options.token);
  return (req, res) => {
    if (req.url?.split("?")[0] !== METRICS_PATH) return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      refuse(req, res, 405);
      return true;
    }
    if (expected) {
      const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1]?.trim() ?? "";
      if (!timingSafeEqual(digest(given), expected)) {
        res.writeHead(401, { "www-authenticate": 'Bearer realm="metrics"', connection: "close" }).end();
        return true;
      }
    }
    options.metrics.scrape().then(
      (text) => res.writeHead(200, { "content-type": options.metrics.contentType }).end(text),
      (error: unknown) => {
        options.logger.warn({ err: String(error) }, "metrics: the scrape failed");
        if (!res.headersSent) res.writeHead(500).end();
      },
    );
    return true;
  };
}
