/**
 * /health/ready with REDIS_URL: the bot process on a redis-server of this test
 * alone (the other tests' one must not stop). Redis stopped: ready says 503
 * with the store's check failing (its PING), live still answers; Redis back:
 * ready again, without a restart. Skipped without the redis-server binary.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port.ts";
import { ownRedis } from "../scale-out/own-redis.ts";
import { OPERATOR, useStack } from "./harness/stack.ts";

const hasRedis = !spawnSync("redis-server", ["--version"]).error;
const redisPort = await freePort();
const port = await freePort();
const redisDir = await mkdtemp(join(tmpdir(), "ready-redis-"));
const redis = ownRedis(redisPort, redisDir);

// Before the stack's own hooks: the bot connects to it at start.
beforeAll(async () => {
  if (hasRedis) await redis.start();
});
afterAll(async () => {
  await redis.stop();
  await rm(redisDir, { recursive: true, force: true });
});

const stack = hasRedis
  ? useStack({
      botEnv: { PORT: String(port), REDIS_URL: `redis://127.0.0.1:${redisPort}`, REDIS_TIMEOUT_MS: "500" },
    })
  : undefined;

interface Ready {
  status: number;
  body: { ok: boolean; checks: Record<string, { ok: boolean; [detail: string]: unknown }> };
}

async function ready(): Promise<Ready> {
  const response = await fetch(`http://127.0.0.1:${port}/health/ready`);
  return { status: response.status, body: (await response.json()) as Ready["body"] };
}

async function readyBecomes(status: number): Promise<Ready> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await ready();
    if (answer.status === status || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!hasRedis)("/health/ready and Redis", () => {
  it("is ready with Redis answering its PING", async () => {
    expect((await stack?.().telegram.user(OPERATOR).say("1042"))?.text).toContain("1042");
    const answer = await ready();
    expect(answer).toMatchObject({
      status: 200,
      body: { ok: true, checks: { store: { ok: true, kind: "redis", ping: true } } },
    });
  });

  it("says 503 while Redis is down (live still answers), and 200 once it is back", async () => {
    await redis.stop();
    const down = await readyBecomes(503);
    expect(down).toMatchObject({
      status: 503,
      body: { ok: false, checks: { store: { ok: false, ping: false } } },
    });
    // Only the store fails: the service and Telegram are fine.
    expect(down.body.checks.service?.ok).toBe(true);
    expect(down.body.checks.telegram?.ok).toBe(true);
    const live = await fetch(`http://127.0.0.1:${port}/health/live`);
    expect(live.status).toBe(200);

    await redis.start();
    expect((await readyBecomes(200)).status).toBe(200);
  });
});
