/**
 * The registry of what the bot persists: every namespace the bot opens is a
 * declared record (once), and what is read back is checked against the
 * record's schema: an entry that does not fit is set aside (files and Redis)
 * and reads as nothing, or throws where the record says so.
 */
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import "../../../src/bot/index.ts";
import "../../../src/bot/jobs.ts";
import "../../../src/bot/notify/notifier.ts";
import "../../../src/bot/http/service-webhook.ts";
import "../../../src/bot/store/token-quota.ts";
import { readFileSync } from "node:fs";
import { persisted, persistedRecords } from "../../../src/bot/store/registry.ts";
import {
  createFileStore,
  createMemoryStore,
  createRedisStore,
  StoreCorruptError,
} from "../../../src/bot/store/storage.ts";

const redisUrl = process.env.REDIS_TEST_URL;
const dirs: string[] = [];
const connections: Redis[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  for (const redis of connections) redis.disconnect();
});
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), "registry-"));
  dirs.push(dir);
  return dir;
};

describe("the registry", () => {
  it("declares every namespace the bot opens once, each with a schema and its failure behaviour", () => {
    const records = persistedRecords();
    const namespaces = records.map((r) => r.namespace);
    expect(new Set(namespaces).size).toBe(namespaces.length);
    expect(namespaces).toEqual(
      expect.arrayContaining([
        "sessions",
        "dialogs",
        "dialog-prompts",
        "last-update",
        "reference",
        "learned",
        "service",
        "order-photos",
        "mirror-users",
        "searches",
        "scheduled",
        "notified-meaning",
        "outbox",
        "outbox-index",
        "service-events",
        "notify-state",
      ]),
    );
    for (const record of records) {
      expect(["throw", "skip", "tell"]).toContain(record.whenStoreFails);
      expect(typeof record.schema.safeParse).toBe("function");
    }
  });

  it("DEVELOPMENT.md's table lists every declared namespace", () => {
    const doc = readFileSync(join(import.meta.dirname, "../../../docs/DEVELOPMENT.md"), "utf8");
    const missing = persistedRecords()
      .map((r) => r.namespace)
      .filter((namespace) => !namespace.startsWith("registry-") && !doc.includes(`| \`${namespace}\``));
    expect(missing).toEqual([]);
  });

  it("refuses a second, different declaration of a namespace", () => {
    const schema = z.number();
    const first = persisted({ namespace: "registry-test", schema, whenStoreFails: "skip" });
    expect(persisted(first)).toBe(first);
    expect(() => persisted({ namespace: "registry-test", schema, whenStoreFails: "throw" })).toThrow(
      /declared twice/,
    );
    expect(() => persisted({ namespace: "../up", schema, whenStoreFails: "skip" })).toThrow(/Invalid/);
  });
});

const counts = persisted({
  namespace: "registry-counts",
  schema: z.object({ n: z.number().int() }),
  whenStoreFails: "throw",
});
const markers = persisted({
  namespace: "registry-markers",
  schema: z.object({ state: z.enum(["sending", "done"]) }),
  whenStoreFails: "throw",
  broken: "throw",
});

describe("what is read back is checked", () => {
  it.each([["{}"], ["null"], ["[]"], ['{"n":"seven"}'], ['{"n":1.5}']])(
    "a file holding %s is set aside and reads as nothing; the next write stores anew",
    async (text) => {
      const dir = await tempDir();
      const store = createFileStore(dir);
      await store.open(counts).write("k1", { n: 1 });
      await writeFile(join(dir, "registry-counts", "k1", "k1.json"), text);
      expect(await store.open(counts).read("k1")).toBeUndefined();
      expect(await readdir(join(dir, "registry-counts", "k1"))).toEqual([
        expect.stringMatching(/^k1\.json\.broken-/),
      ]);
      await store.open(counts).write("k1", { n: 2 });
      expect(await store.open(counts).read("k1")).toEqual({ n: 2 });
    },
  );

  it("an exactly-once marker of the wrong shape throws, never reads as nothing sent", async () => {
    const store = createMemoryStore();
    await store.adapter("registry-markers").write("w1", { state: "landed?" });
    await expect(store.open(markers).read("w1")).rejects.toBeInstanceOf(StoreCorruptError);
  });

  it("the schema completes what it reads (defaults), and update sees only what fits", async () => {
    const withDefault = persisted({
      namespace: "registry-defaults",
      schema: z.object({ on: z.boolean().default(false) }),
      whenStoreFails: "throw",
    });
    const store = createMemoryStore();
    await store.adapter("registry-defaults").write("u", {});
    expect(await store.open(withDefault).read("u")).toEqual({ on: false });
    await store.adapter("registry-defaults").write("u", "garbage");
    const seen: unknown[] = [];
    await store.open(withDefault).update("u", (current) => {
      seen.push(current);
      return { on: true };
    });
    expect(seen).toEqual([undefined]);
    expect(await store.open(withDefault).read("u")).toEqual({ on: true });
  });

  it.skipIf(!redisUrl)(
    "in Redis, an entry of the wrong shape is renamed aside and reads as nothing",
    async () => {
      const redis = new Redis(redisUrl ?? "", { maxRetriesPerRequest: 1 });
      connections.push(redis);
      const prefix = `registry-${process.pid}-${Date.now()}`;
      const store = createRedisStore(redis, prefix);
      await redis.set(`${prefix}:registry-counts:k1`, "[]");
      expect(await store.open(counts).read("k1")).toBeUndefined();
      expect(await redis.exists(`${prefix}:registry-counts:k1`)).toBe(0);
      const aside = await redis.keys(`${prefix}:registry-counts:k1:broken:*`);
      expect(aside).toHaveLength(1);
      expect(await redis.get(aside[0]!)).toBe("[]");
      expect(await redis.ttl(aside[0]!)).toBeGreaterThan(0);
    },
  );
});
