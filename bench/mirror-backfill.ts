/**
 * The first fill of a company with 10 000 open orders, with the
 * default budget (40 requests per 15-minute window, 20 kept for users): the
 * requests it takes and the quota windows it needs.
 */
import { MINUTE, simulate, startSim, WINDOW_MS } from "./mirror-sim.ts";
import type { BenchModule, BenchRow } from "./types.ts";

const OPEN_ORDERS = 10_000;

export const mirrorBackfill: BenchModule = {
  name: "mirror backfill",
  async run(): Promise<BenchRow[]> {
    const rig = await startSim(300);
    try {
      const shops = rig.sandbox.shops;
      // Created over the last days, one every 30 s: open orders of several weeks.
      rig.clock.t -= OPEN_ORDERS * 30_000;
      for (let i = 0; i < OPEN_ORDERS; i++) {
        rig.clock.t += 30_000;
        rig.sandbox.others.create(shops[i % shops.length]?.id ?? "", { problem: ["Не включается"] });
      }
      rig.clock.t = Math.ceil(rig.clock.t / MINUTE) * MINUTE;
      const started = rig.clock.t;
      const result = await simulate(rig, {
        durationMs: 48 * 3_600_000,
        perMinute: 0,
        staff: true,
        until: () => rig.mirror.progress.state.lastSyncAt !== undefined,
      });
      const requests = result.windows.reduce((sum, n) => sum + n, 0);
      const held = rig.mirror.stats().orders;
      const busiest = Math.max(...result.windows);
      return [
        { name: "mirror backfill of 10,000 open orders: requests", value: requests, unit: "requests" },
        {
          name: "mirror backfill of 10,000 open orders: quota windows needed",
          value: Math.ceil((rig.clock.t - started) / WINDOW_MS),
          unit: "windows",
        },
        {
          name: "mirror backfill: busiest window",
          value: busiest,
          unit: "requests",
          target: "<= 40 (budget)",
          ok: busiest <= 40,
        },
        {
          name: "mirror backfill: open orders held",
          value: held,
          unit: "orders",
          target: `>= ${OPEN_ORDERS}`,
          ok: held >= OPEN_ORDERS,
        },
      ];
    } finally {
      await rig.close();
    }
  },
};
