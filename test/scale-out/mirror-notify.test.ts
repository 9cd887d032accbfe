/**
 * Notifications on two instances with a real Redis (REDIS_TEST_URL): both
 * instances hear every change of the mirror (the leader finds it, the other
 * applies the feed), both notifiers walk it, and each notification reaches its
 * user once (SET NX claims in the shared store: per change and user, and per
 * news and user, so two records of one change are one message).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimMeaning } from "../../src/bot/notify/claims.ts";
import { Notifier } from "../../src/bot/notify/notifier.ts";
import { createRedisStore, type Store } from "../../src/bot/store/storage.ts";
import { DEFAULT_BUDGET, Mirror } from "../../src/mirror/index.ts";
import { redisCoordinator } from "../../src/mirror/redis-coordinator.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { createServiceClient } from "../../src/service/index.ts";
import { createTestBot, type TestBot } from "../helpers/test-bot.ts";
import { eventually } from "./cluster.ts";

const redisUrl = process.env.REDIS_TEST_URL;

describe.skipIf(!redisUrl)("notifications on two instances", () => {
  let sandbox: Sandbox;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ orders: 200 });
    dir = mkdtempSync(join(tmpdir(), "mirror-notify-"));
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("the same news claimed on two instances (two records of one change) goes to one of them", async () => {
    const prefix = `meaning-${randomUUID()}`;
    const connections = [0, 1].map(() => new Redis(redisUrl ?? "", { maxRetriesPerRequest: 1 }));
    try {
      const [a, b] = connections.map((redis) => createRedisStore(redis, prefix)) as [Store, Store];
      const news = "o1:assigned-master:1";
      const won = await Promise.all([claimMeaning(a, news, "record-a"), claimMeaning(b, news, "record-b")]);
      expect(won.filter(Boolean)).toHaveLength(1);
      // The holder asking again (its log replayed after a crash) still holds it; the other does not.
      const holder = won[0] ? "record-a" : "record-b";
      expect(await claimMeaning(b, news, holder)).toBe(true);
      expect(await claimMeaning(a, news, holder === "record-a" ? "record-b" : "record-a")).toBe(false);
      // Other news (another user, another value) is claimed on its own.
      expect(await claimMeaning(b, "o1:assigned-master:2", "record-b")).toBe(true);
      expect(await claimMeaning(a, "o1:status:s2:1", "record-a")).toBe(true);
    } finally {
      for (const redis of connections) redis.disconnect();
    }
  });

  it("an assignment found by one instance is sent once, by one of them", async () => {
    const prefix = `notify-${randomUUID()}`;
    const started: { bot: TestBot; mirror: Mirror; notifier: Notifier; redis: Redis }[] = [];
    for (const name of ["a", "b"]) {
      const redis = new Redis(redisUrl ?? "", { maxRetriesPerRequest: 1 });
      const client = createServiceClient({ baseUrl: sandbox.url, token: sandbox.token });
      const mirror = new Mirror({
        client,
        path: join(dir, `${prefix}-${name}.sqlite`),
        shopIds: [],
        budget: { ...DEFAULT_BUDGET, perWindow: 1000, reserve: 0, baseIntervalMs: 100 },
        overlapMs: 30_000,
        backfillDays: 30,
        instanceId: name,
        coordinator: redisCoordinator({
          redis,
          prefix: `${prefix}:mirror:`,
          instanceId: name,
          leaseMs: 800,
          blockMs: 100,
        }),
      });
      await mirror.open();
      const bot = await createTestBot({
        operators: [1],
        sandbox,
        store: createRedisStore(redis, prefix),
        deps: { mirror },
      });
      const notifier = new Notifier({
        services: bot.services,
        api: bot.bot.api,
        mirror,
        logger: pino({ level: "silent" }),
      });
      notifier.start();
      started.push({ bot, mirror, notifier, redis });
    }
    try {
      const [a, b] = started as [(typeof started)[0], (typeof started)[0]];
      for (
        let i = 0;
        i < 20 && !(a.mirror.progress.state.lastSyncAt ?? b.mirror.progress.state.lastSyncAt);
        i++
      ) {
        await Promise.all([a.mirror.step(), b.mirror.step()]);
      }
      const { store } = sandbox;
      const order = store.orders.find(
        (o) =>
          o.isVisible &&
          ["new", "inWork"].includes(store.statusById.get(o.statusId)?.group ?? "") &&
          store.employeesOfShop(o.shopId).some((e) => e.isMaster && e.id !== o.masterId),
      );
      if (!order) throw new Error("no open order with another master");
      const person = store.employeesOfShop(order.shopId).find((e) => e.isMaster && e.id !== order.masterId)!;
      await a.bot.services.users.update(1, (s) => {
        s.employee = { id: person.id, name: person.name };
        s.locale = "en";
      });
      // Both notifiers start at their log's end.
      await Promise.all([a.notifier.kick(), b.notifier.kick()]);
      sandbox.others.assign(order.id, { masterId: person.id });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await Promise.all([a.mirror.step(), b.mirror.step()]);
      const sent = () =>
        [a, b].flatMap((x) => x.bot.telegram.botMessages(1)).filter((m) => m.text.includes(order.number));
      await eventually("the assignment is sent", () => sent().length > 0);
      // Both instances heard the change; give the slower one its turn, then count.
      await eventually("the other instance has the change too", () =>
        [a, b].every((x) => x.mirror.get(order.id)?.order.master?.id === person.id),
      );
      await Promise.all([a.notifier.kick(), b.notifier.kick()]);
      expect(sent()).toHaveLength(1);
      expect(sent()[0]?.text).toContain("was assigned to you as master");
    } finally {
      for (const x of started) {
        await x.notifier.stop();
        await x.mirror.stop().catch(() => undefined);
        await x.bot.close();
        x.redis.disconnect();
      }
    }
  });
});
