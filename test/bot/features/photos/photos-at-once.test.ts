/**
 * Photos sent at the same moment to one order by three staff: every one is
 * kept, in the file store and in Redis (one change of the order's photos at a
 * time: queued per file, compare-and-set in Redis), and each confirmation names
 * what the order really holds.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Update } from "grammy/types";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPhotoStore, type KeptPhoto } from "../../../../src/bot/state/order-photos.ts";
import { createFileStore, createRedisStore, type Store } from "../../../../src/bot/store/storage.ts";
import { type Sandbox, startSandbox } from "../../../../src/sandbox/index.ts";
import { createTestBot, type TestBot } from "../../../helpers/test-bot.ts";
import { photoUpdate, telegramUser } from "../../../helpers/updates.ts";

const STAFF = [101, 102, 103];
const EACH = 10;
const redisUrl = process.env.REDIS_TEST_URL;

let sandbox: Sandbox;
let dataDir: string;
const connections: Redis[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  dataDir = await mkdtemp(join(tmpdir(), "photos-at-once-"));
});
afterAll(async () => {
  await sandbox.close();
  for (const redis of connections) redis.disconnect();
  await rm(dataDir, { recursive: true, force: true });
});

let seq = 0;
function photo(bot: TestBot, userId: number, caption: string): Update {
  const messageId = bot.telegram.nextMessageId(userId);
  bot.telegram.registerUserMessage(userId, messageId, caption);
  return photoUpdate(telegramUser(userId, { languageCode: "en" }), messageId, `large-${++seq}`, caption);
}

const stores: [string, () => Promise<Store> | Store, boolean][] = [
  ["files", () => createFileStore(dataDir), true],
  [
    "Redis",
    () => {
      const redis = new Redis(redisUrl ?? "", { maxRetriesPerRequest: 1 });
      connections.push(redis);
      return createRedisStore(redis, `photos-${process.pid}-${Date.now()}`);
    },
    redisUrl !== undefined,
  ],
];

describe.each(stores)("thirty photos at once to one order (%s)", (_name, openStore, available) => {
  it.skipIf(!available)("three staff, ten each: thirty kept, and the confirmations say so", async () => {
    const store = await openStore();
    const bot = await createTestBot({ sandbox, operators: STAFF, store });
    try {
      const order = sandbox.store.orders.find((o) => o.isVisible && o.number)!;
      const updates = STAFF.flatMap((user) =>
        Array.from({ length: EACH }, () => photo(bot, user, order.number!)),
      );
      await Promise.all(updates.map((update) => bot.handle(update)));
      const kept = await createPhotoStore(store).list(order.id);
      expect(kept).toHaveLength(STAFF.length * EACH);
      expect(new Set(kept.map((p) => p.by))).toEqual(new Set(STAFF));
      // Each confirmation names the order's count right after its photo: 1 ... 30, each once.
      // Each confirmation names the order's count right after its photo: 1 ... 30, each once.
      const confirmations = STAFF.flatMap((user) =>
        bot
          .user(user)
          .replies()
          .map((m) => m.text ?? "")
          .filter((text) => text.includes("Kept 1 photo")),
      );
      const totals = confirmations.map((text) => Number(/\((\d+) in all\)/.exec(text)?.[1]));
      expect(totals.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    } finally {
      await bot.close();
    }
  });

  it.skipIf(!available)(
    "the store itself: thirty concurrent adds of one photo each, thirty kept",
    async () => {
      const photos = createPhotoStore(await openStore());
      const one = (n: number): KeptPhoto => ({ id: `f${n}`, unique: `u${n}`, by: STAFF[n % 3]!, at: n });
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, n) => photos.add("order-1", [one(n)])),
      );
      expect(results.every((r) => r.added === 1)).toBe(true);
      expect(results.map((r) => r.total).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 30 }, (_, i) => i + 1),
      );
      expect(await photos.count("order-1")).toBe(30);
      // A repeat of one of them (the same picture sent again) adds nothing.
      expect(await photos.add("order-1", [one(7)])).toEqual({ added: 0, total: 30 });
    },
  );
});
