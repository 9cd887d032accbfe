/** Report periods in TIMEZONE and what a cash transaction counts as: pure rules. */
import { describe, expect, it } from "vitest";
import { indexItems, kindOf, orderMoney, sumDay } from "../../../src/bot/desk/money.ts";
import { periodOf } from "../../../src/bot/desk/period.ts";
import type { CashTransaction } from "../../../src/service/index.ts";

const TZ = "Europe/Moscow";

describe("periods", () => {
  // Wednesday 25 November 2026, 14:30 in Moscow (UTC+3).
  const now = new Date("2026-11-25T11:30:00Z");

  it("a day runs from local midnight to now, in hours", () => {
    const day = periodOf("day", now, TZ);
    expect(day.start.toISOString()).toBe("2026-11-24T21:00:00.000Z");
    expect(day.end).toEqual(now);
    expect(day.buckets.map((b) => b.label)).toEqual(
      [...Array(15).keys()].map((h) => String(h).padStart(2, "0")),
    );
  });

  it("a week starts on Monday, a month on the 1st, in days", () => {
    const week = periodOf("week", now, TZ);
    expect(week.start.toISOString()).toBe("2026-11-22T21:00:00.000Z");
    expect(week.buckets.map((b) => b.label)).toEqual(["23.11", "24.11", "25.11"]);
    const month = periodOf("month", now, TZ);
    expect(month.start.toISOString()).toBe("2026-10-31T21:00:00.000Z");
    expect(month.buckets).toHaveLength(25);
  });

  it("on a Sunday night the week still began on Monday", () => {
    const sunday = periodOf("week", new Date("2026-11-29T20:59:00Z"), TZ);
    expect(sunday.start.toISOString()).toBe("2026-11-22T21:00:00.000Z");
    expect(sunday.buckets).toHaveLength(7);
    const monday = periodOf("week", new Date("2026-11-29T21:00:00Z"), TZ);
    expect(monday.start.toISOString()).toBe("2026-11-29T21:00:00.000Z");
  });
});

describe("what a transaction is", () => {
  const items = indexItems([
    { id: "pay", name: "Payment", isIncome: true, isBalance: true },
    { id: "refund", name: "Refund", isIncome: false, isBalance: true },
    { id: "parts", name: "Parts", isIncome: false, isBalance: true },
    { id: "deposit", name: "Deposit", isIncome: true, isBalance: true },
    { id: "out", name: "Move", isIncome: false, isBalance: false },
    { id: "in", name: "Move in", isIncome: true, isBalance: false },
  ]);
  const tx = (item: string, money: number, extra: Partial<CashTransaction> = {}): CashTransaction => ({
    id: `${item}${money}`,
    money,
    cashItem: { id: item, isIncome: items.get(item)?.isIncome },
    ...extra,
  });
  const order = { document: { id: "o1", number: "А001042" } };
  const client = { counteragent: { id: "c1" } };

  it("payments on orders count, refunds to the client are deducted, the rest is no revenue", () => {
    expect(kindOf(tx("pay", 100, order), items)).toBe("order");
    expect(kindOf(tx("refund", 30, { ...order, ...client }), items)).toBe("refund");
    expect(kindOf(tx("parts", 50, order), items)).toBe("expense");
    expect(kindOf(tx("deposit", 500), items)).toBe("income");
    expect(kindOf(tx("out", 200), items)).toBe("move-out");
    expect(kindOf(tx("in", 200), items)).toBe("move-in");
    expect(orderMoney(tx("pay", 100, { ...order, isDeleted: true }), items)).toBe(0);
  });

  it("sums a day: income and expense by item, deleted ones nowhere", () => {
    const sum = sumDay(
      [
        tx("pay", 100, order),
        tx("refund", 30, { ...order, ...client }),
        tx("parts", 50, order),
        tx("deposit", 500),
        tx("out", 200),
        tx("in", 200),
        tx("pay", 999, { ...order, isDeleted: true }),
      ],
      items,
    );
    expect(sum).toEqual({
      income: 800,
      expense: 280,
      orders: 70,
      refunds: 30,
      movesIn: 200,
      movesOut: 200,
      count: 6,
    });
  });

  it("a transaction whose item is unknown counts as income", () => {
    expect(kindOf({ id: "x", money: 5 }, items)).toBe("income");
  });
});

describe("REPORT_TIME", () => {
  it("is 20:00 by default, read as HH:MM, and a bad value is explained", async () => {
    const { parseConfig } = await import("../../../src/config/index.ts");
    const TOKEN = "123456:ABC-def_ghi";
    const plain = parseConfig({ BOT_TOKEN: TOKEN });
    expect(plain.ok && plain.config.reportTime).toEqual({ hours: 20, minutes: 0 });
    const set = parseConfig({ BOT_TOKEN: TOKEN, REPORT_TIME: "21:30" });
    expect(set.ok && set.config.reportTime).toEqual({ hours: 21, minutes: 30 });
    const bad = parseConfig({ BOT_TOKEN: TOKEN, REPORT_TIME: "25:00" });
    expect(bad.ok ? [] : bad.errors).toContain("REPORT_TIME must be HH:MM, e.g. 20:00");
  });
});
