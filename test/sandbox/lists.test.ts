import { describe, expect, it } from "vitest";
import { call, useSandbox } from "./helpers.ts";

describe("list conventions", () => {
  const sb = useSandbox();

  it("defaults to page 1 and pageSize 10", async () => {
    const res = await call(sb(), "/counteragents");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 10 });
    expect(res.body.data).toHaveLength(10);
  });

  it("accepts pageSize 50 and rejects 51", async () => {
    expect((await call(sb(), "/company/orders", { query: { pageSize: 50 } })).body.data).toHaveLength(50);
    const res = await call(sb(), "/company/orders", { query: { pageSize: 51 } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ statusCode: 400, name: "BadRequest", remainRequest: 100000 });
  });

  it("allows page * pageSize = 10000 and rejects more", async () => {
    expect((await call(sb(), "/company/orders", { query: { page: 200, pageSize: 50 } })).status).toBe(200);
    expect((await call(sb(), "/company/orders", { query: { page: 201, pageSize: 50 } })).status).toBe(400);
    expect((await call(sb(), "/counteragents", { query: { page: 1001 } })).status).toBe(400);
  });

  it("rejects page 0, pageSize 0 and non-numbers", async () => {
    const queries: Record<string, string | number>[] = [
      { page: 0 },
      { pageSize: 0 },
      { page: "x" },
      { pageSize: "1.5" },
    ];
    for (const query of queries) {
      expect((await call(sb(), "/company/orders", { query })).status).toBe(400);
    }
  });

  it("applies the same limits to employee and cash lists", async () => {
    const shop = sb().shops[0]?.id;
    expect((await call(sb(), `/shops/${shop}/customers`, { query: { pageSize: 51 } })).status).toBe(400);
    expect((await call(sb(), "/cash", { query: { pageSize: 51 } })).status).toBe(400);
  });

  it("lists orders newest first by default", async () => {
    const res = await call(sb(), "/company/orders", { query: { pageSize: 50 } });
    const dates = res.body.data.map((o: { dateCreate: string }) => Date.parse(o.dateCreate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("sorts by every allowed field both ways and rejects other fields", async () => {
    const fields = [
      "id",
      "num",
      "number",
      "dateCreate",
      "summ",
      "status",
      "isUrgent",
      "counteragent",
      "master",
    ];
    const shopOrders = `/shops/${sb().shops[0]?.id}/orders`;
    for (const field of fields) {
      for (const dir of ["ASC", "DESC"]) {
        expect((await call(sb(), shopOrders, { query: { sort: `${field} ${dir}` } })).status).toBe(200);
        // The company list refuses every sort, as the real service did with `dateCreate ASC`.
        expect((await call(sb(), "/company/orders", { query: { sort: `${field} ${dir}` } })).status).toBe(
          400,
        );
      }
    }
    expect((await call(sb(), shopOrders, { query: { sort: "color ASC" } })).status).toBe(400);
    expect((await call(sb(), shopOrders, { query: { sort: "num UP" } })).status).toBe(400);
    expect((await call(sb(), "/counteragents", { query: { sort: "num ASC" } })).status).toBe(400);
  });

  it("sorts by num ascending", async () => {
    const shop = sb().shops[0]?.id;
    const res = await call(sb(), `/shops/${shop}/orders`, { query: { sort: "num ASC", pageSize: 20 } });
    const numbers = res.body.data.map((o: { number: string }) => o.number);
    expect(numbers).toEqual([...numbers].sort());
  });

  it("lists counteragents by name by default", async () => {
    const res = await call(sb(), "/counteragents", { query: { pageSize: 50 } });
    const names = res.body.data.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "ru")));
  });

  it("takes arrays comma-joined, as x[]= repeats, as plain repeats and as JSON", async () => {
    const statuses = sb()
      .store.ref.statuses.slice(0, 2)
      .map((s) => s.id);
    const expected = (await call(sb(), "/company/orders", { rawQuery: `statusIds=${statuses.join(",")}` }))
      .body.total;
    expect(expected).toBeGreaterThan(0);
    const forms = [
      `statusIds[]=${statuses[0]}&statusIds[]=${statuses[1]}`,
      `statusIds=${statuses[0]}&statusIds=${statuses[1]}`,
      `statusIds=${encodeURIComponent(JSON.stringify(statuses))}`,
      `statusIds%5B%5D=${statuses[0]}&statusIds%5B%5D=${statuses[1]}`,
    ];
    for (const form of forms) {
      expect((await call(sb(), "/company/orders", { rawQuery: form })).body.total).toBe(expected);
    }
  });

  it("takes date ranges with open bounds and rejects malformed ones", async () => {
    const all = (await call(sb(), "/company/orders")).body.total;
    const mid = Date.now() - 30 * 86_400_000;
    const before = (await call(sb(), "/company/orders", { query: { dateCreate: [null, mid] } })).body.total;
    const after = (await call(sb(), "/company/orders", { query: { dateCreate: [mid, null] } })).body.total;
    expect(before + after).toBe(all);
    expect(before).toBeGreaterThan(0);
    expect(after).toBeGreaterThan(0);
    expect((await call(sb(), "/company/orders", { rawQuery: `dateCreate=${mid},` })).body.total).toBe(after);
    for (const bad of ["[1,2,3]", "[1]", "[a,b]", "[5,1]"]) {
      expect(
        (await call(sb(), "/company/orders", { rawQuery: `dateCreate=${encodeURIComponent(bad)}` })).status,
      ).toBe(400);
    }
  });

  it("rejects booleans other than true and false", async () => {
    expect((await call(sb(), "/company/orders", { query: { isUrgent: "yes" } })).status).toBe(400);
  });
});
