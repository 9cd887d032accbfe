/**
 * What keeping the mirror current costs. Requests the sync sends per
 * 15-minute window when nothing changes (day and night) and when the CRM's
 * other users make 1, 10 and 100 changes a minute, with the default budget
 * (40 per window, 20 kept for users, MIRROR_SYNC_SECONDS=60); and how long a
 * change takes to reach the mirror (the floor of a notification's delay).
 */
import { MINUTE, median, simulate, startSim, WINDOW_MS } from "./mirror-sim.ts";
import type { BenchModule, BenchRow } from "./types.ts";

const BUDGET = 40;
/** Windows measured after the backfill (the first, filling, is left out). */
const WINDOWS = 4;

async function steady(perMinute: number, staff: boolean) {
  const rig = await startSim();
  try {
    // The backfill first, then a fresh quota window.
    await simulate(rig, {
      durationMs: 4 * WINDOW_MS,
      perMinute: 0,
      staff,
      until: () => rig.mirror.progress.state.lastSyncAt !== undefined,
    });
    rig.clock.t = Math.ceil(rig.clock.t / WINDOW_MS) * WINDOW_MS + WINDOW_MS;
    return await simulate(rig, { durationMs: WINDOWS * WINDOW_MS, perMinute, staff });
  } finally {
    await rig.close();
  }
}

export const mirrorSync: BenchModule = {
  name: "mirror sync",
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = [];
    const cases: [string, number, boolean][] = [
      ["idle, staff at work", 0, true],
      ["idle, night (no user activity)", 0, false],
      ["1 change/min", 1, true],
      ["10 changes/min", 10, true],
      ["100 changes/min", 100, true],
    ];
    for (const [label, perMinute, staff] of cases) {
      const result = await steady(perMinute, staff);
      const busiest = Math.max(...result.windows);
      rows.push({
        name: `mirror sync requests per 15 min, ${label} (busiest window)`,
        value: busiest,
        unit: "requests",
        target: `<= ${BUDGET} (budget)`,
        ok: busiest <= BUDGET,
      });
      if (perMinute > 0) {
        rows.push({
          name: `mirror: change to mirror, p50, ${label}`,
          value: Math.round(median(result.delays) / 1000),
          unit: "s",
        });
        if (perMinute >= 100) {
          const kept = result.delays.length / (perMinute * (result.elapsedMs / MINUTE));
          rows.push({
            name: `mirror: share of changes synced, ${label}`,
            value: Math.round(kept * 100),
            unit: "%",
          });
        }
      }
    }
    return rows;
  },
};
