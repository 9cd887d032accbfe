/**
 * One scheduler for timed work: daily jobs at a time of day in TIMEZONE.
 *
 * Each run of a job is claimed once per day in the shared store before it runs
 * (store/claim.ts: Redis SET NX across instances, a stored marker on files), so a
 * restart or a second instance never runs it twice. A run goes at the first
 * check at or after its time and up to `lateBy` later (a bot restarted
 * mid-morning still sends the morning's digest); past that the day is skipped
 * (no "morning" digest in the evening). The claim is taken before the run: a
 * crash during a run loses that run rather than repeating it.
 *
 *   const scheduler = createScheduler({ store, clock, timezone, logger });
 *   scheduler.daily({ name: "digest", time: { hours: 9, minutes: 0 }, run: ({ day }) => ... });
 *   scheduler.start(); ... await scheduler.stop();
 */
import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../clock.ts";
import { claimMarker } from "../store/claim.ts";
import { persisted } from "../store/registry.ts";
import type { Store } from "../store/storage.ts";

/** How late a run may start by default (seconds). */
const DEFAULT_LATE_SECONDS = 3 * 60 * 60;
/** How often jobs are checked; a run starts at the first check after its time. */
const CHECK_EVERY_MS = 60_000;
/** Longer than the latest moment a day's run can start (a day plus MAX_LATE_SECONDS): never claimed twice. */
const MAX_LATE_SECONDS = 24 * 60 * 60;
const runs = persisted({
  namespace: "scheduled",
  schema: z.number(),
  ttlSeconds: 24 * 60 * 60 + MAX_LATE_SECONDS,
  whenStoreFails: "throw",
});

interface TimeOfDay {
  hours: number;
  minutes: number;
}

/** One run of a daily job: its day in TIMEZONE ("2026-11-25") and the moment it was due. */
export interface DailyRun {
  day: string;
  due: Date;
}

export interface DailyJob {
  /** Unique among the jobs; part of the claim key (letters, digits, "-"). */
  name: string;
  time: TimeOfDay;
  /** How late after `time` a run still starts (seconds); DEFAULT_LATE_SECONDS by default. */
  lateBy?: number;
  run(run: DailyRun): Promise<void>;
}

export interface Scheduler {
  daily(job: DailyJob): void;
  /** Checks at once, then every CHECK_EVERY_MS. */
  start(): void;
  /** No more checks; resolves when a run in progress ends. */
  stop(): Promise<void>;
  /** Runs what is due now (tests drive it with a manual clock); resolves when done. */
  tick(): Promise<void>;
}

interface SchedulerOptions {
  store: Store;
  clock: Clock;
  timezone: string;
  logger: Logger;
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const jobs: DailyJob[] = [];
  let queue: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const runDue = async () => {
    const now = options.clock.now().getTime();
    for (const job of jobs) {
      const due = dueRun(job, now, options.timezone);
      if (!due) continue;
      if (!(await claimMarker(options.store, runs, `${job.name}:${due.day}`))) continue;
      options.logger.info({ job: job.name, day: due.day }, "scheduled job running");
      await job
        .run(due)
        .catch((error: unknown) =>
          options.logger.warn({ err: String(error), job: job.name, day: due.day }, "a scheduled job failed"),
        );
    }
  };

  const tick = () => {
    queue = queue
      .then(runDue)
      .catch((error: unknown) => options.logger.warn({ err: String(error) }, "scheduler check failed"));
    return queue;
  };

  return {
    daily(job) {
      if (!/^[a-z0-9-]+$/i.test(job.name)) throw new Error(`Invalid job name "${job.name}"`);
      if (jobs.some((j) => j.name === job.name)) throw new Error(`Job "${job.name}" is scheduled twice`);
      if ((job.lateBy ?? 0) > MAX_LATE_SECONDS)
        throw new Error(`Job "${job.name}" may start at most a day late`);
      jobs.push(job);
    },
    start() {
      if (timer) return;
      void tick();
      timer = setInterval(() => void tick(), CHECK_EVERY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      return queue;
    },
    tick,
  };
}

/**
 * The run of `job` that may start at `now`: today's or, for a late window
 * that crosses midnight, yesterday's, when `now` is within [time, time + lateBy].
 */
export function dueRun(job: DailyJob, now: number, timezone: string): DailyRun | undefined {
  const late = (job.lateBy ?? DEFAULT_LATE_SECONDS) * 1000;
  const local = new TZDate(now, timezone);
  for (const back of [0, 1]) {
    const due = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() - back,
      job.time.hours,
      job.time.minutes,
      0,
      timezone,
    );
    const at = due.getTime();
    if (now >= at && now - at <= late) return { day: dayKey(due), due: new Date(at) };
  }
  return undefined;
}

/** "2026-11-25": the day in the time zone `date` carries. */
function dayKey(date: TZDate): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
