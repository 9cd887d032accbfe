/**
 * An entry that does not fit its record is set aside, but only while it is
 * still there: a writer that replaced it between the read and the set-aside
 * (another user's photo added to the same order, another instance) keeps
 * what it wrote.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { fileEntries } from "../../../src/bot/store/files.ts";
import {
  createHealthTracker,
  guard,
  type RawAdapter,
  rateLimitedWarn,
} from "../../../src/bot/store/guard.ts";
import { redisEntries } from "../../../src/bot/store/redis-entries.ts";
import type { Persisted } from "../../../src/bot/store/registry.ts";

const dirs: string[] = [];
const connections: Redis[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  for (const redis of connections) redis.disconnect();
});

const record: Persisted<{ n: number }> = {
  namespace: "race",
  schema: z.object({ n: z.number() }),
  whenStoreFails: "throw",
};
const deps = () => ({ health: createHealthTracker(), warn: rateLimitedWarn(pino({ level: "silent" })) });

/** Reads what is there, then lets a writer put a fitting entry in its place before the check. */
function racing(raw: RawAdapter<unknown>): RawAdapter<{ n: number }> {
  return {
    ...(raw as RawAdapter<{ n: number }>),
    async read(key) {
      const seen = await raw.read(key);
      await raw.write(key, { n: 1 });
      return seen as { n: number } | undefined;
    },
  };
}

describe("set-aside racing a writer", () => {
  it("files: the writer's entry stays, nothing is set aside", async () => {
    const dir = await mkdtemp(join(tmpdir(), "set-aside-race-"));
    dirs.push(dir);
    const raw = fileEntries<unknown>(join(dir, "race"), { namespace: "race" });
    await raw.write("k", {});
    const entries = guard(racing(raw), record, deps());
    expect(await entries.read("k")).toBeUndefined(); // what it read did not fit
    expect(await raw.read("k")).toEqual({ n: 1 });
    expect((await readdir(join(dir, "race", "k"))).some((name) => name.includes(".broken-"))).toBe(false);
  });

  it("files: an entry still wrong-shaped is set aside as before", async () => {
    const dir = await mkdtemp(join(tmpdir(), "set-aside-race-"));
    dirs.push(dir);
    const raw = fileEntries<unknown>(join(dir, "race"), { namespace: "race" });
    await raw.write("k", { n: "x" });
    const entries = guard(raw as RawAdapter<{ n: number }>, record, deps());
    expect(await entries.read("k")).toBeUndefined();
    expect(await raw.read("k")).toBeUndefined();
    expect((await readdir(join(dir, "race", "k"))).some((name) => name.includes(".broken-"))).toBe(true);
  });

  it.skipIf(!process.env.REDIS_TEST_URL)(
    "Redis: the writer's entry stays, nothing is set aside",
    async () => {
      const redis = new Redis(process.env.REDIS_TEST_URL as string);
      connections.push(redis);
      const prefix = `race-${Date.now()}`;
      const full = (key: string) => `${prefix}:race:${key}`;
      const raw = redisEntries<unknown>(redis, "race", full, undefined);
      await raw.write("k", {});
      const entries = guard(racing(raw), record, deps());
      expect(await entries.read("k")).toBeUndefined();
      expect(await raw.read("k")).toEqual({ n: 1 });
      expect(await redis.keys(`${full("k")}:broken:*`)).toEqual([]);
      await raw.write("k", { n: "x" });
      expect(await guard(raw as RawAdapter<{ n: number }>, record, deps()).read("k")).toBeUndefined();
      expect(await redis.keys(`${full("k")}:broken:*`)).toHaveLength(1);
      await redis.del(full("k"), ...(await redis.keys(`${full("k")}:broken:*`)));
    },
  );
});
