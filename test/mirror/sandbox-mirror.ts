/**
 * A sandbox and a mirror on one hand-moved clock: the tests drive the sync step
 * by step (`mirror.step()`) and change orders as the CRM's other users would.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_BUDGET, Mirror, type MirrorChange, type MirrorOptions } from "../../src/mirror/index.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../src/sandbox/index.ts";
import { createServiceClient, type ServiceClient } from "../../src/service/index.ts";

export class TestClock {
  t: number;
  constructor(start = Date.UTC(2026, 10, 20, 9, 0)) {
    this.t = start;
  }
  now = (): number => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface Rig {
  sandbox: Sandbox;
  client: ServiceClient;
  clock: TestClock;
  dir: string;
  mirror: Mirror;
  changes: MirrorChange[];
  /** The mirror stopped and a new one opened on the same file: a restart. */
  reopen(options?: Partial<MirrorOptions>): Promise<Mirror>;
  close(): Promise<void>;
}

export async function startRig(
  options: {
    sandbox?: SandboxOptions;
    mirror?: Partial<MirrorOptions>;
    clock?: TestClock;
    /** Wraps the client's fetch (a test answers some calls itself). */
    fetch?: (real: typeof fetch) => typeof fetch;
  } = {},
): Promise<Rig> {
  const clock = options.clock ?? new TestClock();
  const sandbox = await startSandbox({ orders: 300, clock: { now: clock.now }, ...options.sandbox });
  const client = createServiceClient({
    baseUrl: sandbox.url,
    token: sandbox.token,
    now: clock.now,
    retry: { count: 0 },
    timeoutMs: 2000,
    fetch: options.fetch?.(globalThis.fetch),
  });
  const dir = mkdtempSync(join(tmpdir(), "mirror-"));
  const changes: MirrorChange[] = [];
  const make = (extra: Partial<MirrorOptions> = {}): Mirror => {
    const mirror = new Mirror({
      client,
      path: join(dir, "mirror.sqlite"),
      shopIds: [],
      budget: { ...DEFAULT_BUDGET, perWindow: 1000, reserve: 0, baseIntervalMs: 10_000 },
      overlapMs: 30_000,
      backfillDays: 30,
      now: clock.now,
      ...options.mirror,
      ...extra,
    });
    mirror.onChange((batch) => {
      changes.push(...batch);
    });
    return mirror;
  };
  const rig: Rig = {
    sandbox,
    client,
    clock,
    dir,
    mirror: make(),
    changes,
    async reopen(extra) {
      await rig.mirror.stop();
      rig.mirror = make(extra);
      await rig.mirror.open();
      return rig.mirror;
    },
    async close() {
      await rig.mirror.stop().catch(() => undefined);
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await rig.mirror.open();
  return rig;
}

/** Listeners run after the step's microtasks: let them. */
export const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Syncs until a run completes (or `max` steps). */
export async function syncUntilDone(mirror: Mirror, max = 50): Promise<number> {
  let requests = 0;
  for (let i = 0; i < max; i++) {
    const outcome = await mirror.step();
    requests += outcome.requests;
    if (outcome.completed) return requests;
  }
  throw new Error(`no complete run in ${max} steps`);
}
