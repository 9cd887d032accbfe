import { describe, expect, it } from "vitest";
import { startSandbox } from "../../src/sandbox/index.ts";
import { seedStore } from "../../src/sandbox/seed.ts";
import { call, manualClock } from "./helpers.ts";

const DAY = 86_400_000;

describe("demo data", () => {
  const snapshot = (seed: number) => {
    const store = seedStore({ seed, orders: 300, clock: manualClock() });
    return JSON.stringify({
      orders: store.orders,
      counteragents: store.counteragents,
      transactions: store.transactions,
    });
  };

  it("is the same for the same seed and differs for another", () => {
    expect(snapshot(1)).toBe(snapshot(1));
    expect(snapshot(2)).not.toBe(snapshot(1));
  });

  it("answers the same over HTTP for the same seed", async () => {
    const clock = manualClock();
    const a = await startSandbox({ port: 0, seed: 5, orders: 200, clock });
    const b = await startSandbox({ port: 0, seed: 5, orders: 200, clock });
    const pageA = await call(a, "/company/orders", { query: { pageSize: 50 } });
    const pageB = await call(b, "/company/orders", { token: b.token, query: { pageSize: 50 } });
    expect(pageA.body.data).toEqual(pageB.body.data);
    await a.close();
    await b.close();
  });

  it("covers what demos need", () => {
    const clock = manualClock();
    const store = seedStore({ seed: 1, orders: 500, clock });
    const now = clock.now();
    const groups = new Set(store.orders.map((o) => store.statusById.get(o.statusId)?.group));
    expect([...groups].sort()).toEqual(["closed", "finish", "inWork", "new", "wait"]);
    expect(store.orders.some((o) => now - o.dateCreate < 10 * 60_000)).toBe(true);
    expect(store.orders.some((o) => now - o.dateCreate > 90 * DAY)).toBe(true);
    expect(store.orders.some((o) => o.isUrgent)).toBe(true);
    expect(store.orders.some((o) => !o.isVisible)).toBe(true);
    expect(
      store.orders.some(
        (o) =>
          o.deadline !== null && o.deadline < now && store.statusById.get(o.statusId)?.group === "inWork",
      ),
    ).toBe(true);
    expect(new Set(store.orders.map((o) => o.typeDevice)).size).toBeGreaterThanOrEqual(4);
    expect(
      store.counteragents.every((c) => c.phones.every((p) => /^\+7 \d{3} \d{3}-\d{2}-\d{2}$/.test(p))),
    ).toBe(true);
    expect(store.orders.find((o) => o.num === 1042 && o.shopId === store.ref.shops[0]?.id)?.number).toBe(
      "А001042",
    );
    expect(store.orders.filter((o) => o.number.includes("104")).length).toBeGreaterThan(1);
    expect(store.orders.find((o) => o.shopId === store.ref.shops[1]?.id && o.num === 517)?.number).toBe(
      "Б000517",
    );
    for (const register of store.ref.registers.filter((r) => !r.isEnableNegative)) {
      expect(register.cashMoney).toBeGreaterThanOrEqual(0);
      expect(register.bankMoney).toBeGreaterThanOrEqual(0);
    }
  });

  it("starts with 50000 orders and serves a filtered page", async () => {
    const sandbox = await startSandbox({ port: 0, orders: 50_000 });
    expect(sandbox.store.orders).toHaveLength(50_000);
    const res = await call(sandbox, "/company/orders", { query: { number: "104", pageSize: 5 } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(5);
    await sandbox.close();
  });
});
