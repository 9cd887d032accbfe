import { describe, expect, it } from "vitest";
import { diffOrder, mergeRecords } from "../../src/mirror/diff.ts";
import type { Order } from "../../src/service/index.ts";

const listed: Order = {
  id: "o1",
  number: "А001042",
  status: { id: "s1", name: "В работе" },
  summ: { price: 5000, soldPrice: 4500 },
  cash: { summ: 1500 },
};
const full = (extra: Partial<Order>): Order => ({
  id: "o1",
  number: "А001042",
  num: 1042,
  lastAction: new Date("2026-08-05T12:00:00Z"),
  status: { id: "s2", name: "Готов" },
  ...extra,
});

describe("a full record merged over the list record the mirror held", () => {
  it("keeps the price and the paid amount the full record lacks", () => {
    const merged = mergeRecords(listed, full({}));
    expect(merged.summ).toEqual({ price: 5000, soldPrice: 4500 });
    expect(merged.cash?.summ).toBe(1500);
    expect(merged.status?.id).toBe("s2");
  });

  it("keeps the paid amount beside cash fields that carry no amount paid", () => {
    const merged = mergeRecords(listed, full({ cash: { invoice: 0, orderReturn: 0 } }));
    expect(merged.cash).toEqual({ invoice: 0, orderReturn: 0, summ: 1500 });
  });

  it("the full record's own figures stand", () => {
    const merged = mergeRecords(listed, full({ cash: { order: 5000, summ: 5000 }, summ: { price: 6000 } }));
    expect(merged.cash?.summ).toBe(5000);
    expect(merged.summ).toEqual({ price: 6000 });
  });

  it("a list record over a full one takes the list's figures; nothing known, nothing made up", () => {
    const held = full({ cash: { order: 1500, summ: 1500 } });
    expect(mergeRecords(held, { ...listed, cash: { summ: 3000 } }).cash?.summ).toBe(3000);
    expect(mergeRecords(full({}), full({})).cash).toBeUndefined();
  });
});

describe("a price change (an estimate set while an order waits for its client)", () => {
  const context = {
    groups: new Map<string, string>(),
    detectedAt: 1,
    source: "sync" as const,
    isNew: () => false,
  };
  const kindsOf = (old: Order, next: Order) => diffOrder(old, next, context).map((c) => c.kind);

  it("the approximate price or the priced total changed: one 'price' change naming the new value", () => {
    const priced = diffOrder(listed, { ...listed, approximatePrice: "3 100" }, context);
    expect(priced.map((c) => [c.kind, c.to?.id])).toEqual([["price", "3 100|5000"]]);
    expect(kindsOf(listed, { ...listed, summ: { price: 6200 } })).toEqual(["price"]);
  });

  it("a record read whole without the list's sums, or the same price written again, is no change", () => {
    expect(kindsOf(listed, mergeRecords(listed, { ...full({}), status: listed.status }))).toEqual([]);
    expect(
      kindsOf({ ...listed, approximatePrice: "3100" }, { ...listed, approximatePrice: " 3100 " }),
    ).toEqual([]);
    expect(kindsOf({ ...listed, summ: undefined }, { ...listed, summ: { price: 0 } })).toEqual([]);
  });
});
