/**
 * The mirror against an in-process sandbox on a simulated clock: the sync runs
 * when its own pace says (nextDelay), the CRM's other users change orders at a
 * given rate, the sandbox counts requests against a 100-per-15-minutes quota.
 * Minutes of service time pass in milliseconds of bench time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_BUDGET, Mirror } from "../src/mirror/index.ts";
import { type Sandbox, startSandbox } from "../src/sandbox/index.ts";
import { createServiceClient } from "../src/service/index.ts";

export const MINUTE = 60_000;
export const WINDOW_MS = 15 * MINUTE;
const T0 = Date.UTC(2026, 10, 20, 9, 0);

export interface SimRig {
  sandbox: Sandbox;
  mirror: Mirror;
  clock: { t: number };
  close(): Promise<void>;
}

export async function startSim(orders = 500): Promise<SimRig> {
  const clock = { t: T0 };
  const now = () => clock.t;
  const sandbox = await startSandbox({ orders, clock: { now }, quota: { limit: 100, windowMs: WINDOW_MS } });
  const client = createServiceClient({
    baseUrl: sandbox.url,
    token: sandbox.token,
    now,
    retry: { count: 0 },
  });
  const dir = mkdtempSync(join(tmpdir(), "mirror-bench-"));
  const mirror = new Mirror({
    client,
    path: join(dir, "mirror.sqlite"),
    shopIds: [],
    budget: { ...DEFAULT_BUDGET, baseIntervalMs: MINUTE },
    overlapMs: 30_000,
    backfillDays: 30,
    now,
  });
  await mirror.open();
  return {
    sandbox,
    mirror,
    clock,
    async close() {
      await mirror.stop();
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface SimResult {
  /** Requests per 15-minute window, in order. */
  windows: number[];
  /** From a change in the service to the end of the sync run that brought it, ms (simulated). */
  delays: number[];
  /** Simulated time the run took, ms. */
  elapsedMs: number;
}

/**
 * Runs the sync for `durationMs` (or until `until` says stop) while other users make
 * `perMinute` changes a minute; `staff` keeps the bot's users active (day pace).
 */
export async function simulate(
  rig: SimRig,
  options: { durationMs: number; perMinute: number; staff: boolean; until?: () => boolean },
): Promise<SimResult> {
  const { sandbox, mirror, clock } = rig;
  const start = clock.t;
  const end = start + options.durationMs;
  const windows: number[] = [];
  const delays: number[] = [];
  const pending: number[] = [];
  const gap = options.perMinute > 0 ? MINUTE / options.perMinute : Number.POSITIVE_INFINITY;
  let nextChange = start + gap / 2;
  let nextSync = start;
  while (clock.t < end && !(options.until?.() ?? false)) {
    if (nextChange <= nextSync && nextChange < end) {
      clock.t = nextChange;
      sandbox.others.random();
      pending.push(clock.t);
      nextChange += gap;
      continue;
    }
    clock.t = nextSync;
    if (clock.t >= end) break;
    if (options.staff) mirror.noteActivity();
    const runStart = mirror.progress.state.run?.startedAt ?? clock.t;
    const before = sandbox.requestCount();
    const outcome = await mirror.step();
    const index = Math.floor((clock.t - start) / WINDOW_MS);
    windows[index] = (windows[index] ?? 0) + sandbox.requestCount() - before;
    if (outcome.completed) {
      // Every change made before the run started is in the mirror now.
      while (pending.length > 0 && (pending[0] ?? 0) < runStart)
        delays.push(clock.t - (pending.shift() ?? 0));
    }
    nextSync = clock.t + Math.max(1000, mirror.nextDelay());
  }
  for (let i = 0; i < windows.length; i++) windows[i] ??= 0;
  return { windows, delays, elapsedMs: clock.t - start };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
