/**
 * Liveness and readiness, apart from /health (which stays as it is):
 * - GET /health/live: the process answers (200 while it can answer at all).
 * - GET /health/ready: the bot can serve now: Telegram answers (and, polling,
 *   updates arrive), the service answered its last request, the store works
 *   (Redis answers a PING; DATA_DIR takes writes), and the mirror's sync is not
 *   failing or stale. 503 with the failing check otherwise.
 * Every check uses what the bot already knows or one PING: none spends a request
 * of the service's quota.
 */
import type { MirrorStats } from "../../mirror/index.ts";
import type { TelegramState } from "../metrics/index.ts";
import type { StoreHealth } from "../store/guard.ts";
import type { Liveness } from "./health.ts";
import type { Route } from "./server.ts";

/** The sync waits up to 15 minutes when idle, and for the quota's reset: two such waits and a margin. */
const MIRROR_STALE_AFTER_S = 35 * 60;
/** A PING that takes longer is no answer (Redis' own command timeout is usually shorter). */
const PING_TIMEOUT_MS = 2_000;

export interface ReadinessDeps {
  liveness: Liveness;
  /** What the Bot API transformer saw (metrics/telegram.ts). */
  telegram: () => TelegramState;
  store: { kind: string; health?(): StoreHealth; redis?: { ping(): Promise<string> } };
  /** The order mirror's figures; absent with MIRROR=off. */
  mirror?: () => MirrorStats;
  now?: () => number;
}

interface Check {
  ok: boolean;
  [detail: string]: unknown;
}

async function readiness(deps: ReadinessDeps): Promise<{ ok: boolean; checks: Record<string, Check> }> {
  const checks: Record<string, Check> = {
    telegram: telegramCheck(deps),
    service: serviceCheck(deps.liveness),
    store: await storeCheck(deps.store),
  };
  if (deps.mirror) checks.mirror = mirrorCheck(deps.mirror());
  return { ok: Object.values(checks).every((check) => check.ok), checks };
}

function telegramCheck(deps: ReadinessDeps): Check {
  const { lastAnswerAt, lastFailureAt } = deps.telegram();
  const answering = lastAnswerAt !== undefined && lastAnswerAt >= (lastFailureAt ?? 0);
  const deaf = deps.liveness.deaf();
  return { ok: answering && !deaf, answering, updatesStale: deaf };
}

function serviceCheck(liveness: Liveness): Check {
  // Nothing asked yet (reference data cached, nobody around): no sign of trouble, and none is spent to find out.
  const answering = liveness.serviceAnswering();
  return { ok: answering !== false, answering };
}

async function storeCheck(store: ReadinessDeps["store"]): Promise<Check> {
  const health = store.health?.() ?? { ok: true };
  if (!store.redis) return { ok: health.ok, kind: store.kind, reason: health.reason ?? null };
  const pong = await Promise.race([
    store.redis.ping().then(
      (answer) => answer === "PONG",
      () => false,
    ),
    new Promise<false>((resolve) => setTimeout(resolve, PING_TIMEOUT_MS, false).unref()),
  ]);
  return { ok: pong && health.ok, kind: store.kind, ping: pong, reason: health.reason ?? null };
}

function mirrorCheck(stats: MirrorStats): Check {
  const failing = stats.lastError === "unavailable" || stats.lastError === "other";
  const age = stats.lastSyncAgeSeconds;
  // The first fill may take several quota windows: only its failures count then.
  const stale = !stats.backfilling && (age === null || age > MIRROR_STALE_AFTER_S);
  return {
    ok: !failing && !stale,
    lastSyncAgeS: age,
    backfilling: stats.backfilling,
    lastError: stats.lastError ?? null,
  };
}

/** GET /health/live and GET /health/ready. */
export function probeRoutes(deps: ReadinessDeps): Route {
  const startedAt = (deps.now ?? Date.now)();
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const path = req.url?.split("?")[0];
    const headers = { "content-type": "application/json", connection: "close" };
    if (path === "/health/live") {
      const uptimeS = Math.round(((deps.now ?? Date.now)() - startedAt) / 1000);
      res.writeHead(200, headers).end(JSON.stringify({ ok: true, uptimeS }));
      return true;
    }
    if (path !== "/health/ready") return false;
    readiness(deps).then(
      (ready) => res.writeHead(ready.ok ? 200 : 503, headers).end(JSON.stringify(ready)),
      (error: unknown) =>
        res.writeHead(503, headers).end(JSON.stringify({ ok: false, error: String(error) })),
    );
    return true;
  };
}
