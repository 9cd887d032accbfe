import { describe, expect, it } from "vitest";
import { call, useSandbox } from "./helpers.ts";

describe("cash registers and transactions", () => {
  const sb = useSandbox();
  const ref = () => sb().store.ref;
  const registerA = () => ref().registers[0]?.id ?? "";

  it("lists the registers of a workshop in the 2.4 shape", async () => {
    const res = await call(sb(), `/shops/${ref().shops[0]?.id}/cash-registers`);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const register of res.body.data) {
      expect(Object.keys(register).sort()).toEqual(
        [
          "bankMoney",
          "bankPercent",
          "cashMoney",
          "id",
          "isDefault",
          "isEnableBank",
          "isEnableCash",
          "isEnableInternalMove",
          "isEnableNegative",
          "name",
          "shopId",
        ].sort(),
      );
    }
    expect(
      res.body.data.some(
        (r: { isEnableCash: boolean; isEnableBank: boolean }) => r.isEnableCash && r.isEnableBank,
      ),
    ).toBe(true);
    expect((await call(sb(), "/shops/nope/cash-registers")).status).toBe(404);
  });

  it("lists the transactions of one register, newest first", async () => {
    const res = await call(sb(), `/cash-registers/${registerA()}/cash`, { query: { pageSize: 50 } });
    expect(res.body.total).toBe(
      sb().store.transactions.filter((t) => t.cashRegisterId === registerA()).length,
    );
    const dates = res.body.data.map((t: { date: string }) => Date.parse(t.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(res.body.data[0]).toMatchObject({
      cashItem: { isIncome: expect.any(Boolean) },
      cashRegister: { id: registerA() },
    });
    expect(res.body.data[0].money).toBeGreaterThan(0);
    expect((await call(sb(), "/cash-registers/nope/cash")).status).toBe(404);
  });

  it("filters transactions by type, bank, item, customer, counteragent and dates", async () => {
    const all = sb().store.transactions.filter((t) => t.cashRegisterId === registerA());
    const count = async (query: Record<string, string | boolean | (number | null)[]>) =>
      (await call(sb(), `/cash-registers/${registerA()}/cash`, { query })).body.total;
    expect(await count({ type: "delete" })).toBe(all.filter((t) => t.isDeleted).length);
    expect(await count({ type: "active" })).toBe(all.filter((t) => !t.isDeleted).length);
    expect(await count({ isBankTransfer: true })).toBe(all.filter((t) => t.isBankTransfer).length);
    expect(await count({ isBankTransfer: false })).toBe(all.filter((t) => !t.isBankTransfer).length);
    const item = all[0]?.cashItemId ?? "";
    expect(await count({ cashItemId: item })).toBe(all.filter((t) => t.cashItemId === item).length);
    const customer = all[0]?.customerId ?? "";
    expect(await count({ customerId: customer })).toBe(all.filter((t) => t.customerId === customer).length);
    const client = all.find((t) => t.counteragentId)?.counteragentId ?? "";
    expect(await count({ counteragentId: client })).toBe(
      all.filter((t) => t.counteragentId === client).length,
    );
    const since = Date.now() - 30 * 86_400_000;
    expect(await count({ date: [since, null] })).toBe(all.filter((t) => t.date >= since).length);
    expect(await count({ dateChange: [null, since] })).toBe(all.filter((t) => t.dateChange <= since).length);
    expect(
      (await call(sb(), `/cash-registers/${registerA()}/cash`, { query: { type: "bogus" } })).status,
    ).toBe(400);
    expect(
      (await call(sb(), `/cash-registers/${registerA()}/cash`, { query: { cashItemId: "nope" } })).status,
    ).toBe(400);
  });

  it("sorts transactions by the allowed fields only", async () => {
    for (const field of [
      "node",
      "customer",
      "id",
      "cashRegister",
      "date",
      "money",
      "isBankTransfer",
      "counteragent",
      "cashItem",
      "number",
      "dateChange",
    ]) {
      expect(
        (await call(sb(), `/cash-registers/${registerA()}/cash`, { query: { sort: `${field} ASC` } })).status,
      ).toBe(200);
    }
    expect(
      (await call(sb(), `/cash-registers/${registerA()}/cash`, { query: { sort: "summ ASC" } })).status,
    ).toBe(400);
  });

  it("answers GET /cash without cashRegisterIds with an empty list", async () => {
    const res = await call(sb(), "/cash");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: [], total: 0 });
  });

  it("merges several registers on GET /cash and ignores type", async () => {
    const ids = ref()
      .registers.slice(0, 2)
      .map((r) => r.id);
    const res = await call(sb(), "/cash", { query: { cashRegisterIds: ids.join(","), type: "delete" } });
    expect(res.body.total).toBe(sb().store.transactions.filter((t) => ids.includes(t.cashRegisterId)).length);
    const cashOnly = await call(sb(), "/cash", {
      query: { cashRegisterIds: ids.join(","), isBankTransfer: "false" },
    });
    expect(cashOnly.body.total).toBe(
      sb().store.transactions.filter((t) => ids.includes(t.cashRegisterId) && !t.isBankTransfer).length,
    );
    expect((await call(sb(), "/cash", { query: { cashRegisterIds: "nope" } })).status).toBe(400);
  });

  it("lists cash items", async () => {
    const res = await call(sb(), "/cash-items");
    expect(res.body.data[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      isIncome: expect.any(Boolean),
      isBalance: expect.any(Boolean),
    });
  });
});
