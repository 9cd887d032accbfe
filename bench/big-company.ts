/**
 * A bigger company on the same 100-request quota (issue 34.5): 3 workshops, 25
 * staff, about 150 orders a day (a new order from each person every hour and a
 * half of the two busy hours), the CRM's other users changing an order every
 * 10 s, on the shop day's simulated clock and driver (mirror-shop-day.ts), with
 * production's settings (one client, the following write reserve, the sync's
 * share). The clients' "ready" (linked clients on 30% of the orders) is not
 * measured here yet.
 */
import { type Company, percentile, runDay } from "./mirror-shop-day.ts";
import type { BenchModule, BenchRow } from "./types.ts";

const COMPANY: Company = {
  staff: Array.from({ length: 25 }, (_, i) => 3001 + i),
  perHour: { lookup: 28, search: 12, status: 2, create: 0.6 },
  outsideEveryMs: 10_000,
  allShops: true,
};

export const bigCompany: BenchModule = {
  name: "big-company",
  async run(): Promise<BenchRow[]> {
    const day = await runDay(true, 100, COMPANY);
    const p95 = percentile(day.delays, 95);
    return [
      {
        name: "big company (3 workshops, 25 staff, a change every 10 s): busiest 15 min, % of a 100-request quota",
        value: Math.round(day.busiest),
        unit: "%",
        target: "<= 70",
        ok: day.busiest <= 70,
      },
      {
        name: "big company: notification delay p95",
        value: Math.round(p95 / 1000),
        unit: "s",
        target: "<= 90",
        ok: p95 <= 90_000 && day.delays.length > 0,
      },
      { name: "big company: notifications measured", value: day.delays.length, unit: "" },
      {
        name: "big company: writes refused while quota was left",
        value: day.writesRefusedWithQuotaLeft,
        unit: "writes",
        target: "= 0",
        ok: day.writesRefusedWithQuotaLeft === 0,
      },
      {
        name: "big company: actions answered",
        value: Math.round((100 * day.answered) / day.actions),
        unit: "%",
        target: "100",
        ok: day.answered === day.actions,
      },
    ];
  },
};
