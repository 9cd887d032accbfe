/**
 * Redis stopped under two instances (webhook mode) and started again: every
 * update is answered while it is down, none waits for Redis longer than
 * REDIS_TIMEOUT_MS plus slack (no 20-second waits), /health says 503 with the
 * reason while it is down and 200 once it is back, without a restart.
 *
 * The test runs its own redis-server (the shared one of the other tests must
 * not stop); skipped without the binary. Reply times are printed for the report.
 * A Create press while Redis is down sends nothing and says so at once; the
 * same button creates the order once Redis is back (the dialog waited there).
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KNOWN_NUM, type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { fillOrder, lastText } from "../helpers/dialog-driver.ts";
import { freePort } from "../helpers/free-port.ts";
import { callsOf } from "../helpers/test-bot.ts";
import { type Cluster, eventually, startCluster } from "./cluster.ts";
import { ownRedis } from "./own-redis.ts";

const OPERATOR = 101;
const CLERK = 102;
const REDIS_TIMEOUT_MS = 1000;
/** A loaded 2-core machine: a reply may take this long beyond Redis's timeout. */
const SLACK_MS = 4000;
const hasRedis = !spawnSync("redis-server", ["--version"]).error;

const ordersOf = (sandbox: Sandbox, name: string) =>
  sandbox.store.orders.filter((o) => sandbox.store.counteragentById.get(o.counteragentId)?.name === name);

const healthOf = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe.skipIf(!hasRedis)("Redis stopped and started again under two instances", () => {
  let sandbox: Sandbox;
  let cluster: Cluster;
  let redis: ReturnType<typeof ownRedis>;
  let redisDir: string;

  beforeAll(async () => {
    const port = await freePort();
    redisDir = await mkdtemp(join(tmpdir(), "redis-outage-"));
    redis = ownRedis(port, redisDir);
    await redis.start();
    sandbox = await startSandbox({ port: 0 });
    cluster = await startCluster({
      sandbox,
      redisUrl: `redis://127.0.0.1:${port}`,
      operators: [OPERATOR, CLERK],
      shopIds: [sandbox.shops[0]?.id ?? ""],
      redisTimeoutMs: REDIS_TIMEOUT_MS,
    });
  });
  afterAll(async () => {
    // Running again (the instances close their connections cleanly), then stopped for good.
    await redis.start().catch(() => undefined);
    await cluster?.close();
    await sandbox?.close();
    await redis.stop();
    await rm(redisDir, { recursive: true, force: true });
  });

  it("answers every update within the timeout while Redis is down; /health 503, then 200 and all recovers", async () => {
    const op = cluster.user(OPERATOR, { languageCode: "en" });
    await op.send(String(KNOWN_NUM)); // the token and the reference data are known to both now
    await op.send(String(KNOWN_NUM));
    expect(lastText(op)).toContain("Order А001042");
    for (const instance of [cluster.a, cluster.b])
      expect((await healthOf(instance.healthUrl)).status).toBe(200);
    const clerk = cluster.user(CLERK, { languageCode: "en" });
    await fillOrder(clerk, { client: { query: "Редис Упал" } });

    await redis.stop();
    // A Create press: the dialog is out of reach, so nothing is sent, and the clerk is told at once.
    const pressedAt = performance.now();
    const pressCalls = await clerk.press("✅ Create");
    const pressMs = Math.round(performance.now() - pressedAt);
    expect(callsOf(pressCalls, "answerCallbackQuery").map((c) => String(c.payload.text))).toEqual([
      expect.stringContaining("storage is not available"),
    ]);
    expect(ordersOf(sandbox, "Редис Упал")).toHaveLength(0);
    const timings: number[] = [];
    const answered: boolean[] = [];
    for (let i = 0; i < 8; i++) {
      const before = op.replies().length;
      const started = performance.now();
      await op.send(i % 4 === 3 ? "/help" : String(KNOWN_NUM));
      timings.push(Math.round(performance.now() - started));
      answered.push(op.replies().length > before);
      if (i % 4 !== 3) expect(lastText(op)).toContain("Order А001042");
    }
    for (const instance of [cluster.a, cluster.b]) {
      const down = await healthOf(instance.healthUrl);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ ok: false, store: { kind: "redis", ok: false } });
      expect(String((down.body.store as { reason: unknown }).reason)).toMatch(/redis/);
    }

    await redis.start();
    // ioredis reconnects on its own (every 2 s at most): no restart.
    for (const instance of [cluster.a, cluster.b]) {
      await eventually(
        "/health is 200 again",
        async () => (await healthOf(instance.healthUrl)).status === 200,
        15_000,
      );
    }
    const afterTimings: number[] = [];
    for (let i = 0; i < 4; i++) {
      const started = performance.now();
      await op.send(String(KNOWN_NUM));
      afterTimings.push(Math.round(performance.now() - started));
      expect(lastText(op)).toContain("Order А001042");
    }
    // The dialog waited in Redis: the same button creates the order, once.
    await clerk.press("✅ Create");
    expect(lastText(clerk)).toContain("Order created");
    expect(ordersOf(sandbox, "Редис Упал")).toHaveLength(1);
    // The shared state works again: the session of this user is in Redis.
    await eventually(
      "the session is stored again",
      async () => (await cluster.redis.exists(`${cluster.prefix}:sessions:${OPERATOR}`).catch(() => 0)) === 1,
    ).catch(() => undefined);

    process.stderr.write(
      `redis outage: reply ms while down ${timings.join(", ")}; Create press ${pressMs}; after ${afterTimings.join(", ")}\n`,
    );
    expect(answered.every(Boolean)).toBe(true);
    expect(Math.max(...timings, pressMs)).toBeLessThan(REDIS_TIMEOUT_MS + SLACK_MS);
  }, 60_000);
});
