/**
 * In Redis mode an idle change feed is no failure: the blocking read of the
 * stream waits longer than the store's command timeout without a warning every
 * few seconds ("reading the change feed failed").
 */
import { Redis } from "ioredis";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { redisOptions } from "../../src/bot/store/storage.ts";
import { MirrorDb } from "../../src/mirror/db.ts";
import { redisCoordinator } from "../../src/mirror/redis-coordinator.ts";

const redisUrl = process.env.REDIS_TEST_URL;
const connections: Redis[] = [];
afterEach(() => {
  for (const redis of connections.splice(0)) redis.disconnect();
});

describe.skipIf(!redisUrl)("the change feed while idle", () => {
  it("a blocking read longer than the command timeout logs nothing", async () => {
    const lines: { msg: string }[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    // The bot's settings with a 1 s command timeout (2 s in production); the read blocks 2.5 times as long.
    const redis = new Redis(redisUrl ?? "", redisOptions(1_000));
    connections.push(redis);
    await redis.connect();
    const db = new MirrorDb({ path: ":memory:" });
    const coordinator = redisCoordinator({
      redis,
      prefix: `feed-idle-${process.pid}-${Date.now()}:`,
      instanceId: "follower",
      blockMs: 2_500,
      logger,
    })(db);
    try {
      await coordinator.follow(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 3_500));
      expect(lines.map((l) => l.msg)).not.toContain("mirror: reading the change feed failed; retrying");
    } finally {
      await coordinator.close();
      db.close();
    }
  });
});
