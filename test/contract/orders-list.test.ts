/** Order lists: every filter the client accepts is served correctly by the sandbox. */
import { describe, expect, it } from "vitest";
import type { Order as StoredOrder } from "../../src/sandbox/model.ts";
import { type ArrayFormat, ORDER_SORT_FIELDS, type OrderListQuery } from "../../src/service/index.ts";
import { DAY, expectKind, SHAPES, useContract } from "./helpers.ts";

const contract = useContract();

const shopA = () => contract.sandbox().shops[0]?.id ?? "";
const stored = () => contract.sandbox().store;
const inShopA = (pred: (o: StoredOrder) => boolean) =>
  stored().orders.filter((o) => o.shopId === shopA() && pred(o)).length;

/** Lists shop A with the query; returns the page and the stored records of its items. */
async function listA(query: OrderListQuery) {
  const page = await contract.client().orders.list({ shopId: shopA(), pageSize: 50, ...query });
  const records = page.items.map((item) => {
    const record = stored().orderById.get(item.id);
    if (!record) throw new Error(`unknown order ${item.id}`);
    return record;
  });
  return { page, records };
}

function groupOf(o: StoredOrder): string | undefined {
  return stored().statusById.get(o.statusId)?.group;
}

describe("order lists: filters", () => {
  it("without filters: the workshop's orders newest first, with total", async () => {
    const { page, records } = await listA({});
    expect(page.total).toBe(inShopA(() => true));
    expect(records.every((o) => o.shopId === shopA())).toBe(true);
    const dates = page.items.map((o) => o.dateCreate?.getTime() ?? 0);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("statusIds keeps only the given statuses", async () => {
    const ids = [...new Set(stored().orders.map((o) => o.statusId))].slice(0, 2);
    const { page, records } = await listA({ statusIds: ids });
    expect(page.total).toBe(inShopA((o) => ids.includes(o.statusId)));
    expect(page.total).toBeGreaterThan(0);
    expect(records.every((o) => ids.includes(o.statusId))).toBe(true);
  });

  it("masterId, managerId and counteragentId keep that person's orders", async () => {
    const sample = stored().orders.find((o) => o.shopId === shopA() && o.masterId && o.managerId);
    if (!sample?.masterId || !sample.managerId) throw new Error("no sample order");
    const { masterId, managerId, counteragentId } = sample;
    const byMaster = await listA({ masterId });
    expect(byMaster.page.total).toBe(inShopA((o) => o.masterId === masterId));
    expect(byMaster.page.items.every((o) => o.master?.id === masterId)).toBe(true);
    const byManager = await listA({ managerId });
    expect(byManager.page.total).toBe(inShopA((o) => o.managerId === managerId));
    expect(byManager.page.items.every((o) => o.manager?.id === managerId)).toBe(true);
    const byClient = await listA({ counteragentId });
    expect(byClient.page.total).toBe(inShopA((o) => o.counteragentId === counteragentId));
    expect(byClient.page.items.map((o) => o.counteragent?.id)).toContain(counteragentId);
    expect(byClient.page.items.every((o) => o.counteragent?.id === counteragentId)).toBe(true);
  });

  it("isUrgent, isDeadline and isStatusDeadline split the orders in two", async () => {
    const all = (await listA({})).page.total ?? 0;
    for (const key of ["isUrgent", "isDeadline", "isStatusDeadline"] as const) {
      const yes = await listA({ [key]: true });
      const no = await listA({ [key]: false });
      expect((yes.page.total ?? 0) + (no.page.total ?? 0), key).toBe(all);
      expect(yes.page.total, key).toBeGreaterThan(0);
      expect(no.page.total, key).toBeGreaterThan(0);
    }
    const urgent = await listA({ isUrgent: true });
    expect(urgent.page.items.every((o) => o.isUrgent === true)).toBe(true);
    const now = Date.now();
    const late = await listA({ isDeadline: true });
    for (const o of late.records) {
      expect(o.deadline).not.toBeNull();
      expect(o.deadline ?? now).toBeLessThan(now);
      expect(["finish", "closed"]).not.toContain(groupOf(o));
    }
  });

  it("isVisible=true hides deleted orders, false shows only them, absent shows all", async () => {
    const visible = await listA({ isVisible: true });
    const deleted = await listA({ isVisible: false });
    const all = await listA({});
    expect(deleted.page.total).toBe(inShopA((o) => !o.isVisible));
    expect(deleted.page.total).toBeGreaterThan(0);
    expect(deleted.page.items.every((o) => o.isVisible === false)).toBe(true);
    expect(visible.page.items.every((o) => o.isVisible === true)).toBe(true);
    expect((visible.page.total ?? 0) + (deleted.page.total ?? 0)).toBe(all.page.total);
  });

  it("date ranges filter with closed and open bounds", async () => {
    const now = Date.now();
    const from = now - 30 * DAY;
    const to = now - 10 * DAY;
    const within = (v: number | null, a: number | null, b: number | null) =>
      v !== null && (a === null || v >= a) && (b === null || v <= b);
    const fields = ["dateCreate", "lastAction", "deadline", "dateFinish", "dateClose"] as const;
    for (const field of fields) {
      for (const range of [
        [from, to],
        [from, null],
        [null, to],
      ] as const) {
        const { page, records } = await listA({ [field]: range });
        expect(page.total, `${field} ${range.join("..")}`).toBe(
          inShopA((o) => within(o[field], range[0], range[1])),
        );
        expect(records.every((o) => within(o[field], range[0], range[1]))).toBe(true);
      }
    }
    const recent = await listA({ dateCreate: [from, null] });
    expect(recent.page.total).toBeGreaterThan(0);
    const statusLate = await listA({ statusDeadline: [null, now] });
    const statusAll = await listA({ statusDeadline: [null, null] });
    expect(statusLate.page.total).toBeLessThanOrEqual(statusAll.page.total ?? 0);
    expect(statusAll.page.total).toBeGreaterThan(0);
  });

  it("num matches exactly, prefix ignored; number matches partially, prefix counted", async () => {
    const sample = stored().orders.find((o) => o.shopId === shopA() && o.num >= 100);
    if (!sample) throw new Error("no sample order");
    const exact = await listA({ num: sample.num });
    expect(exact.page.items.map((o) => o.id)).toEqual([sample.id]);
    const part = sample.number.slice(-3);
    const partial = await listA({ number: part });
    expect(partial.page.total).toBe(inShopA((o) => o.number.includes(part)));
    expect(partial.page.items.map((o) => o.id)).toContain(sample.id);
    const prefixed = await listA({ number: sample.number });
    expect(prefixed.page.items.map((o) => o.id)).toEqual([sample.id]);
    const company = await contract.client().orders.list({ number: sample.number });
    expect(company.items.map((o) => o.id)).toEqual([sample.id]);
    const wrongPrefix = await listA({ number: `Я-${sample.number.slice(2)}` });
    expect(wrongPrefix.page.total).toBe(0);
  });

  it("filter searches order content (client name, device)", async () => {
    const sample = stored().orders.find((o) => o.shopId === shopA() && o.brand !== "");
    if (!sample) throw new Error("no sample order");
    const surname = stored().counteragentById.get(sample.counteragentId)?.name.split(" ")[0] ?? "";
    const byName = await listA({ filter: surname });
    expect(byName.page.items.map((o) => o.id)).toContain(sample.id);
    expect(byName.page.total).toBeLessThan(inShopA(() => true));
    const byBrand = await listA({ filter: sample.brand.toUpperCase() });
    const brand = sample.brand.toLowerCase();
    expect(byBrand.page.total).toBe(inShopA((o) => stored().orderSearchText(o).includes(brand)));
    expect(byBrand.records.map((o) => o.id)).toContain(sample.id);
  });

  it("company-wide lists cover every workshop", async () => {
    const page = await contract.client().orders.list({ pageSize: 50 });
    expect(page.total).toBe(stored().orders.length);
    expect(new Set(page.items.map((o) => o.shop?.id)).size).toBeGreaterThan(1);
  });
});

describe("order lists: paging and sort", () => {
  it("page and pageSize select consecutive slices of one order", async () => {
    const client = contract.client();
    const whole = await client.orders.list({ shopId: shopA(), pageSize: 20 });
    const first = await client.orders.list({ shopId: shopA(), pageSize: 10 });
    const second = await client.orders.list({ shopId: shopA(), page: 2, pageSize: 10 });
    expect([...first.items, ...second.items].map((o) => o.id)).toEqual(whole.items.map((o) => o.id));
    expect(second.page).toBe(2);
    expect(second.pageSize).toBe(10);
    const defaults = await client.orders.list({ shopId: shopA() });
    expect(defaults.items).toHaveLength(10);
    expect(defaults.page).toBe(1);
  });

  it("every sort field is served ASC and DESC on a workshop; company-wide as the shapes have it", async () => {
    const client = contract.client();
    for (const field of ORDER_SORT_FIELDS) {
      for (const dir of ["ASC", "DESC"] as const) {
        const shop = await client.orders.list({ shopId: shopA(), sort: `${field} ${dir}`, pageSize: 5 });
        expect(shop.items.length, `${field} ${dir}`).toBe(5);
        const company = client.orders.list({ sort: `${field} ${dir}`, pageSize: 5 });
        // The client keeps the parameter (the interface lists it); the real service refused it with 400.
        if (SHAPES === "real") await expectKind(company, "bad_request");
        else expect((await company).items.length, `${field} ${dir}`).toBe(5);
      }
    }
  });

  it("sort really orders: num ASC ascends, num DESC descends", async () => {
    const client = contract.client();
    const asc = await client.orders.list({ shopId: shopA(), sort: "num ASC", pageSize: 50 });
    const nums = asc.items.map((o) => stored().orderById.get(o.id)?.num ?? 0);
    expect(nums).toEqual([...nums].sort((a, b) => a - b));
    const desc = await client.orders.list({ shopId: shopA(), sort: "num DESC", pageSize: 50 });
    const back = desc.items.map((o) => stored().orderById.get(o.id)?.num ?? 0);
    expect(back).toEqual([...back].sort((a, b) => b - a));
  });
});

describe("order lists: array formats", () => {
  const formats: ArrayFormat[] = ["comma", "brackets", "repeat"];
  it.each(formats)("statusIds written as %s select the same orders", async (arrayFormat) => {
    const ids = [...new Set(stored().orders.map((o) => o.statusId))].slice(0, 3);
    const client = contract.client({ arrayFormat });
    const page = await client.orders.list({ shopId: shopA(), statusIds: ids, pageSize: 50 });
    expect(page.total).toBe(inShopA((o) => ids.includes(o.statusId)));
    const one = await client.orders.list({ shopId: shopA(), statusIds: [ids[0] ?? ""], pageSize: 50 });
    expect(one.total).toBe(inShopA((o) => o.statusId === ids[0]));
    const query = client.sent.at(-1)?.query ?? "";
    if (arrayFormat === "brackets") expect(query).toContain("statusIds[]=");
    else expect(query).toContain(`statusIds=${ids[0]}`);
  });
});
