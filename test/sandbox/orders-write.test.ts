import { describe, expect, it } from "vitest";
import { call, useSandbox } from "./helpers.ts";

describe("creating, changing and deleting orders", () => {
  const sb = useSandbox();
  const ref = () => sb().store.ref;
  const shopA = () => ref().shops[0]?.id ?? "";
  const shopB = () => ref().shops[1]?.id ?? "";
  const firstType = () => ref().typeOrders[0]?.id ?? "";
  const warrantyType = () => ref().typeOrders[1];
  const registerOf = (name: string) => ref().registers.find((r) => r.name === name);
  const status = (name: string) => ref().statuses.find((s) => s.name === name)?.id ?? "";
  const anyClient = () => sb().store.counteragents.find((c) => c.isBuyer)?.id ?? "";

  async function create(body: Record<string, unknown>, shop = shopA()) {
    return call(sb(), `/shops/${shop}/orders`, {
      method: "POST",
      body: { typeOrderId: firstType(), ...body },
    });
  }
  /** [money, isBankTransfer] of each payment of a full record. */
  const payments = (order: { cash: { elements: { money: number; isBankTransfer: boolean }[] } }) =>
    order.cash.elements.map((p) => [p.money, p.isBankTransfer]);

  async function read(id: string) {
    return (await call(sb(), `/orders/${id}`)).body.data;
  }

  it("creates an order for an existing counteragent and answers its id", async () => {
    const res = await create({
      counteragentId: anyClient(),
      typeDevice: "Смартфон",
      brand: "Apple",
      model: "iPhone 15",
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(["id"]);
    const order = await read(res.body.data.id);
    expect(order).toMatchObject({
      device: "Смартфон Apple iPhone 15",
      isVisible: true,
      counteragent: { id: anyClient() },
    });
    expect(order.status.id).toBe(status("Новый"));
  });

  it("numbers orders per workshop with its prefix and six digits", async () => {
    const a1 = await read((await create({ name: "Клиент А" })).body.data.id);
    const a2 = await read((await create({ name: "Клиент А2" })).body.data.id);
    const b1 = await read((await create({ name: "Клиент Б" }, shopB())).body.data.id);
    expect(a1.number).toMatch(/^А\d{6}$/);
    expect(b1.number).toMatch(/^Б\d{6}$/);
    expect(a2.num).toBe(a1.num + 1);
    expect(a1.number).toBe(`А${String(a1.num).padStart(6, "0")}`);
  });

  it("creates a new counteragent with the order's advertising source", async () => {
    const howKnowId = ref().howKnows[2]?.id;
    const res = await create({
      name: "Новикова Ольга",
      phones: ["+7 999 111-22-33"],
      howKnowId,
      isBuyer: true,
    });
    const order = await read(res.body.data.id);
    expect(order.howKnow.id).toBe(howKnowId);
    const client = (await call(sb(), `/counteragents/${order.counteragent.id}`)).body.data;
    expect(client).toMatchObject({
      name: "Новикова Ольга",
      phones: ["+7 999 111-22-33"],
      howKnow: { id: howKnowId },
    });
    expect(client.typeCounteragent.id).toBe(ref().typeCounteragents[0]?.id);
  });

  it("needs counteragentId or name", async () => {
    const res = await create({});
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("counteragentId or name");
  });

  it("answers 400 for unknown ids in the body", async () => {
    for (const body of [
      { typeOrderId: "000000000000000000000000", name: "X" },
      { counteragentId: "000000000000000000000000" },
      { name: "X", masterId: "000000000000000000000000" },
      { name: "X", managerId: ref().employees.find((e) => e.isMaster && !e.isManager)?.id },
      { name: "X", howKnowId: "nope" },
      { name: "X", typeCounteragentId: "nope" },
      { name: "X", cashRegisterId: "nope", money: 10 },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("rejects fields of the wrong type", async () => {
    expect((await create({ name: "X", isUrgent: "yes" })).status).toBe(400);
    expect((await create({ name: "X", rating: 5 })).status).toBe(400);
    expect((await create({ name: "X", problem: "not an array" })).status).toBe(400);
    const notJson = await call(sb(), `/shops/${shopA()}/orders`, { method: "POST", body: "{oops" });
    expect(notJson.status).toBe(400);
  });

  it("requires the custom field of the warranty order type", async () => {
    const type = warrantyType();
    const field = type?.fields.find((f) => f.isRequired);
    expect(field).toBeDefined();
    const missing = await create({ typeOrderId: type?.id, name: "Гарантия" });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain(field?.name);
    const ok = await create({
      typeOrderId: type?.id,
      name: "Гарантия",
      customFields: [{ id: field?.id, value: "Т-123" }],
    });
    expect(ok.status).toBe(200);
    expect((await read(ok.body.data.id)).customFields).toContainEqual({ id: field?.id, value: "Т-123" });
    const wrongType = await create({
      typeOrderId: type?.id,
      name: "Г",
      customFields: [{ id: field?.id, value: 5 }],
    });
    expect(wrongType.status).toBe(400);
    const unknown = await create({ name: "Г", customFields: [{ id: "nope", value: "x" }] });
    expect(unknown.status).toBe(400);
  });

  it("requires the fields of a new counteragent's type", async () => {
    const company = ref().typeCounteragents.find((t) => t.fields.some((f) => f.isRequired));
    const inn = company?.fields.find((f) => f.isRequired);
    const missing = await create({ name: "ООО Тест", typeCounteragentId: company?.id });
    expect(missing.status).toBe(400);
    const ok = await create({
      name: "ООО Тест",
      typeCounteragentId: company?.id,
      customFields: [{ id: inn?.id, value: "6600000000" }],
    });
    expect(ok.status).toBe(200);
  });

  it("records a mixed prepayment as transactions and in the register balance", async () => {
    const register = registerOf("Касса Ленина");
    const before = { cash: register?.cashMoney ?? 0, bank: register?.bankMoney ?? 0 };
    const res = await create({ name: "Предоплата", cashRegisterId: register?.id, money: 500, bank: 700 });
    expect(res.status).toBe(200);
    expect(register?.cashMoney).toBe(before.cash + 500);
    expect(register?.bankMoney).toBe(before.bank + 700);
    const order = await read(res.body.data.id);
    // The full record as the real service gives it: the amount paid and one element per payment.
    expect(order.cash).toMatchObject({ order: 1200, invoice: 0, orderReturn: 0 });
    expect(payments(order)).toEqual([
      [500, false],
      [700, true],
    ]);
    const tx = sb().store.transactions.filter((t) => t.orderId === res.body.data.id);
    expect(tx.map((t) => [t.money, t.isBankTransfer]).sort()).toEqual([
      [500, false],
      [700, true],
    ]);
    const listed = await call(sb(), `/cash-registers/${register?.id}/cash`, {
      query: { filter: order.number },
    });
    expect(listed.body.total).toBe(2);
  });

  it("respects what a register accepts", async () => {
    const bankOnly = registerOf("Расчётный счёт");
    expect((await create({ name: "X", cashRegisterId: bankOnly?.id, money: 100 })).status).toBe(400);
    expect((await create({ name: "X", cashRegisterId: bankOnly?.id, bank: 100 })).status).toBe(200);
    const otherShop = registerOf("Касса Север");
    expect((await create({ name: "X", cashRegisterId: otherShop?.id, money: 100 })).status).toBe(400);
    expect((await create({ name: "X", money: 100 })).status).toBe(400);
    expect((await create({ name: "X", cashRegisterId: bankOnly?.id, bank: -5 })).status).toBe(400);
  });

  it("changes every field of the PATCH table", async () => {
    const id = (await create({ name: "Правка" })).body.data.id;
    const master = ref().employees.find((e) => e.isMaster && e.shopIds.includes(shopA()));
    const manager = ref().employees.find((e) => e.isManager && e.shopIds.includes(shopA()));
    const client = anyClient();
    const deadline = Date.UTC(2030, 0, 1, 16);
    const res = await call(sb(), `/orders/${id}`, {
      method: "PATCH",
      body: {
        howKnowId: ref().howKnows[0]?.id,
        statusId: status("В работе"),
        isUrgent: true,
        managerId: manager?.id,
        masterId: master?.id,
        deadline,
        typeDevice: "Ноутбук",
        brand: "ASUS",
        model: "X515",
        sn: "SN-1",
        problem: ["Не включается"],
        completeSet: ["Зарядка"],
        approximatePrice: "3000",
        orderNode: "заметка",
        appearance: ["Потёртости"],
        color: "Серый",
        recommendation: "Заменить плату",
        comment: "Позвонить завтра",
        counteragentId: client,
        customFields: [{ id: ref().typeOrders[0]?.fields[0]?.id, value: "1234" }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ success: true });
    const order = await read(id);
    expect(order).toMatchObject({
      howKnow: { id: ref().howKnows[0]?.id },
      status: { id: status("В работе") },
      isUrgent: true,
      manager: { id: manager?.id },
      master: { id: master?.id },
      deadline: new Date(deadline).toISOString(),
      device: "Ноутбук ASUS X515",
      sn: "SN-1",
      problem: ["Не включается"],
      completeSet: ["Зарядка"],
      approximatePrice: "3000",
      orderNode: "заметка",
      appearance: ["Потёртости"],
      color: "Серый",
      recommendation: "Заменить плату",
      counteragent: { id: client },
    });
    expect(order.comments.at(-1).text).toBe("Позвонить завтра");
    expect(order.customFields).toContainEqual({ id: ref().typeOrders[0]?.fields[0]?.id, value: "1234" });
  });

  it("accepts payment only with a status that requires it", async () => {
    const id = (await create({ name: "Оплата" })).body.data.id;
    const register = registerOf("Касса Ленина");
    const noStatus = await call(sb(), `/orders/${id}`, {
      method: "PATCH",
      body: { cashRegisterId: register?.id, money: 100 },
    });
    expect(noStatus.status).toBe(400);
    const wrongStatus = await call(sb(), `/orders/${id}`, {
      method: "PATCH",
      body: { statusId: status("В работе"), cashRegisterId: register?.id, money: 100 },
    });
    expect(wrongStatus.status).toBe(400);
    const paid = await call(sb(), `/orders/${id}`, {
      method: "PATCH",
      body: {
        statusId: status("Выдан"),
        cashRegisterId: register?.id,
        money: 100,
        bank: 50,
        nodePay: "при выдаче",
      },
    });
    expect(paid.status).toBe(200);
    const order = await read(id);
    expect(order.cash).toMatchObject({ order: 150 });
    expect(payments(order)).toEqual([
      [100, false],
      [50, true],
    ]);
    expect(order.dateClose).not.toBeNull();
    expect(
      sb()
        .store.transactions.filter((t) => t.orderId === id)
        .map((t) => t.node),
    ).toEqual(["при выдаче", "при выдаче"]);
  });

  it("lets an order enter a pay-required status without payment", async () => {
    const id = (await create({ name: "Без оплаты" })).body.data.id;
    const res = await call(sb(), `/orders/${id}`, {
      method: "PATCH",
      body: { statusId: status("Согласовано, предоплата") },
    });
    expect(res.status).toBe(200);
  });

  it("checks PATCH ids and types", async () => {
    const id = (await create({ name: "Проверка" })).body.data.id;
    for (const body of [
      { statusId: "nope" },
      { typeOrderId: "nope" },
      { masterId: "nope" },
      { counteragentId: "nope" },
      { isUrgent: 1 },
    ]) {
      expect(
        (await call(sb(), `/orders/${id}`, { method: "PATCH", body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    const toWarranty = await call(sb(), `/orders/${id}`, {
      method: "PATCH",
      body: { typeOrderId: warrantyType()?.id },
    });
    expect(toWarranty.status).toBe(400);
  });

  it("answers 404 for an unknown order id in the path", async () => {
    expect((await call(sb(), "/orders/000000000000000000000000")).status).toBe(404);
    expect((await call(sb(), "/orders/000000000000000000000000", { method: "PATCH", body: {} })).status).toBe(
      404,
    );
    expect((await call(sb(), "/orders/000000000000000000000000", { method: "DELETE" })).status).toBe(404);
    expect((await call(sb(), "/shops/nope/orders", { method: "POST", body: { name: "X" } })).status).toBe(
      404,
    );
  });

  it("deletes an order: invisible, still readable", async () => {
    const id = (await create({ name: "Удалить" })).body.data.id;
    const del = await call(sb(), `/orders/${id}`, { method: "DELETE" });
    expect(del.status).toBe(200);
    expect((await read(id)).isVisible).toBe(false);
    const visible = await call(sb(), "/company/orders", { query: { isVisible: true, pageSize: 50 } });
    expect(visible.body.data.map((o: { id: string }) => o.id)).not.toContain(id);
    const deleted = await call(sb(), "/company/orders", { query: { isVisible: false, pageSize: 50 } });
    expect(deleted.body.data.map((o: { id: string }) => o.id)).toContain(id);
  });
});
