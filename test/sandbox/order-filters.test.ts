import { describe, expect, it } from "vitest";
import type { Order } from "../../src/sandbox/model.ts";
import { call, useSandbox } from "./helpers.ts";

const DAY = 86_400_000;

describe("order list filters", () => {
  const sb = useSandbox({ orders: 600 });
  const shopA = () => sb().shops[0]?.id ?? "";
  /** Every order matching a filter, across pages. */
  async function all(path: string, query: Record<string, string | number | boolean | (number | null)[]>) {
    const first = await call(sb(), path, { query: { ...query, pageSize: 50 } });
    expect(first.status).toBe(200);
    const out = [...first.body.data];
    for (let page = 2; (page - 1) * 50 < first.body.total; page++) {
      out.push(...(await call(sb(), path, { query: { ...query, pageSize: 50, page } })).body.data);
    }
    return out as { id: string; number: string; [key: string]: unknown }[];
  }
  const raw = (id: string): Order => {
    const order = sb().store.orderById.get(id);
    if (!order) throw new Error(`no order ${id}`);
    return order;
  };
  const expectedCount = (pick: (o: Order) => boolean) => sb().store.orders.filter(pick).length;

  it("keeps one workshop on the shop endpoint", async () => {
    const res = await call(sb(), `/shops/${shopA()}/orders`);
    expect(res.body.total).toBe(expectedCount((o) => o.shopId === shopA()));
    expect(res.body.total).toBeLessThan((await call(sb(), "/company/orders")).body.total);
  });

  it("filters by isVisible both ways", async () => {
    const deleted = await all("/company/orders", { isVisible: false });
    expect(deleted.length).toBeGreaterThan(0);
    expect(deleted.every((o) => o.isVisible === false)).toBe(true);
    const visible = (await call(sb(), "/company/orders", { query: { isVisible: true } })).body.total;
    expect(visible + deleted.length).toBe(sb().store.orders.length);
  });

  it("filters by statusIds", async () => {
    const statusId = sb().store.ref.statuses.find((s) => s.name === "Выдан")?.id ?? "";
    const orders = await all("/company/orders", { statusIds: statusId });
    expect(orders.length).toBe(expectedCount((o) => o.statusId === statusId));
    expect(orders.every((o) => (o.status as { id: string }).id === statusId)).toBe(true);
  });

  it("filters by master, manager and counteragent", async () => {
    const sample = sb().store.orders.find((o) => o.masterId && o.managerId) as Order;
    const byMaster = await all("/company/orders", { masterId: sample.masterId ?? "" });
    expect(byMaster.length).toBe(expectedCount((o) => o.masterId === sample.masterId));
    expect(byMaster.every((o) => (o.master as { id: string }).id === sample.masterId)).toBe(true);
    const byManager = await all("/company/orders", { managerId: sample.managerId ?? "" });
    expect(byManager.length).toBe(expectedCount((o) => o.managerId === sample.managerId));
    const byClient = await all("/company/orders", { counteragentId: sample.counteragentId });
    expect(byClient.map((o) => o.id).sort()).toEqual(
      sb()
        .store.orders.filter((o) => o.counteragentId === sample.counteragentId)
        .map((o) => o.id)
        .sort(),
    );
  });

  it("answers 400 for unknown ids in the query", async () => {
    for (const key of ["statusIds", "masterId", "managerId", "counteragentId"]) {
      const res = await call(sb(), "/company/orders", { query: { [key]: "000000000000000000000000" } });
      expect(res.status).toBe(400);
    }
  });

  it("filters by isUrgent both ways", async () => {
    const urgent = await all("/company/orders", { isUrgent: true });
    expect(urgent.length).toBeGreaterThan(0);
    expect(urgent.every((o) => o.isUrgent === true)).toBe(true);
    const calm = (await call(sb(), "/company/orders", { query: { isUrgent: false } })).body.total;
    expect(urgent.length + calm).toBe(sb().store.orders.length);
  });

  it("filters by isDeadline both ways", async () => {
    const late = await all("/company/orders", { isDeadline: true });
    expect(late.length).toBeGreaterThan(0);
    for (const o of late) expect(raw(o.id).deadline ?? Number.POSITIVE_INFINITY).toBeLessThan(Date.now());
    const notLate = (await call(sb(), "/company/orders", { query: { isDeadline: false } })).body.total;
    expect(late.length + notLate).toBe(sb().store.orders.length);
  });

  it("filters by isStatusDeadline both ways", async () => {
    const late = (await call(sb(), "/company/orders", { query: { isStatusDeadline: true } })).body.total;
    const onTime = (await call(sb(), "/company/orders", { query: { isStatusDeadline: false } })).body.total;
    expect(late).toBeGreaterThan(0);
    expect(late + onTime).toBe(sb().store.orders.length);
  });

  it("filters by each date range", async () => {
    const now = Date.now();
    const month = [now - 30 * DAY, null];
    const cases: [string, (o: Order) => number | null][] = [
      ["dateCreate", (o) => o.dateCreate],
      ["lastAction", (o) => o.lastAction],
      ["dateFinish", (o) => o.dateFinish],
      ["dateClose", (o) => o.dateClose],
      ["deadline", (o) => o.deadline],
    ];
    for (const [key, get] of cases) {
      const res = await call(sb(), "/company/orders", { query: { [key]: month } });
      const expected = expectedCount((o) => {
        const value = get(o);
        return value !== null && value >= now - 30 * DAY;
      });
      expect(res.body.total, key).toBe(expected);
      expect(expected, key).toBeGreaterThan(0);
    }
    const statusDeadline = await call(sb(), "/company/orders", { query: { statusDeadline: [null, now] } });
    expect(statusDeadline.body.total).toBeGreaterThan(0);
    const closedWindow = await call(sb(), "/company/orders", {
      query: { dateCreate: [now - 2 * DAY, now - DAY] },
    });
    expect(closedWindow.body.total).toBe(
      expectedCount((o) => o.dateCreate >= now - 2 * DAY && o.dateCreate <= now - DAY),
    );
  });

  it("matches num exactly, prefix ignored", async () => {
    const res = await call(sb(), "/company/orders", { query: { num: 1042 } });
    expect(res.body.data.map((o: { number: string }) => o.number)).toEqual(["А001042"]);
    expect(
      (await call(sb(), "/company/orders", { query: { num: 104 } })).body.data.map(
        (o: { number: string }) => o.number,
      ),
    ).not.toContain("А001042");
    expect((await call(sb(), "/company/orders", { query: { num: "abc" } })).status).toBe(400);
  });

  it("matches numer (shop) and number (company) partially, prefix counted, any case", async () => {
    const shop = await all(`/shops/${shopA()}/orders`, { numer: "104" });
    expect(shop.length).toBeGreaterThan(1);
    expect(shop.every((o) => o.number.includes("104"))).toBe(true);
    expect(shop.map((o) => o.number)).toContain("А001042");
    const prefixed = await all("/company/orders", { number: "а00104" });
    expect(prefixed.map((o) => o.number).sort()).toEqual(
      sb()
        .store.orders.filter((o) => o.number.startsWith("А00104"))
        .map((o) => o.number)
        .sort(),
    );
    expect((await call(sb(), "/company/orders", { query: { number: "Я-" } })).body.total).toBe(0);
  });

  it("searches the order content with filter", async () => {
    const byDevice = await all("/company/orders", { filter: "iphone 13" });
    expect(byDevice.length).toBeGreaterThan(0);
    expect(byDevice.every((o) => String(o.device).toLowerCase().includes("iphone 13"))).toBe(true);
    const order = raw((byDevice[0] as { id: string }).id);
    const client = sb().store.counteragentById.get(order.counteragentId);
    const surname = client?.name.split(" ")[0] ?? "";
    const byName = await all("/company/orders", { filter: surname.toLowerCase() });
    expect(byName.some((o) => o.id === order.id)).toBe(true);
  });

  it("combines filters", async () => {
    const statusId = sb().store.ref.statuses.find((s) => s.name === "Выдан")?.id ?? "";
    const res = await call(sb(), `/shops/${shopA()}/orders`, {
      query: { statusIds: statusId, isUrgent: true },
    });
    expect(res.body.total).toBe(
      expectedCount((o) => o.shopId === shopA() && o.statusId === statusId && o.isUrgent),
    );
  });
});
