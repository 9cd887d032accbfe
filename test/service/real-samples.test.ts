import { describe, expect, it } from "vitest";
import { isServiceError, orderBalance, storedOrder } from "../../src/service/index.ts";
import {
  REAL_META,
  real429Body,
  real429InBody,
  realFullOrder,
  realListOrder,
  realShops,
  realStatuses,
} from "../fixtures/real-service.ts";
import { intercept, tokenClient, useNock } from "./helpers.ts";

useNock();

const noRetry = () => tokenClient({ retry: { count: 0 } });

describe("the real service's samples parse into the one order shape", () => {
  it("a list record keeps its price, paid amount and status group", async () => {
    intercept("GET", 200, { data: [realListOrder], total: 1, page: 1, pageSize: 50, ...REAL_META });
    const [order] = (await noRetry().orders.list({ num: 1761 })).items;
    expect(order).toMatchObject({
      number: "Б001761",
      summ: { price: 5000, soldPrice: 4500 },
      cash: { summ: 1500 },
      status: { id: "5f1e2d3c4b5a697887760004", type: "inWork" },
    });
    expect(order && orderBalance(order)).toBe(3000);
  });

  it("a full record without summ gets the same figures from its positions and cash", async () => {
    intercept("GET", 200, { data: realFullOrder, ...REAL_META });
    const order = await noRetry().orders.get(realFullOrder.id);
    // Works 3,000 (sold 2,500) + 2 parts of 1,000: as the list record says.
    expect(order.summ).toEqual({ price: 5000, soldPrice: 4500 });
    expect(order.cash).toMatchObject({ summ: 1500, order: 1500 });
    expect(order.cash?.elements?.map((p) => [p.money, p.isBankTransfer])).toEqual([
      [1000, false],
      [500, true],
    ]);
    expect(order.cash?.elements?.[0]?.date).toEqual(new Date("2026-08-01T07:45:00.000Z"));
    expect(order.positions?.[1]).toMatchObject({ isWork: false, count: 2, price: 1000, soldPrice: 1000 });
    expect(order.lastAction).toEqual(new Date("2026-08-02T11:05:33.000Z"));
    expect(order.createManager?.name).toBe("Анна Смирнова");
    expect(order.closeManager).toBeUndefined();
    expect(orderBalance(order)).toBe(3000);
  });

  it("the paid amount of a full record without cash.order is the sum of its payments", () => {
    const { order: _paid, ...cash } = realFullOrder.cash;
    const order = storedOrder.parse({ ...realFullOrder, cash });
    expect(order.cash?.summ).toBe(1500);
  });

  it("a refund among the payments of a full record without cash.order is taken off, not added", () => {
    const { order: _paid, ...cash } = realFullOrder.cash;
    const refund = {
      id: "r1",
      date: "2026-08-03T10:00:00.000Z",
      type: "outcome",
      money: 500,
      isBankTransfer: false,
    };
    const order = storedOrder.parse({
      ...realFullOrder,
      cash: { ...cash, elements: [...cash.elements, refund] },
    });
    expect(order.cash?.summ).toBe(1000);
    expect(orderBalance(order)).toBe(3500);
  });

  it("a full record without positions has no price rather than a price of 0", () => {
    const order = storedOrder.parse({ ...realFullOrder, positions: [] });
    expect(order.summ).toBeUndefined();
    expect(orderBalance(order)).toBeUndefined();
  });

  it("an order stored as JSON reads back the same (dates, money, status group)", async () => {
    intercept("GET", 200, { data: realFullOrder, ...REAL_META });
    const order = await noRetry().orders.get(realFullOrder.id);
    expect(storedOrder.parse(JSON.parse(JSON.stringify(order)))).toEqual(order);
  });

  it("a stored record without an id is refused, not half-read", () => {
    expect(storedOrder.safeParse({ number: "А001042" }).success).toBe(false);
    expect(storedOrder.safeParse("А001042").success).toBe(false);
  });

  it("/statuses with role objects", async () => {
    intercept("GET", 200, realStatuses);
    const statuses = (await noRetry().statuses.list()).items;
    expect(statuses.map((s) => [s.name, s.group, s.isPayRequired])).toEqual([
      ["Новый", "new", false],
      ["В работе", "inWork", false],
      ["Выдан", "closed", true],
    ]);
    expect(statuses[0]?.roles?.[0]).toMatchObject({ id: "r1", name: "Администратор", isChange: true });
  });

  it("/shops items with phones", async () => {
    intercept("GET", 200, realShops);
    const [shop] = (await noRetry().shops.list()).items;
    expect(shop).toMatchObject({ name: "Сервис на Ленина", phones: ["+73432000000"] });
  });

  it.each([
    ["HTTP 429", 429, real429Body],
    ["429 only in the body", 200, real429InBody],
  ])("%s 'Too Many Requests' is the quota, not a crash", async (_name, status, body) => {
    intercept("GET", status, body);
    const error = await noRetry()
      .shops.list()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isServiceError(error) && error.kind).toBe("quota");
  });
});
