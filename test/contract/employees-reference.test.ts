/** Employees and reference data: what the client reads is what the sandbox holds. */
import { describe, expect, it } from "vitest";
import { useContract } from "./helpers.ts";

const contract = useContract();
const stored = () => contract.sandbox().store;
const shopA = () => contract.sandbox().shops[0]?.id ?? "";

describe("employees", () => {
  const staffOfA = () => stored().employeesOfShop(shopA());

  it("list, masters and managers of a workshop", async () => {
    const client = contract.client();
    const all = await client.employees.list(shopA(), { pageSize: 50 });
    expect(all.items.map((e) => e.id).sort()).toEqual(
      staffOfA()
        .map((e) => e.id)
        .sort(),
    );
    const masters = await client.employees.masters(shopA(), { pageSize: 50 });
    expect(masters.items.map((e) => e.id).sort()).toEqual(
      staffOfA()
        .filter((e) => e.isMaster)
        .map((e) => e.id)
        .sort(),
    );
    const managers = await client.employees.managers(shopA(), { pageSize: 50 });
    expect(managers.items.map((e) => e.id).sort()).toEqual(
      staffOfA()
        .filter((e) => e.isManager)
        .map((e) => e.id)
        .sort(),
    );
    expect(all.total).toBeUndefined();
  });

  it("filter searches the full name; paging ends with a short page", async () => {
    const client = contract.client();
    const person = staffOfA()[1];
    const part = person?.name.split(" ")[1] ?? "";
    const found = await client.employees.list(shopA(), { filter: part.toLowerCase() });
    expect(found.items.map((e) => e.id)).toContain(person?.id);
    expect(found.items.every((e) => e.name?.toLowerCase().includes(part.toLowerCase()))).toBe(true);
    const size = 2;
    const pages = [];
    for (let page = 1; page < 20; page++) {
      const answer = await client.employees.list(shopA(), { page, pageSize: size });
      pages.push(...answer.items);
      if (answer.items.length < size) break;
    }
    expect(pages.map((e) => e.id).sort()).toEqual(
      staffOfA()
        .map((e) => e.id)
        .sort(),
    );
  });
});

describe("reference data", () => {
  it("order types and their fields, counteragent types and theirs", async () => {
    const client = contract.client();
    const types = await client.orderTypes.list();
    expect(types.items.map((t) => t.id)).toEqual(stored().ref.typeOrders.map((t) => t.id));
    const withRequired = stored().ref.typeOrders.find((t) => t.fields.some((f) => f.isRequired));
    const fields = await client.orderTypes.fields(withRequired?.id ?? "");
    expect(fields.items.some((f) => f.required)).toBe(true);
    expect(fields.items.map((f) => f.id)).toEqual(withRequired?.fields.map((f) => f.id));
    const caTypes = await client.counteragentTypes.list();
    expect(caTypes.items.map((t) => t.id)).toEqual(stored().ref.typeCounteragents.map((t) => t.id));
    const caFields = await client.counteragentTypes.fields(caTypes.items[1]?.id ?? "");
    expect(caFields.items.length).toBeGreaterThan(0);
  });

  it("statuses flatten with isPayRequired; shops, how-knows and cash items", async () => {
    const client = contract.client();
    const statuses = await client.statuses.list();
    expect(statuses.items.map((s) => s.id).sort()).toEqual(
      stored()
        .ref.statuses.map((s) => s.id)
        .sort(),
    );
    const payRequired = stored()
      .ref.statuses.filter((s) => s.isPayRequired)
      .map((s) => s.id);
    expect(statuses.items.filter((s) => s.isPayRequired).map((s) => s.id)).toEqual(
      expect.arrayContaining(payRequired),
    );
    expect(statuses.items.every((s) => s.group !== undefined)).toBe(true);
    expect((await client.shops.list()).items).toHaveLength(stored().ref.shops.length);
    expect((await client.howKnows.list()).items.map((h) => h.id)).toEqual(
      stored().ref.howKnows.map((h) => h.id),
    );
    const items = await client.cashItems.list();
    expect(items.items.map((i) => i.isIncome)).toEqual(stored().ref.cashItems.map((i) => i.isIncome));
  });

  it("unknown ids in the path are not_found", async () => {
    const client = contract.client();
    await expect(client.orderTypes.fields("nope")).rejects.toMatchObject({ kind: "not_found" });
    await expect(client.orders.get("nope")).rejects.toMatchObject({ kind: "not_found" });
    await expect(client.cashRegisters.list("nope")).rejects.toMatchObject({ kind: "not_found" });
    await expect(client.employees.list("nope")).rejects.toMatchObject({ kind: "not_found" });
  });
});
