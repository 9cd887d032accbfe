/**
 * The evening report: at REPORT_TIME in TIMEZONE to the owners who opted in
 * with /notify, once a day across restarts and instances (a shared store's
 * claim), up to 3 hours late, never to anyone else.
 */
import { TZDate } from "@date-fns/tz";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eveningDue, eveningReport } from "../../../src/bot/features/report/evening.ts";
import { botScheduler } from "../../../src/bot/jobs.ts";
import { createMemoryStore } from "../../../src/bot/store/storage.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { callsOf, createTestBot, type TestBot, testConfig, textsOf } from "../../helpers/test-bot.ts";
import { OWNER, VIEWER } from "./helpers.ts";

const OPERATOR = 401;
const OTHER_OWNER = 402;

/** The tests' TIMEZONE: Moscow unless the suite runs with TEST_TIMEZONE (scripts/clock-matrix.sh). */
const ZONE = testConfig().timezone;

/** Today at hh:mm in the tests' TIMEZONE. */
function moscow(hours: number, minutes: number, dayOffset = 0): Date {
  const now = new TZDate(Date.now(), ZONE);
  return new Date(
    new TZDate(
      now.getFullYear(),
      now.getMonth(),
      now.getDate() + dayOffset,
      hours,
      minutes,
      0,
      ZONE,
    ).getTime(),
  );
}

/** Opts `ids` in to the evening report, in English. */
async function optIn(t: TestBot, ids: number[]): Promise<void> {
  for (const id of ids) {
    await t.services.users.update(id, (s) => {
      s.notify.evening = true;
      s.locale = "en";
    });
  }
}

interface TwoInstances {
  t: TestBot;
  /** A second instance on the same store (as on Redis): the claim is shared. */
  second: TestBot;
}

/**
 * One sandbox and two bot instances on one store for the describe block, the
 * owners `ownerIds`; OWNER, the operator and the viewer opted in (the
 * operator and the viewer only by forged settings).
 */
function useTwoInstances(
  clock: ManualClock,
  ownerIds: number[],
  started: (bots: TwoInstances) => void,
): void {
  let sandbox: Sandbox | undefined;
  const bots: TestBot[] = [];
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    const options = {
      sandbox,
      store: createMemoryStore(),
      clock,
      operators: [OPERATOR],
      viewers: [VIEWER],
      config: { ownerIds, shopIds: [sandbox.shops[0]?.id ?? ""] },
    };
    const t = await createTestBot(options);
    bots.push(t);
    const second = await createTestBot(options);
    bots.push(second);
    await optIn(t, [OWNER, OPERATOR, VIEWER]);
    started({ t, second });
  });
  afterAll(async () => {
    for (const bot of bots) await bot.close();
    await sandbox?.close();
  });
}

describe("when the evening report is due", () => {
  const at = (date: Date) =>
    eveningDue({
      clock: { now: () => date, sleep: async () => {} },
      config: { timezone: ZONE, reportTime: { hours: 20, minutes: 0 } } as never,
    });
  it("from REPORT_TIME up to 3 hours late, never before and never later", () => {
    expect(at(moscow(19, 59))).toBeUndefined();
    expect(at(moscow(20, 0))).toBeDefined();
    expect(at(moscow(22, 59))).toBe(at(moscow(20, 0)));
    expect(at(moscow(23, 1))).toBeUndefined();
    expect(at(moscow(20, 30, 1))).not.toBe(at(moscow(20, 30)));
  });
});

describe("who gets it, and how often", () => {
  let t: TestBot;
  let second: TestBot;
  // The other owner did not opt in.
  useTwoInstances(new ManualClock(moscow(20, 5)), [OWNER, OTHER_OWNER], (bots) => ({ t, second } = bots));

  it("goes to the owners who opted in, text then chart, and to nobody else", async () => {
    const day = eveningDue(t.services) ?? "";
    expect(day).not.toBe("");
    const before = t.telegram.calls.length;
    const sent = await eveningReport(t.services, day, t.bot.api);
    expect(sent).toEqual([OWNER]);
    const calls = t.telegram.calls.slice(before);
    const chats = new Set(calls.map((c) => Number(c.payload.chat_id ?? OWNER)));
    expect([...chats]).toEqual([OWNER]);
    expect(textsOf(calls)[0]).toContain("Evening report");
    expect(textsOf(calls)[0]).toContain("Orders received (today");
    expect(calls.map((c) => c.method)).toEqual(["sendMessage", "sendPhoto"]);
  });

  it("never twice: not on this instance, not on another, not after a restart", async () => {
    const day = eveningDue(t.services) ?? "";
    expect(await eveningReport(t.services, day, t.bot.api)).toEqual([]);
    // Another instance on the shared store (Redis makes the claim atomic: SET NX, as for the digest).
    expect(await eveningReport(second.services, day, second.bot.api)).toEqual([]);
    // The next day it goes again.
    const tomorrow = eveningDue({ ...t.services, clock: new ManualClock(moscow(20, 5, 1)) }) ?? "";
    expect(tomorrow).not.toBe(day);
    expect(await eveningReport(t.services, tomorrow, t.bot.api)).toEqual([OWNER]);
  });

  it("the owners' /notify has the opt-in; nobody else's has it, and a forged press is refused", async () => {
    const owner = t.user(OTHER_OWNER, { languageCode: "en" });
    const shown = await owner.send("/notify");
    expect(JSON.stringify(callsOf(shown, "sendMessage")[0]?.payload.reply_markup)).toContain(
      "Evening report",
    );
    const pressed = await owner.press("nt:evening");
    expect(callsOf(pressed, "answerCallbackQuery")[0]?.payload.show_alert).toBeUndefined();
    expect((await t.services.users.read(OTHER_OWNER)).notify.evening).toBe(true);
    const operator = await t.user(OPERATOR, { languageCode: "en" }).send("/notify");
    expect(JSON.stringify(operator)).not.toContain("Evening report");
    const forged = await t.user(OPERATOR, { languageCode: "en" }).pressData("nt:evening");
    expect(callsOf(forged, "answerCallbackQuery")[0]?.payload.text).toContain("owners only");
  });
});

describe("on the scheduler", () => {
  let t: TestBot;
  let second: TestBot;
  const logger = pino({ level: "silent" });
  const clock = new ManualClock(moscow(20, 5));
  useTwoInstances(clock, [OWNER], (bots) => ({ t, second } = bots));

  const tick = (bot: TestBot) => botScheduler({ services: bot.services, api: bot.bot.api, logger }).tick();
  const chatsOf = (bot: TestBot) => bot.telegram.calls.map((c) => Number(c.payload.chat_id));

  it("nothing before REPORT_TIME", async () => {
    const early = new ManualClock(moscow(19, 55));
    await botScheduler({ services: { ...t.services, clock: early }, api: t.bot.api, logger }).tick();
    expect(chatsOf(t)).toEqual([]);
  });

  it("at 20:05 in TIMEZONE: the opted-in owner gets it once, the opted-in operator and viewer nothing", async () => {
    await tick(t);
    expect(t.telegram.calls.map((c) => c.method)).toEqual(["sendMessage", "sendPhoto"]);
    expect(chatsOf(t)).toEqual([OWNER, OWNER]);
    expect(textsOf(t.telegram.calls)[0]).toContain("Evening report");
    expect(textsOf(t.telegram.calls)[0]).toContain("Orders received (today");
  });

  it("a second tick and a second instance on the same store send nothing", async () => {
    const before = t.telegram.calls.length;
    await clock.advance(60_000);
    await tick(t);
    await tick(second);
    expect(t.telegram.calls.length).toBe(before);
    expect(second.telegram.calls).toEqual([]);
  });
});

describe("a run after midnight", () => {
  let sandbox: Sandbox;
  let t: TestBot;
  const logger = pino({ level: "silent" });
  // REPORT_TIME 22:30; the bot comes back at 00:15: still within 3 hours of the due time.
  const clock = new ManualClock(moscow(0, 15, 1));
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    t = await createTestBot({
      sandbox,
      clock,
      operators: [OPERATOR],
      config: {
        ownerIds: [OWNER],
        shopIds: [sandbox.shops[0]?.id ?? ""],
        reportTime: { hours: 22, minutes: 30 },
      },
    });
    await optIn(t, [OWNER]);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it("sends the evening report of the day it was due for, not of the new day, once", async () => {
    const scheduler = botScheduler({ services: t.services, api: t.bot.api, logger });
    await scheduler.tick();
    const texts = textsOf(t.telegram.calls);
    expect(t.telegram.calls.map((c) => c.method)).toEqual(["sendMessage", "sendPhoto"]);
    expect(texts[0]).toContain("Evening report");
    // The day before's date, and not called "today" any more.
    const noon = new TZDate(moscow(12, 0).getTime(), ZONE);
    // English names the month (one date form per language): "Fri Nov 27".
    const dayBefore = `${noon.toLocaleDateString("en-GB", { month: "short" })} ${noon.getDate()}`;
    expect(texts[0]).toContain(
      `Orders received (${noon.toLocaleDateString("en-GB", { weekday: "short" })} ${dayBefore})`,
    );
    expect(texts[0]).not.toContain("today");
    await scheduler.tick();
    expect(t.telegram.calls).toHaveLength(2);
  });
});
