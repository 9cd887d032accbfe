/** The outage test's own redis-server is gone after its clean-up, also when it was started twice. */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freePort, portIsFree } from "../helpers/free-port.ts";
import { ownRedis } from "./own-redis.ts";

const hasRedis = !spawnSync("redis-server", ["--version"]).error;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!hasRedis)("a test's own redis-server", () => {
  it("start while running keeps the one server; stop leaves none and frees the port", async () => {
    const dir = await mkdtemp(join(tmpdir(), "own-redis-"));
    const port = await freePort();
    const redis = ownRedis(port, dir);
    try {
      await redis.start();
      const first = redis.pid;
      expect(first).toBeDefined();
      // What the outage test's clean-up does with a server that is already back.
      await redis.start();
      expect(redis.pid).toBe(first);
      await redis.stop();
      expect(redis.pid).toBeUndefined();
      expect(alive(first!)).toBe(false);
      // The port is free again: a new server starts on it, and is stopped too.
      await redis.start();
      expect(redis.pid).not.toBe(first);
      await redis.stop();
      expect(await portIsFree(port)).toBe(true);
    } finally {
      await redis.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
