/**
 * The evening report and a Telegram outage at its time: the run is tried
 * again until Telegram takes the report or the 3-hour window closes, after a
 * restart too, and each message (the text, the chart) is delivered once, on
 * one instance or two. The report is built once per process, not per retry.
 *
 * The bot's own Api retries a 5xx a few times within seconds (telegram/api.ts);
 * these tests send through a plain Api on the same fake Telegram, so each
 * refused call is one attempt of the scheduler.
 */
import { TZDate } from "@date-fns/tz";
import { Api } from "grammy";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { botScheduler } from "../../../src/bot/jobs.ts";
import { createMemoryStore } from "../../../src/bot/store/storage.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { serverError } from "../../e2e/fake-telegram/errors.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { createTestBot, type TestBot, testConfig } from "../../helpers/test-bot.ts";
import { OWNER } from "./helpers.ts";

const logger = pino({ level: "silent" });
const MINUTE = 60_000;

/** The tests' TIMEZONE: Moscow unless the suite runs with TEST_TIMEZONE (scripts/clock-matrix.sh). */
const ZONE = testConfig().timezone;

/** Today at hh:mm in the tests' TIMEZONE. */
function moscow(hours: number, minutes: number): Date {
  const now = new TZDate(Date.now(), ZONE);
  return new Date(
    new TZDate(now.getFullYear(), now.getMonth(), now.getDate(), hours, minutes, 0, ZONE).getTime(),
  );
}

let sandbox: Sandbox;
let t: TestBot;
let second: TestBot;
let clock: ManualClock;

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0 });
  clock = new ManualClock(moscow(20, 1));
  const options = {
    sandbox,
    clock,
    store: createMemoryStore(),
    config: { ownerIds: [OWNER], shopIds: [sandbox.shops[0]?.id ?? ""] },
  };
  t = await createTestBot(options);
  second = await createTestBot(options);
  await t.services.users.update(OWNER, (s) => {
    s.notify.evening = true;
    s.locale = "en";
  });
});
afterEach(async () => {
  await t.close();
  await second.close();
  await sandbox.close();
});

/** A scheduler of `bot` (a fresh one is a restarted process) sending through a plain Api. */
function schedulerOf(bot: TestBot) {
  const api = new Api(bot.bot.api.token, bot.bot.api.options);
  return botScheduler({ services: bot.services, api, logger });
}

/** The calls Telegram took (status 200) of `method` to the owner. */
const delivered = (bot: TestBot, method: string) =>
  bot.telegram.calls.filter(
    (c) => c.method === method && c.status === 200 && Number(c.payload.chat_id) === OWNER,
  );
const refused = (bot: TestBot) => bot.telegram.calls.filter((c) => c.status !== 200);

describe("the evening report and a Telegram outage", () => {
  it("is delivered once Telegram is back, after a restart within the window, once", async () => {
    t.telegram.state.faults.failNext("sendMessage", serverError(502), 1000);
    const before = schedulerOf(t);
    await before.tick(); // 20:01: refused
    const built = t.serviceRequests();
    await clock.advance(MINUTE);
    await before.tick(); // 20:02: refused again; the report is not read again
    await clock.advance(MINUTE);
    await before.tick(); // too soon: the next try waits 2 minutes
    expect(refused(t)).toHaveLength(2);
    expect(delivered(t, "sendMessage")).toHaveLength(0);
    expect(t.serviceRequests()).toBe(built);
    await before.stop();

    // Restarted at 20:30, Telegram answering again: the run is taken up.
    t.telegram.state.faults.clear();
    await clock.advance(27 * MINUTE);
    const after = schedulerOf(t);
    await after.tick();
    const text = delivered(t, "sendMessage");
    expect(text).toHaveLength(1);
    expect(String(text[0]?.payload.text)).toContain("Evening report");
    expect(delivered(t, "sendPhoto")).toHaveLength(1);

    // Later checks, here and on a second instance on the same store: nothing more.
    for (let i = 0; i < 5; i++) {
      await clock.advance(10 * MINUTE);
      await after.tick();
      await schedulerOf(second).tick();
    }
    expect(delivered(t, "sendMessage")).toHaveLength(1);
    expect(delivered(t, "sendPhoto")).toHaveLength(1);
    expect(delivered(second, "sendMessage")).toHaveLength(0);
  });

  it("a chart Telegram refused is sent again alone: the text is not repeated", async () => {
    t.telegram.state.faults.failNext("sendPhoto", serverError(500), 1);
    const scheduler = schedulerOf(t);
    await scheduler.tick();
    expect(delivered(t, "sendMessage")).toHaveLength(1);
    expect(delivered(t, "sendPhoto")).toHaveLength(0);
    await clock.advance(MINUTE);
    await scheduler.tick();
    expect(delivered(t, "sendMessage")).toHaveLength(1);
    expect(delivered(t, "sendPhoto")).toHaveLength(1);
  });

  it("an outage through the whole window: tried with growing waits, nothing after it closes", async () => {
    t.telegram.state.faults.failNext("sendMessage", serverError(502), 10_000);
    const scheduler = schedulerOf(t);
    // A check a minute from 20:01 to 23:30.
    for (let minute = 0; minute < 210; minute++) {
      await scheduler.tick();
      await clock.advance(MINUTE);
    }
    const tries = refused(t).length;
    expect(tries).toBeGreaterThan(5);
    expect(tries).toBeLessThan(15);
    expect(delivered(t, "sendMessage")).toHaveLength(0);
    t.telegram.state.faults.clear();
    await scheduler.tick(); // 23:31: the window is closed
    expect(delivered(t, "sendMessage")).toHaveLength(0);
  });

  it("a 400 from Telegram (chat not found) is not tried again", async () => {
    t.telegram.state.faults.failNext("sendMessage", {
      error_code: 400,
      description: "Bad Request: chat not found",
    });
    const scheduler = schedulerOf(t);
    await scheduler.tick();
    await clock.advance(5 * MINUTE);
    await scheduler.tick();
    expect(t.telegram.calls.filter((c) => c.method === "sendMessage")).toHaveLength(1);
  });
});
