/**
 * The outbox's rules on their own, through the fake Telegram on a manual
 * clock: once per key, in order per chat, a permanent refusal given up at once
 * with its reason, a passing one given up only at the bound with an error line
 * and a counter, and two instances on one Redis delivering a message once.
 */
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { Api } from "grammy";
import { Redis } from "ioredis";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { createOutbox, type Outbox } from "../../../src/bot/notify/outbox.ts";
import { createMemoryStore, createRedisStore, type Store } from "../../../src/bot/store/storage.ts";
import { serverError, tooManyRequests } from "../../e2e/fake-telegram/errors.ts";
import { BOT_INFO, FakeTelegram } from "../../helpers/fake-telegram.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";

const redisUrl = process.env.REDIS_TEST_URL;
const silent = pino({ level: "silent" });

function apiOf(telegram: FakeTelegram): Api {
  return new Api(`${BOT_INFO.id}:in-process`, { fetch: telegram.fetch as unknown as typeof fetch });
}

function outboxOn(store: Store, telegram: FakeTelegram, clock: ManualClock, logger = silent): Outbox {
  const outbox = createOutbox({ store, api: apiOf(telegram), clock, logger });
  outbox.audience("staff", {});
  return outbox;
}

const message = (id: string, chatId = 42, text = `message ${id}`) => ({
  id,
  chatId,
  audience: "staff",
  parts: [{ method: "sendMessage" as const, text }],
});

const delivered = (telegram: FakeTelegram, chatId = 42) =>
  telegram.calls
    .filter((c) => c.method === "sendMessage" && c.status === 200 && Number(c.payload.chat_id) === chatId)
    .map((c) => String(c.payload.text));

describe("the outbox", () => {
  it("sends a key once: the same key again (a replay, a second run) sends nothing", async () => {
    const telegram = new FakeTelegram();
    const outbox = outboxOn(createMemoryStore(), telegram, new ManualClock());
    expect(await outbox.send(message("a"))).toMatchObject({ state: "sent" });
    expect(await outbox.send(message("a", 42, "other text"))).toMatchObject({ state: "sent" });
    await outbox.drain();
    expect(delivered(telegram)).toEqual(["message a"]);
  });

  it("keeps a chat's messages in order: a newer one waits behind a refused older one", async () => {
    const telegram = new FakeTelegram();
    const clock = new ManualClock();
    const outbox = outboxOn(createMemoryStore(), telegram, clock);
    telegram.failNext("sendMessage", tooManyRequests(10));
    await outbox.send(message("first"));
    await outbox.send(message("second"));
    // Another chat is not held up.
    await outbox.send(message("elsewhere", 43));
    expect(delivered(telegram)).toEqual([]);
    expect(delivered(telegram, 43)).toEqual(["message elsewhere"]);
    await clock.advance(10_000);
    await outbox.drain();
    expect(delivered(telegram)).toEqual(["message first", "message second"]);
  });

  it("a 400 (chat not found) is given up at once, with the reason, and told to the audience", async () => {
    const telegram = new FakeTelegram();
    const outbox = outboxOn(createMemoryStore(), telegram, new ManualClock());
    const refusals: [number, string][] = [];
    outbox.audience("staff", { refused: async (chatId, reason) => void refusals.push([chatId, reason]) });
    telegram.failNext("sendMessage", { error_code: 400, description: "Bad Request: chat not found" });
    expect(await outbox.send(message("gone"))).toEqual({
      state: "given-up",
      attempts: 0,
      reason: "chat not found",
    });
    await outbox.drain();
    expect(telegram.calls.filter((c) => c.method === "sendMessage")).toHaveLength(1);
    expect(refusals).toEqual([[42, "chat not found"]]);
    expect(outbox.stats()).toMatchObject({ refused: 1, givenUp: 0, queued: 0 });
  });

  it("a recipient who may no longer be told (a role taken away meanwhile) gets nothing", async () => {
    const telegram = new FakeTelegram();
    const clock = new ManualClock();
    const outbox = outboxOn(createMemoryStore(), telegram, clock);
    let allowed = true;
    outbox.audience("staff", { allows: async () => allowed });
    telegram.failNext("sendMessage", serverError(502));
    await outbox.send(message("card"));
    allowed = false;
    await clock.advance(60_000);
    await outbox.drain();
    expect(delivered(telegram)).toEqual([]);
    expect(await outbox.status("card")).toMatchObject({ state: "given-up", reason: "recipient" });
    expect(outbox.stats().dropped).toBe(1);
  });

  it("a Telegram down for longer than the bound: tried with growing waits, then given up with an error line", async () => {
    const telegram = new FakeTelegram();
    const clock = new ManualClock();
    const lines: { level: number; msg: string }[] = [];
    const logger = pino(
      { level: "warn" },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    );
    const outbox = outboxOn(createMemoryStore(), telegram, clock, logger);
    telegram.state.faults.failNext("sendMessage", serverError(502), 100_000);
    await outbox.send({ ...message("late"), giveUpAt: clock.now().getTime() + 3 * 60 * 60_000 });
    // A look a minute for four hours.
    for (let minute = 0; minute < 240; minute++) {
      await clock.advance(60_000);
      await outbox.drain();
    }
    const tries = telegram.calls.filter((c) => c.method === "sendMessage").length;
    expect(tries).toBeGreaterThan(8);
    expect(tries).toBeLessThan(20);
    expect(await outbox.status("late")).toMatchObject({ state: "given-up", reason: "bound: 502" });
    expect(outbox.stats()).toMatchObject({ givenUp: 1, sent: 0, queued: 0, retried: tries - 1 });
    expect(lines.filter((l) => l.level === 50).map((l) => l.msg)).toEqual([
      "outbox: a message was not delivered within its bound; given up",
    ]);
    telegram.state.faults.clear();
    await outbox.drain();
    expect(delivered(telegram)).toEqual([]);
  });

  it("a message of two parts goes on with the second when only it was refused", async () => {
    const telegram = new FakeTelegram();
    const clock = new ManualClock();
    const outbox = outboxOn(createMemoryStore(), telegram, clock);
    telegram.failNext("sendPhoto", serverError(500));
    const png = Buffer.from("89504e470d0a1a0a", "hex").toString("base64");
    await outbox.send({
      ...message("report"),
      parts: [
        { method: "sendMessage", text: "the report" },
        { method: "sendPhoto", png, caption: "chart" },
      ],
    });
    await clock.advance(5_000);
    await outbox.drain();
    expect(delivered(telegram)).toEqual(["the report"]);
    const photos = telegram.calls.filter((c) => c.method === "sendPhoto");
    expect(photos.map((c) => c.status)).toEqual([500, 200]);
    expect(await outbox.status("report")).toMatchObject({ state: "sent", attempts: 1 });
  });
});

describe.skipIf(!redisUrl)("the outbox on two instances (Redis)", () => {
  it("a message refused on one is delivered once when both try it after the error", async () => {
    const prefix = `outbox-${randomUUID()}`;
    const connections = [0, 1].map(() => new Redis(redisUrl ?? "", { maxRetriesPerRequest: 1 }));
    try {
      const telegram = new FakeTelegram();
      const clock = new ManualClock();
      const [a, b] = connections.map((redis) =>
        outboxOn(createRedisStore(redis, prefix), telegram, clock),
      ) as [Outbox, Outbox];
      telegram.failNext("sendMessage", tooManyRequests(30));
      // Both instances noticed the same change: one message kept.
      const kept = await Promise.all([a.send(message("ready")), b.send(message("ready"))]);
      expect(kept.map((k) => k.state)).toEqual(["queued", "queued"]);
      await clock.advance(30_000);
      for (let round = 0; round < 5; round++) await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
      expect(delivered(telegram)).toEqual(["message ready"]);
      expect(telegram.calls.filter((c) => c.method === "sendMessage")).toHaveLength(2);
      expect(a.stats().sent + b.stats().sent).toBe(1);
      expect(await b.status("ready")).toMatchObject({ state: "sent" });
    } finally {
      for (const redis of connections) redis.disconnect();
    }
  });
});
