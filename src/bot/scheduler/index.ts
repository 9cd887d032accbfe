/**
 * One scheduler for timed work: daily jobs at a time of day in TIMEZONE.
 *
 * A run goes at the first check at or after its time and up to `lateBy` later
 * (a bot restarted mid-morning still sends the morning's digest); past that the
 * day is skipped (no "morning" digest in the evening). A run that did not
 * finish its work (`run` answered false: a message Telegram did not take, or it
 * threw) is tried again, after 1, 2, 4 ... up to 30 minutes, until it finishes
 * or its window closes, after a restart too. A job with `recheckMs` is run
 * again after a finished run until its window closes (recipients who join
 * late: each has their own delivery marker). Each attempt is claimed in the
 * shared store (store/claim.ts: Redis SET NX across instances, a stored marker on
 * files) by its number, so two instances never run the same attempt; the
 * run's progress (done, attempts, when next) is kept there as well. What a run
 * delivers is each delivered once by the job's own per-recipient markers
 * (notify/delivery.ts): a repeated attempt sends only what is still missing.
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
/** An attempt's claim outlives any run: a crash mid-run frees it for a later check then. */
const ATTEMPT_LEASE_SECONDS = 10 * 60;
/** Kept a day past the latest moment a run could go: a finished run is never run again. */
const PROGRESS_SECONDS = 2 * 24 * 60 * 60;

/** Attempts claimed ("<job>:<day>:<attempt>"). */
const attemptClaims = persisted({
  namespace: "scheduled",
  schema: z.number(),
  ttlSeconds: ATTEMPT_LEASE_SECONDS,
  whenStoreFails: "throw",
});
/** The first wait after an unfinished attempt; it doubles up to MAX_RETRY_MS. */
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 30 * 60_000;

/** A run's progress in the shared store ("<job>:<day>"). */
const runProgress = persisted({
  namespace: "scheduled-runs",
  schema: z.object({
    done: z.boolean().optional(),
    /** Attempts made (their claims are numbered by it). */
    attempts: z.number().int().nonnegative(),
    /** Attempts in a row that did not finish (the retry's wait doubles with it); absent: `attempts`. */
    failures: z.number().int().nonnegative().optional(),
    /** Not before this moment (Unix ms). */
    nextAt: z.number(),
  }),
  ttlSeconds: PROGRESS_SECONDS,
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
  /** Resolves false when some of its work is still to do (tried again later within the window); anything else: done. */
  run(run: DailyRun): Promise<unknown>;
  /**
   * A finished run is run again this often (ms) until its window closes: for jobs whose
   * recipients may join later in the window (an owner who opts in after REPORT_TIME), each
   * delivered once by its own marker. Absent: a finished run is done for the day.
   */
  recheckMs?: number;
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

  const progress = options.store.open(runProgress);

  const attempt = async (job: DailyJob, due: DailyRun, now: number) => {
    const key = `${job.name}:${due.day}`;
    const saved = await progress.read(key);
    const state = saved ?? { attempts: 0, nextAt: 0 };
    if (state.done || now < state.nextAt) return;
    if (!(await claimMarker(options.store, attemptClaims, `${key}:${state.attempts}`))) return;
    const failures = state.failures ?? state.attempts;
    // A recheck of a finished run is routine: logged at debug, not every minute at info.
    const level = state.attempts === 0 || failures > 0 ? "info" : "debug";
    options.logger[level](
      { job: job.name, day: due.day, attempt: state.attempts + 1 },
      "scheduled job running",
    );
    let finished = false;
    try {
      finished = (await job.run(due)) !== false;
    } catch (error) {
      options.logger.warn({ err: String(error), job: job.name, day: due.day }, "a scheduled job failed");
    }
    const wait = Math.min(FIRST_RETRY_MS * 2 ** failures, MAX_RETRY_MS);
    const at = options.clock.now().getTime();
    const attempts = state.attempts + 1;
    const next: z.infer<typeof runProgress.schema> = !finished
      ? { attempts, failures: failures + 1, nextAt: at + wait }
      : job.recheckMs
        ? { attempts, failures: 0, nextAt: at + job.recheckMs }
        : { done: true, attempts, failures: 0, nextAt: 0 };
    if (!finished)
      options.logger.warn({ job: job.name, day: due.day, retryInMs: wait }, "a scheduled job will retry");
    await progress.write(key, next);
  };

  const runDue = async () => {
    const now = options.clock.now().getTime();
    for (const job of jobs) {
      const due = dueRun(job, now, options.timezone);
      if (due) await attempt(job, due, now);
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
