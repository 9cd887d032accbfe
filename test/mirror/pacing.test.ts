/**
 * The sync's pace and its paging rules, without a service: the budget per
 * quota window, the reserve it never touches, slower when idle, at night and
 * when the quota runs low; scans that split and step back.
 */
import { describe, expect, it } from "vitest";
import { SyncBudget } from "../../src/mirror/budget.ts";
import { type BudgetOptions, DEFAULT_BUDGET } from "../../src/mirror/index.ts";
import { advanceScan, newRun, type Scan, scanQuery } from "../../src/mirror/sync.ts";
import type { Order, Quota } from "../../src/service/index.ts";

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 20, 12, 0);
const options: BudgetOptions = { ...DEFAULT_BUDGET, perWindow: 40, reserve: 20, baseIntervalMs: MINUTE };
const quota = (remaining: number, resetInMs = 10 * MINUTE): Quota => ({
  remaining,
  resetAt: new Date(T0 + resetInMs),
});
const pace = { now: T0, idleRuns: 0, lastActivityAt: T0, pending: false };

describe("budget", () => {
  it("spends at most its share of a window, then waits for the reset", () => {
    const budget = new SyncBudget(options);
    expect(budget.allowance(T0, quota(90))).toBe(40);
    budget.record(40, T0, quota(50));
    expect(budget.allowance(T0, quota(50))).toBe(0);
    expect(budget.nextDelay({ ...pace, quota: quota(50) })).toBeGreaterThanOrEqual(10 * MINUTE);
    // A new window (a later reset time) gives the whole budget again.
    expect(budget.allowance(T0 + 11 * MINUTE, { remaining: 99, resetAt: new Date(T0 + 26 * MINUTE) })).toBe(
      40,
    );
  });

  it("never touches the reserve, whoever spent the quota", () => {
    const budget = new SyncBudget(options);
    expect(budget.allowance(T0, quota(25))).toBe(5);
    expect(budget.allowance(T0, quota(20))).toBe(0);
    expect(budget.allowance(T0, quota(3))).toBe(0);
    // A window that has reset says nothing about the new one: the budget alone counts.
    expect(budget.allowance(T0 + 11 * MINUTE, quota(3))).toBe(40);
  });

  it("syncs sooner than the base while staff are active, news or not; slows at night and when the quota runs low", () => {
    const budget = new SyncBudget(options);
    const q = quota(95, 15 * MINUTE);
    const day = budget.nextDelay({ ...pace, quota: q });
    const idle = budget.nextDelay({ ...pace, quota: q, idleRuns: 5 });
    const night = budget.nextDelay({ ...pace, quota: q, idleRuns: 5, lastActivityAt: T0 - 3 * 3_600_000 });
    const low = budget.nextDelay({ ...pace, quota: quota(30, 15 * MINUTE) });
    // Staff at work: 3/4 of the base interval, whether or not the last syncs found anything.
    expect(day).toBe(0.75 * MINUTE);
    expect(idle).toBe(0.75 * MINUTE);
    // Nobody around: twice the base, doubled for each idle sync up to 4 times.
    expect(night).toBe(8 * MINUTE);
    expect(budget.nextDelay({ ...pace, quota: q, lastActivityAt: undefined })).toBe(2 * MINUTE);
    expect(low).toBeGreaterThan(day);
    expect(
      budget.nextDelay({ ...pace, quota: q, idleRuns: 50, lastActivityAt: undefined }),
    ).toBeLessThanOrEqual(options.maxIntervalMs);
  });

  it("spreads what is left of the budget over what is left of the window", () => {
    const budget = new SyncBudget(options);
    budget.record(38, T0, quota(90, 14 * MINUTE));
    expect(budget.nextDelay({ ...pace, quota: quota(90, 14 * MINUTE) })).toBe(7 * MINUTE);
  });

  it("takes a count kept elsewhere (restart, another instance) only when it is later or higher", () => {
    const budget = new SyncBudget(options);
    const key = T0 + 10 * MINUTE;
    budget.record(10, T0, quota(90));
    budget.restore({ windowKey: key, spent: 4 }); // same window, lower: ours stands
    expect(budget.spent(T0, quota(90))).toBe(10);
    budget.restore({ windowKey: key, spent: 30 }); // same window, higher: another instance spent it
    expect(budget.allowance(T0, quota(90))).toBe(10);
    budget.restore({ windowKey: key - 15 * MINUTE, spent: 40 }); // an old window: ignored
    expect(budget.spent(T0, quota(90))).toBe(30);
    budget.restore({ windowKey: Number.NaN, spent: 1 });
    expect(budget.spent(T0, quota(90))).toBe(30);
  });

  it("a run in progress goes on at the base pace", () => {
    const budget = new SyncBudget(options);
    expect(budget.nextDelay({ ...pace, quota: quota(95), idleRuns: 9, pending: true })).toBe(MINUTE);
  });
});

const page = (items: number, total: number | undefined) => ({
  items: Array.from({ length: items }, (_, i) => ({ id: String(i) }) as Order),
  total,
  page: 1,
  pageSize: 50,
});
const scan = (over: Partial<Scan> = {}): Scan => ({
  by: "lastAction",
  from: T0 - MINUTE,
  to: null,
  page: 1,
  ...over,
});

describe("scans", () => {
  it("the first run is a backfill of open orders and of recent changes; later runs read since the watermark", () => {
    const settings = { overlapMs: 30_000, backfillDays: 30 };
    const statuses = { open: ["s1", "s2"], closed: ["s9"] };
    const first = newRun({ watermark: null }, T0, settings, statuses);
    expect(first.backfill).toBe(true);
    expect(first.scans.map((s) => s.by)).toEqual(["open", "closed"]);
    expect(first.scans[1]?.from).toBe(T0 - 30 * 86_400_000);
    const run = { startedAt: T0, backfill: true, scans: [] };
    expect(scanQuery(first.scans[0] as Scan, run, statuses)).toMatchObject({ statusIds: ["s1", "s2"] });
    expect(scanQuery(first.scans[1] as Scan, run, statuses)).toMatchObject({
      statusIds: ["s9"],
      lastAction: [T0 - 30 * 86_400_000, T0 + 86_400_000],
    });
    // Statuses unknown: every order changed lately.
    expect(newRun({ watermark: null }, T0, settings, undefined).scans.map((s) => s.by)).toEqual([
      "lastAction",
    ]);
    const next = newRun({ watermark: T0 - MINUTE }, T0, settings, statuses);
    expect(next).toMatchObject({
      backfill: false,
      scans: [{ from: T0 - MINUTE - 30_000, to: null, page: 1 }],
    });
  });

  it("a full page goes on, a short or the last one ends the scan", () => {
    expect(advanceScan(scan(), page(50, 120))).toMatchObject({ page: 2, total: 120 });
    expect(advanceScan(scan({ page: 3, total: 120 }), page(20, 120))).toBeUndefined();
    expect(advanceScan(scan({ page: 2, total: 100 }), page(50, 100))).toBeUndefined();
    expect(advanceScan(scan(), page(50, undefined))).toMatchObject({ page: 2 });
    expect(advanceScan(scan(), page(0, 0))).toBeUndefined();
  });

  it("records that left the filter while paging: it steps back so the ones that moved up are read", () => {
    expect(advanceScan(scan({ page: 2, total: 200 }), page(50, 190))).toMatchObject({ page: 2, total: 190 });
    expect(advanceScan(scan({ page: 4, total: 200 }), page(50, 120))).toMatchObject({ page: 3 });
    expect(advanceScan(scan({ page: 2, total: 60 }), page(5, 55))).toMatchObject({ page: 2 });
  });

  it("never pages past the 10 000 reachable records", () => {
    expect(advanceScan(scan({ page: 200, total: 10_000 }), page(50, 10_000))).toBeUndefined();
  });

  it("a filter holding more than 10 000 records goes on below the oldest record read (keyset)", () => {
    const dated = (ms: number[]) => ({
      items: ms.map((t, i) => ({ id: String(i), dateCreate: new Date(t) }) as Order),
      total: 12_000,
      page: 200,
      pageSize: 50,
    });
    const last = scan({ page: 200, total: 12_000 });
    const next = advanceScan(last, dated([...Array(48).fill(T0 - 5), T0 - 9, T0 - 7]));
    expect(next).toEqual({ by: "lastAction", from: last.from, to: null, page: 1, createdTo: T0 - 9 });
    const run = { startedAt: T0, backfill: false, scans: [] };
    expect(scanQuery(next as Scan, run, undefined)).toMatchObject({ dateCreate: [0, T0 - 9], page: 1 });
    // No progress possible (all at one instant): it stops instead of looping.
    expect(advanceScan({ ...last, createdTo: T0 - 9 }, dated(Array(50).fill(T0 - 9)))).toBeUndefined();
  });
});
