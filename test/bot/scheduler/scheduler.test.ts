/**
 * The scheduler: a daily job runs once a day at its time in TIMEZONE, up to
 * `lateBy` late and not after (no morning job in the evening), never twice:
 * not across a restart (a new scheduler on the same store, memory or files),
 * not on two instances sharing a store (Redis, when REDIS_TEST_URL is set).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createScheduler, type DailyRun, dueRun } from "../../../src/bot/scheduler/index.ts";
import {
  createFileStore,
  createMemoryStore,
  createRedisStore,
  type Store,
} from "../../../src/bot/store/storage.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";

const logger = pino({ level: "silent" });
const MOSCOW = "Europe/Moscow";
const HOUR = 3_600_000;
/** 05:50 UTC = 08:50 in Moscow, 10 minutes before a 09:00 job. */
const BEFORE_NINE = new Date(Date.UTC(2026, 10, 25, 5, 50));

/** A scheduler with one 09:00 job that records its runs (or fails with `fail`). */
function morningJob(store: Store, clock: ManualClock, options: { fail?: boolean; lateBy?: number } = {}) {
  const runs: DailyRun[] = [];
  const scheduler = createScheduler({ store, clock, timezone: MOSCOW, logger });
  scheduler.daily({
    name: "morning",
    time: { hours: 9, minutes: 0 },
    lateBy: options.lateBy,
    async run(run) {
      runs.push(run);
      if (options.fail) throw new Error("the job broke");
    },
  });
  return { scheduler, runs };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("a daily job", () => {
  it("runs at its time in TIMEZONE, once, and again the next day", async () => {
    const clock = new ManualClock(BEFORE_NINE);
    const { scheduler, runs } = morningJob(createMemoryStore(), clock);
    await scheduler.tick();
    expect(runs).toEqual([]);
    await clock.advance(11 * 60_000); // 09:01
    await scheduler.tick();
    await scheduler.tick();
    expect(runs).toEqual([{ day: "2026-11-25", due: new Date(Date.UTC(2026, 10, 25, 6, 0)) }]);
    await clock.advance(24 * HOUR);
    await scheduler.tick();
    expect(runs.map((r) => r.day)).toEqual(["2026-11-25", "2026-11-26"]);
  });

  it("runs up to 3 hours late after a restart, not later, and never in the evening", async () => {
    const store = createMemoryStore();
    // 08:59 in Moscow + 3 h 1 min: down through the whole window.
    const late = new ManualClock(new Date(Date.UTC(2026, 10, 25, 9, 1)));
    const missed = morningJob(store, late);
    await missed.scheduler.tick();
    expect(missed.runs).toEqual([]);
    // 11:59 in Moscow: within the 3 hours.
    const inTime = new ManualClock(new Date(Date.UTC(2026, 10, 25, 8, 59)));
    const caught = morningJob(createMemoryStore(), inTime);
    await caught.scheduler.tick();
    expect(caught.runs.map((r) => r.day)).toEqual(["2026-11-25"]);
    // 23:00 in Moscow: the morning job waits for the next morning.
    const evening = new ManualClock(new Date(Date.UTC(2026, 10, 25, 20, 0)));
    const night = morningJob(createMemoryStore(), evening);
    await night.scheduler.tick();
    expect(night.runs).toEqual([]);
    await evening.advance(10 * HOUR + 60_000); // 09:01 the next day
    await night.scheduler.tick();
    expect(night.runs.map((r) => r.day)).toEqual(["2026-11-26"]);
  });

  it("is not run again by a restart the same day (memory and file stores)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "scheduler-"));
    dirs.push(dir);
    for (const open of [() => createMemoryStore(), () => createFileStore(dir)]) {
      const shared = open();
      const clock = new ManualClock(new Date(Date.UTC(2026, 10, 25, 6, 1)));
      const first = morningJob(shared, clock);
      await first.scheduler.tick();
      await first.scheduler.stop();
      // The file store is opened anew, as a restarted process would: the marker is on disk.
      const second = morningJob(shared.kind === "file" ? createFileStore(dir) : shared, clock);
      await clock.advance(HOUR);
      await second.scheduler.tick();
      expect([first.runs.length, second.runs.length], shared.kind).toEqual([1, 0]);
    }
  });

  it("two instances on one store checking at the same moment run it once", async () => {
    const store = createMemoryStore();
    const clock = new ManualClock(new Date(Date.UTC(2026, 10, 25, 6, 1)));
    const a = morningJob(store, clock);
    const b = morningJob(store, clock);
    await Promise.all([a.scheduler.tick(), b.scheduler.tick(), a.scheduler.tick()]);
    expect(a.runs.length + b.runs.length).toBe(1);
  });

  it("a failing run is tried again after 1, 2, 4 ... minutes until its window closes, and the next day runs", async () => {
    const clock = new ManualClock(new Date(Date.UTC(2026, 10, 25, 6, 1)));
    const { scheduler, runs } = morningJob(createMemoryStore(), clock, { fail: true });
    await scheduler.tick();
    await scheduler.tick(); // too soon: the first wait is a minute
    expect(runs).toHaveLength(1);
    await clock.advance(60_000);
    await scheduler.tick();
    expect(runs).toHaveLength(2);
    await clock.advance(60_000); // the second wait is two minutes
    await scheduler.tick();
    expect(runs).toHaveLength(2);
    await clock.advance(60_000);
    await scheduler.tick();
    expect(runs).toHaveLength(3);
    // A check a minute through the rest of the 3-hour window: waits double up to 30 minutes.
    for (let minute = 4; minute <= 190; minute++) {
      await clock.advance(60_000);
      await scheduler.tick();
    }
    const inWindow = runs.length;
    expect(inWindow).toBeGreaterThan(5);
    expect(inWindow).toBeLessThan(15);
    expect(new Set(runs.map((r) => r.day))).toEqual(new Set(["2026-11-25"]));
    await clock.advance(21 * HOUR);
    await scheduler.tick();
    expect(runs).toHaveLength(inWindow + 1);
    expect(runs.at(-1)?.day).toBe("2026-11-26");
  });

  it("a run with work left (false) resumes after a restart within the window, and stops once done", async () => {
    const dir = mkdtempSync(join(tmpdir(), "scheduler-"));
    dirs.push(dir);
    const clock = new ManualClock(new Date(Date.UTC(2026, 10, 25, 6, 1)));
    let left = 2;
    const attempts: string[] = [];
    const job = (scheduler: ReturnType<typeof createScheduler>, name: string) =>
      scheduler.daily({
        name: "report",
        time: { hours: 9, minutes: 0 },
        async run() {
          attempts.push(name);
          left--;
          return left <= 0;
        },
      });
    const first = createScheduler({ store: createFileStore(dir), clock, timezone: MOSCOW, logger });
    job(first, "first");
    await first.tick();
    await first.stop();
    // Restarted (the file store opened anew) 10 minutes later: the run is taken up again.
    await clock.advance(10 * 60_000);
    const second = createScheduler({ store: createFileStore(dir), clock, timezone: MOSCOW, logger });
    job(second, "second");
    await second.tick();
    await clock.advance(30 * 60_000);
    await second.tick();
    expect(attempts).toEqual(["first", "second"]);
  });

  it("a late window past midnight belongs to the day the job was due", () => {
    const job = { name: "late", time: { hours: 23, minutes: 30 }, lateBy: 2 * 3600, run: async () => {} };
    // 00:15 in Moscow on the 26th: the 25th's 23:30 run, 45 minutes late.
    expect(dueRun(job, Date.UTC(2026, 10, 25, 21, 15), MOSCOW)?.day).toBe("2026-11-25");
    // 02:00 on the 26th: past the 2 hours.
    expect(dueRun(job, Date.UTC(2026, 10, 25, 23, 0), MOSCOW)).toBeUndefined();
  });

  it("refuses a job name that cannot be a claim key, and a name used twice", () => {
    const scheduler = createScheduler({
      store: createMemoryStore(),
      clock: new ManualClock(),
      timezone: MOSCOW,
      logger,
    });
    const job = { name: "digest", time: { hours: 9, minutes: 0 }, run: async () => {} };
    expect(() => scheduler.daily({ ...job, name: "a:b" })).toThrow(/Invalid job name/);
    scheduler.daily(job);
    expect(() => scheduler.daily(job)).toThrow(/twice/);
  });
});

const redisUrl = process.env.REDIS_TEST_URL;

describe.skipIf(!redisUrl)("a daily job on two instances sharing Redis", () => {
  it("runs once, whichever instance checks first, also after both restart", async () => {
    const prefix = `sched-${process.pid}-${Date.now()}`;
    const connections = [0, 1, 2].map(() => new Redis(redisUrl ?? "", { maxRetriesPerRequest: 1 }));
    try {
      const [a, b, c] = connections.map((redis) => createRedisStore(redis, prefix)) as [Store, Store, Store];
      const clock = new ManualClock(new Date(Date.UTC(2026, 10, 25, 6, 1)));
      const one = morningJob(a, clock);
      const two = morningJob(b, clock);
      await Promise.all([one.scheduler.tick(), two.scheduler.tick()]);
      expect(one.runs.length + two.runs.length).toBe(1);
      await clock.advance(HOUR);
      const restarted = morningJob(c, clock);
      await restarted.scheduler.tick();
      expect(restarted.runs).toEqual([]);
    } finally {
      for (const redis of connections) redis.disconnect();
    }
  });
});
