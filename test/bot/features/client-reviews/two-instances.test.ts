/**
 * Two instances at once (issue 36.6): each with its own mirror (its own change log) on one
 * store, both looking at the same moment: the client is asked once, and a press handled by
 * either counts once. On the memory store and, with REDIS_TEST_URL, on one Redis.
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { clientReviews } from "../../../../src/bot/features/client-reviews/records.ts";
import { botScheduler } from "../../../../src/bot/jobs.ts";
import { createRedisStore, type Store } from "../../../../src/bot/store/storage.ts";
import { createTestBot } from "../../../helpers/test-bot.ts";
import { syncUntilDone } from "../../../mirror/sandbox-mirror.ts";
import { linked, OPERATOR } from "../client-side/setup.ts";
import { local, questionsIn, startReviewBot } from "./setup.ts";

const redisUrl = process.env.REDIS_TEST_URL;
const closing: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

async function twoInstances(stores?: [Store, Store]) {
  const a = await startReviewBot({ store: stores?.[0] });
  closing.push(() => a.close());
  const mirror = await a.otherMirror();
  const b = await createTestBot({
    sandbox: a.sandbox,
    store: stores?.[1] ?? a.store,
    clock: a.clock,
    operators: [OPERATOR],
    config: a.config,
    deps: { mirror },
  });
  closing.push(() => b.close());
  await b.services.reference.shops();
  await b.services.reference.statuses();
  const scheduler = botScheduler({ services: b.services, api: b.bot.api, logger: pino({ level: "silent" }) });
  closing.push(() => scheduler.stop());
  /** Both look at the same moment (each after its own mirror synced). */
  const both = async (day: number, hours: number, minutes = 0) => {
    await a.clock.advance(local(day, hours, minutes).getTime() - a.clock.now().getTime());
    await syncUntilDone(mirror);
    await Promise.all([a.scheduler.tick(), scheduler.tick()]);
  };
  return { a, b, both };
}

async function askedOnce(stores?: [Store, Store]) {
  const { a, b, both } = await twoInstances(stores);
  const { order, user } = await linked(a, 8301, "en");
  await a.handOver(order.id);
  await both(0, 11, 10);
  await both(1, 11, 10);
  await both(1, 11, 20);
  await both(2, 11, 0);
  const questions = [a, b].flatMap((bot) => questionsIn(bot.telegram.botMessages(user.id)));
  expect(questions).toHaveLength(1);
  const question = questions[0]!;
  // The press delivered to both (a redelivery after a failover): one answer.
  const press = (bot: typeof a | typeof b) =>
    bot.user(user.id, { languageCode: "en" }).pressData(`rv:${encodeURIComponent(order.id)}:5`, question);
  await Promise.all([press(a), press(b)]);
  const thanks = [a, b].flatMap((bot) =>
    bot.telegram.botMessages(user.id).filter((m) => m.text.includes("Thank you for 5 ★")),
  );
  expect(thanks).toHaveLength(1);
  expect(await a.store.open(clientReviews).read(order.id)).toMatchObject({ state: "answered", stars: 5 });
}

describe("reviews on two instances", () => {
  it("one store: asked once, answered once (en)", async () => {
    await askedOnce();
  });

  it.skipIf(!redisUrl)("one Redis: asked once, answered once (en)", async () => {
    const prefix = `reviews-${randomUUID()}`;
    const connections = [0, 1].map(() => new Redis(redisUrl ?? "", { maxRetriesPerRequest: 1 }));
    closing.push(() => {
      for (const redis of connections) redis.disconnect();
    });
    const [ra, rb] = connections as [Redis, Redis];
    await askedOnce([createRedisStore(ra, prefix), createRedisStore(rb, prefix)]);
  });
});
