import { describe, expect, it } from "vitest";
import { call, useSandbox } from "./helpers.ts";

describe("reference data and employees", () => {
  const sb = useSandbox();
  const shopA = () => sb().shops[0]?.id ?? "";

  it("lists workshops with id, name, address, color, phones", async () => {
    const res = await call(sb(), "/shops");
    expect(res.body.data.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(["address", "color", "id", "name", "phones"]);
    expect(res.body.data[0].phones).toEqual([expect.stringMatching(/^\+7/)]);
  });

  it("groups statuses into new, inWork, wait, finish and closed", async () => {
    const res = await call(sb(), "/statuses");
    expect(Object.keys(res.body.data)).toEqual(["new", "inWork", "wait", "finish", "closed"]);
    const elements = Object.values(res.body.data).flatMap(
      (group) => (group as { elements: unknown[] }).elements,
    );
    for (const group of Object.values(res.body.data) as {
      description: string;
      color: string;
      elements: unknown[];
    }[]) {
      expect(group.elements.length).toBeGreaterThan(0);
      expect(typeof group.description).toBe("string");
    }
    expect(Object.keys(elements[0] as object).sort()).toEqual([
      "color",
      "comment",
      "id",
      "isPayRequired",
      "name",
      "roles",
      "sort",
    ]);
    expect(elements.some((s) => (s as { isPayRequired: boolean }).isPayRequired)).toBe(true);
  });

  it("serves order types and their field definitions", async () => {
    const types = (await call(sb(), "/type-orders")).body.data;
    expect(Object.keys(types[0]).sort()).toEqual(["color", "id", "name"]);
    const first = (await call(sb(), `/type-orders/${types[0].id}/fields`)).body.data;
    expect(first.every((f: { isRequired: boolean }) => !f.isRequired)).toBe(true);
    const second = (await call(sb(), `/type-orders/${types[1].id}/fields`)).body.data;
    expect(second.some((f: { isRequired: boolean }) => f.isRequired)).toBe(true);
    expect(Object.keys(second[0]).sort()).toEqual([
      "defaultValue",
      "id",
      "isRequired",
      "items",
      "name",
      "sort",
      "type",
    ]);
    expect((await call(sb(), "/type-orders/nope/fields")).status).toBe(404);
  });

  it("serves counteragent types with sort, and their fields", async () => {
    const types = (await call(sb(), "/type-counteragents")).body.data;
    expect(Object.keys(types[0]).sort()).toEqual(["id", "name", "sort"]);
    const fields = (await call(sb(), `/type-counteragents/${types[0].id}/fields`)).body.data;
    expect(fields.every((f: { isRequired: boolean }) => !f.isRequired)).toBe(true);
    expect((await call(sb(), "/type-counteragents/nope/fields")).status).toBe(404);
  });

  it("serves advertising sources", async () => {
    const res = await call(sb(), "/how-knows");
    expect(res.body.data[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      isRepeat: expect.any(Boolean),
    });
  });

  it("lists employees, masters and managers without total/page/pageSize", async () => {
    for (const path of ["customers", "customers/masters", "customers/managers"]) {
      const res = await call(sb(), `/shops/${shopA()}/${path}`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(0);
      expect(res.body).not.toHaveProperty("total");
      expect(res.body).not.toHaveProperty("page");
      expect(Object.keys(res.body.data[0]).sort()).toEqual(["id", "name"]);
    }
    const masters = (await call(sb(), `/shops/${shopA()}/customers/masters`)).body.data;
    const ids = masters.map((m: { id: string }) => m.id);
    expect(ids.every((id: string) => sb().store.employeeById.get(id)?.isMaster)).toBe(true);
  });

  it("filters and pages employees", async () => {
    const res = await call(sb(), `/shops/${shopA()}/customers`, { query: { filter: "орлов" } });
    expect(res.body.data.map((e: { name: string }) => e.name)).toEqual(["Орлов Дмитрий Павлович"]);
    const page = await call(sb(), `/shops/${shopA()}/customers`, { query: { pageSize: 2, page: 2 } });
    expect(page.body.data).toHaveLength(2);
    expect((await call(sb(), "/shops/nope/customers")).status).toBe(404);
  });

  it("answers 404 for an unknown path", async () => {
    const res = await call(sb(), "/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body.error.statusCode).toBe(404);
  });
});
