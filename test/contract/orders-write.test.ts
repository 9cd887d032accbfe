/** Order writes through the client, checked in the sandbox: counteragents, payments, status, delete. */
import { describe, expect, it } from "vitest";
import { expectKind, NUMBER_A, useContract } from "./helpers.ts";

const contract = useContract();
const stored = () => contract.sandbox().store;
const shopA = () => contract.sandbox().shops[0]?.id ?? "";
const typeOrderId = () => stored().ref.typeOrders[0]?.id ?? "";
/** A register of workshop A that takes cash and bank. */
const register = () =>
  stored().ref.registers.find((r) => r.shopId === shopA() && r.isEnableCash && r.isEnableBank);

async function balance(registerId: string) {
  const page = await contract.client().cashRegisters.list(shopA());
  const found = page.items.find((r) => r.id === registerId);
  return { cash: found?.cashMoney ?? Number.NaN, bank: found?.bankMoney ?? Number.NaN };
}

async function paymentsOf(registerId: string, orderNumber: string) {
  const page = await contract
    .client()
    .cash.list({ cashRegisterId: registerId, filter: orderNumber, pageSize: 50 });
  return page.items.filter((t) => t.document?.number === orderNumber);
}

describe("create", () => {
  it("with a new counteragent: it is created with the order's advertising source", async () => {
    const client = contract.client();
    const howKnowId = stored().ref.howKnows[3]?.id ?? "";
    const created = await client.orders.create(shopA(), {
      typeOrderId: typeOrderId(),
      name: "Новиков Контракт Петрович",
      phones: ["+7 912 555-00-01"],
      howKnowId,
      isUrgent: true,
      brand: "Apple",
      model: "iPhone 13",
      problem: ["Не заряжается"],
      deadline: Date.now() + 86_400_000,
    });
    const order = await client.orders.get(created.id);
    expect(order).toMatchObject({
      isUrgent: true,
      brand: "Apple",
      problem: ["Не заряжается"],
      isVisible: true,
    });
    expect(order.number).toMatch(NUMBER_A);
    expect(order.howKnow?.id).toBe(howKnowId);
    expect(order.counteragent?.name).toBe("Новиков Контракт Петрович");
    const client2 = await client.counteragents.get(order.counteragent?.id ?? "");
    expect(client2.howKnow?.id).toBe(howKnowId);
    expect(client2.phones).toEqual(["+7 912 555-00-01"]);
    const found = await client.orders.list({ shopId: shopA(), num: order.num ?? -1 });
    expect(found.items.map((o) => o.id)).toEqual([created.id]);
  });

  it("with an existing counteragent: no new counteragent", async () => {
    const before = stored().counteragents.length;
    const existing = stored().counteragents[3];
    const created = await contract
      .client()
      .orders.create(shopA(), { typeOrderId: typeOrderId(), counteragentId: existing?.id ?? "" });
    expect(stored().counteragents.length).toBe(before);
    const order = await contract.client().orders.get(created.id);
    expect(order.counteragent?.id).toBe(existing?.id);
  });

  it.each([
    { kind: "cash", money: 1500, bank: undefined },
    { kind: "bank", money: undefined, bank: 2500 },
    { kind: "mixed", money: 700, bank: 300 },
  ])("with a $kind prepayment: register balance and cash transactions", async ({ money, bank }) => {
    const reg = register();
    if (!reg) throw new Error("no cash+bank register");
    const start = await balance(reg.id);
    const client = contract.client();
    const created = await client.orders.create(shopA(), {
      typeOrderId: typeOrderId(),
      name: "Предоплатов Иван",
      cashRegisterId: reg.id,
      money,
      bank,
    });
    const order = await client.orders.get(created.id);
    expect(order.cash?.summ).toBe((money ?? 0) + (bank ?? 0));
    const end = await balance(reg.id);
    expect(end.cash - start.cash).toBe(money ?? 0);
    expect(end.bank - start.bank).toBe(bank ?? 0);
    const payments = await paymentsOf(reg.id, order.number ?? "");
    const byKind = payments.map((t) => [t.isBankTransfer, t.money, t.cashItem?.isIncome]);
    const expected = [
      ...(money === undefined ? [] : [[false, money, true]]),
      ...(bank === undefined ? [] : [[true, bank, true]]),
    ];
    expect(byKind).toEqual(expect.arrayContaining(expected));
    expect(byKind).toHaveLength(expected.length);
    expect(payments.every((t) => t.counteragent?.id === order.counteragent?.id)).toBe(true);
  });

  it("a register that does not take bank payments refuses a bank prepayment (bad_request, nothing booked)", async () => {
    const cashOnly = stored().ref.registers.find((r) => r.isEnableCash && !r.isEnableBank);
    if (!cashOnly) throw new Error("no cash-only register");
    const shopId = cashOnly.shopId;
    const before = stored().orders.length;
    const error = await contract
      .client()
      .orders.create(shopId, { typeOrderId: typeOrderId(), name: "Х", cashRegisterId: cashOnly.id, bank: 10 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "bad_request", status: 400 });
    expect(stored().orders.length).toBe(before);
  });
});

describe("change", () => {
  const payStatus = () => stored().ref.statuses.find((s) => s.isPayRequired && s.group !== "closed");
  const plainStatus = () => stored().ref.statuses.find((s) => !s.isPayRequired && s.group === "inWork");

  async function freshOrder() {
    return contract.client().orders.create(shopA(), { typeOrderId: typeOrderId(), name: "Статусов Пётр" });
  }

  it("status with payment into an isPayRequired status books the payment", async () => {
    const reg = register();
    const target = payStatus();
    if (!reg || !target) throw new Error("no register or pay status");
    const { id } = await freshOrder();
    const start = await balance(reg.id);
    const client = contract.client();
    const result = await client.orders.update(id, {
      statusId: target.id,
      cashRegisterId: reg.id,
      money: 400,
      bank: 600,
      nodePay: "Предоплата за экран",
    });
    expect(result.success).toBe(true);
    const order = await client.orders.get(id);
    expect(order.status?.id).toBe(target.id);
    expect(order.cash?.summ).toBe(1000);
    const end = await balance(reg.id);
    expect([end.cash - start.cash, end.bank - start.bank]).toEqual([400, 600]);
    const payments = await paymentsOf(reg.id, order.number ?? "");
    expect(payments.map((t) => t.node)).toEqual(["Предоплата за экран", "Предоплата за экран"]);
  });

  it("payment into a status without isPayRequired: the sandbox refuses, nothing changes", async () => {
    const reg = register();
    const target = plainStatus();
    if (!reg || !target) throw new Error("no register or plain status");
    const { id } = await freshOrder();
    const start = await balance(reg.id);
    const client = contract.client();
    const error = await client.orders
      .update(id, { statusId: target.id, cashRegisterId: reg.id, money: 100 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "bad_request", status: 400 });
    expect(await balance(reg.id)).toEqual(start);
    const order = await client.orders.get(id);
    expect(order.status?.id).not.toBe(target.id);
  });

  it("status only (into a pay status without paying) and other fields are accepted", async () => {
    const target = payStatus();
    if (!target) throw new Error("no pay status");
    const { id } = await freshOrder();
    const client = contract.client();
    await client.orders.update(id, { statusId: target.id });
    await client.orders.update(id, { brand: "Samsung", isUrgent: true, comment: "Позвонить" });
    const order = await client.orders.get(id);
    expect(order).toMatchObject({ brand: "Samsung", isUrgent: true, status: { id: target.id } });
  });
});

describe("delete", () => {
  it("the order leaves isVisible=true lists, appears with isVisible=false and stays readable", async () => {
    const client = contract.client();
    const { id } = await client.orders.create(shopA(), { typeOrderId: typeOrderId(), name: "Удалёнов" });
    const result = await client.orders.delete(id);
    expect(result.success).toBe(true);
    const order = await client.orders.get(id);
    expect(order.isVisible).toBe(false);
    const deleted = await client.orders.list({ shopId: shopA(), isVisible: false, pageSize: 50 });
    expect(deleted.items.map((o) => o.id)).toContain(id);
    const visible = await client.orders.list({ shopId: shopA(), isVisible: true, num: order.num ?? -1 });
    expect(visible.items).toEqual([]);
    await expectKind(client.orders.update(id, { brand: "X" }), "bad_request");
  });
});
