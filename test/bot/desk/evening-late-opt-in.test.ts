/**
 * The evening report's claims are each recipient's own (issue 32.13): a run at
 * REPORT_TIME with nobody opted in closes nothing, so an owner who opts in
 * later within the 3-hour window gets that day's report, once; a bot started
 * after REPORT_TIME sends it to each owner opted in, once; after the window,
 * nothing. The test's own clock (20:00 Moscow, 30 March 2026).
 */
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botScheduler } from "../../../src/bot/jobs.ts";
import { createMemoryStore } from "../../../src/bot/store/storage.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { createTestBot, type TestBot, textsOf } from "../../helpers/test-bot.ts";

const FIRST = 501;
const SECOND = 502;
const THIRD = 503;
const MINUTE = 60_000;
/** 20:00 in Moscow (UTC+3) on 30 March 2026: REPORT_TIME. */
const AT_REPORT_TIME = new Date("2026-03-30T17:00:00Z");
const logger = pino({ level: "silent" });

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, clock: { now: () => AT_REPORT_TIME.getTime() } });
});
afterAll(() => sandbox.close());

async function bot(clock: ManualClock): Promise<TestBot> {
  return createTestBot({
    sandbox,
    store: createMemoryStore(),
    clock,
    config: {
      ownerIds: [FIRST, SECOND, THIRD],
      shopIds: [sandbox.shops[0]?.id ?? ""],
      timezone: "Europe/Moscow",
      reportTime: { hours: 20, minutes: 0 },
    },
  });
}

async function optIn(t: TestBot, id: number, locale: "ru" | "en"): Promise<void> {
  await t.services.users.update(id, (s) => {
    s.notify.evening = true;
    s.locale = locale;
  });
}

const sentTo = (t: TestBot, id: number) =>
  t.telegram.calls.filter((c) => Number(c.payload.chat_id) === id).map((c) => c.method);

describe("owners who opt in after REPORT_TIME", () => {
  const clock = new ManualClock(AT_REPORT_TIME);
  let t: TestBot;
  beforeAll(async () => {
    t = await bot(clock);
  });
  afterAll(() => t.close());
  const tick = () => botScheduler({ services: t.services, api: t.bot.api, logger }).tick();

  it("a run with nobody opted in sends nothing and closes nothing", async () => {
    await tick();
    expect(t.telegram.calls).toEqual([]);
  });

  it("an owner who opts in at 21:10 gets the day's report at the next check, once (ru)", async () => {
    await clock.advance(70 * MINUTE);
    await optIn(t, FIRST, "ru");
    await tick();
    expect(sentTo(t, FIRST)).toEqual(["sendMessage", "sendPhoto"]);
    expect(textsOf(t.telegram.calls)[0]).toContain("Вечерний отчёт");
    await clock.advance(MINUTE);
    await tick();
    await clock.advance(10 * MINUTE);
    await tick();
    expect(sentTo(t, FIRST)).toHaveLength(2);
  });

  it("another at 22:50 gets it too, in English, and the first nothing more (en)", async () => {
    await clock.advance(89 * MINUTE); // 22:50
    await optIn(t, SECOND, "en");
    await tick();
    expect(sentTo(t, SECOND)).toEqual(["sendMessage", "sendPhoto"]);
    expect(textsOf(t.telegram.calls.filter((c) => Number(c.payload.chat_id) === SECOND))[0]).toContain(
      "Evening report",
    );
    expect(sentTo(t, FIRST)).toHaveLength(2);
  });

  it("past the 3-hour window (23:01) nobody new gets the day's report", async () => {
    await clock.advance(11 * MINUTE);
    await optIn(t, THIRD, "en");
    await tick();
    expect(sentTo(t, THIRD)).toEqual([]);
  });
});

describe("a bot started after REPORT_TIME", () => {
  it("sends that day's report to each owner opted in, once (en and ru)", async () => {
    const clock = new ManualClock(new Date(AT_REPORT_TIME.getTime() + 95 * MINUTE)); // 21:35
    const t = await bot(clock);
    try {
      await optIn(t, FIRST, "en");
      await optIn(t, SECOND, "ru");
      const scheduler = botScheduler({ services: t.services, api: t.bot.api, logger });
      await scheduler.tick();
      expect(sentTo(t, FIRST)).toEqual(["sendMessage", "sendPhoto"]);
      expect(sentTo(t, SECOND)).toEqual(["sendMessage", "sendPhoto"]);
      expect(sentTo(t, THIRD)).toEqual([]);
      await clock.advance(MINUTE);
      await scheduler.tick();
      await clock.advance(5 * MINUTE);
      await scheduler.tick();
      expect(t.telegram.calls).toHaveLength(4);
    } finally {
      await t.close();
    }
  });
});
