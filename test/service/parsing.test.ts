import { describe, expect, it } from "vitest";
import { intercept, LIST_META, list, one, tokenClient, useNock } from "./helpers.ts";

useNock();

/** An order of a list as the real service answered in 2026. */
const nestedOrder = {
  id: "64f0a1",
  number: "Б001761",
  dateCreate: "2026-02-10T08:30:00.000Z",
  device: "iPhone 12",
  cash: { summ: 1500 },
  summ: { price: 4500, soldPrice: 4000 },
  counteragent: { id: "c1", name: "Иван Петров", phones: ["+79991234567"], rating: 1 },
  shop: { id: "s1", name: "Центр" },
  status: { id: "st1", name: "Новый", color: "#ff0000" },
  typeOrder: { id: "t1", name: "Ремонт" },
  isVisible: true,
  isUrgent: false,
  manager: { id: "e1", name: "Анна" },
  problem: ["не включается"],
  sn: "SN123",
  typeDevice: "Телефон",
  approximatePrice: "5000",
  deadline: "2026-02-12T16:00:00.000Z",
  master: null,
  somethingNew: { kept: true },
};

/** The older flat shape of the same order. */
const flatOrder = {
  id: 1761,
  number: "Б001761",
  dateCreate: 1770712200000,
  statusId: "st1",
  statusName: "Новый",
  typeOrderId: "t1",
  counteragentId: "c1",
  shopId: "s1",
  manager: "Анна",
  master: "Борис",
  cash: 1500,
  summ: 4500,
  isUrgent: "false",
};

describe("orders: both shapes become one", () => {
  it("parses the nested 2026 list shape", async () => {
    intercept("GET", 200, list([nestedOrder], { total: 321, page: 1, pageSize: 1 }));
    const page = await tokenClient().orders.list({ pageSize: 1 });
    expect(page).toMatchObject({ total: 321, page: 1, pageSize: 1 });
    const order = page.items[0];
    expect(order).toMatchObject({
      id: "64f0a1",
      number: "Б001761",
      device: "iPhone 12",
      cash: { summ: 1500 },
      summ: { price: 4500, soldPrice: 4000 },
      counteragent: { id: "c1", name: "Иван Петров", phones: ["+79991234567"], rating: 1 },
      status: { id: "st1", name: "Новый", color: "#ff0000" },
      typeOrder: { id: "t1", name: "Ремонт" },
      manager: { id: "e1", name: "Анна" },
      somethingNew: { kept: true },
    });
    expect(order?.dateCreate).toEqual(new Date("2026-02-10T08:30:00.000Z"));
    expect(order?.deadline).toEqual(new Date("2026-02-12T16:00:00.000Z"));
    expect(order?.master).toBeUndefined();
  });

  it("maps the older flat shape into the nested one", async () => {
    intercept("GET", 200, { data: [flatOrder], version: "1.2.3.4", ...LIST_META });
    const page = await tokenClient().orders.list({ page: 3, pageSize: 5 });
    expect(page).toMatchObject({ page: 3, pageSize: 5 });
    expect(page.total).toBeUndefined();
    const order = page.items[0];
    expect(order).toMatchObject({
      id: "1761",
      status: { id: "st1", name: "Новый" },
      typeOrder: { id: "t1" },
      counteragent: { id: "c1" },
      shop: { id: "s1" },
      manager: { name: "Анна" },
      master: { name: "Борис" },
      cash: { summ: 1500 },
      summ: { price: 4500 },
      isUrgent: false,
    });
    expect(order?.dateCreate).toEqual(new Date(1770712200000));
    expect(order).not.toHaveProperty("statusId");
    expect(order).not.toHaveProperty("counteragentId");
  });

  it("parses the full record of GET /orders/{id}", async () => {
    intercept(
      "GET",
      200,
      one({
        ...nestedOrder,
        num: 1761,
        lastAction: "2026-02-11T10:00:00.000Z",
        brand: "Apple",
        model: "12",
        appearance: ["царапины"],
        completeSet: ["чехол"],
        customFields: [{ id: "f1", value: "x" }],
        howKnow: { id: "h1", name: "Авито" },
        createManager: { id: "e1", name: "Анна" },
        closeManager: null,
        positions: [{ name: "Замена экрана", count: 1, price: 4000 }],
        cash: { summ: 1500, money: 1000, bank: 500 },
      }),
    );
    const order = await tokenClient().orders.get("64f0a1");
    expect(order).toMatchObject({
      num: 1761,
      brand: "Apple",
      appearance: ["царапины"],
      completeSet: ["чехол"],
      customFields: [{ id: "f1", value: "x" }],
      howKnow: { id: "h1", name: "Авито" },
      positions: [{ name: "Замена экрана", count: 1, price: 4000 }],
      cash: { summ: 1500, money: 1000, bank: 500 },
    });
    expect(order.lastAction).toEqual(new Date("2026-02-11T10:00:00.000Z"));
    expect(order.closeManager).toBeUndefined();
  });

  it("treats missing optional fields as normal", async () => {
    intercept("GET", 200, one({ id: "o1" }));
    expect(await tokenClient().orders.get("o1")).toEqual({ id: "o1" });
  });
});

describe("other records", () => {
  it("counteragent: nested and flat type", async () => {
    intercept(
      "GET",
      200,
      list([{ id: "c1", name: "Ива", phones: "79990001122", typeCounteragentId: "ct1" }]),
    );
    const [c] = (await tokenClient().counteragents.list()).items;
    expect(c).toMatchObject({ id: "c1", phones: ["79990001122"], typeCounteragent: { id: "ct1" } });
  });

  it("create counteragent answers the record (enveloped or bare)", async () => {
    const input = { name: "Ива", typeCounteragentId: "ct1", isBuyer: true, isVendor: false };
    intercept("POST", 200, { id: "c9", name: "Ива", dateCreate: "2026-01-01T00:00:00Z" });
    const created = await tokenClient().counteragents.create(input);
    expect(created.id).toBe("c9");
    expect(created.dateCreate).toBeInstanceOf(Date);
  });

  it("cash registers as in the interface", async () => {
    const register = {
      id: "r1",
      name: "Касса",
      cashMoney: 100,
      bankMoney: 50,
      bankPercent: 2,
      isEnableCash: true,
      isEnableBank: true,
      isEnableNegative: false,
      shopId: "s1",
      isEnableInternalMove: false,
      isDefault: true,
    };
    intercept("GET", 200, { data: [register], version: "2.0.0.1", ...LIST_META });
    const page = await tokenClient().cashRegisters.list("s1");
    expect(page.items).toEqual([register]);
  });

  it("cash transactions: nested refs, flat ids lifted, dates", async () => {
    intercept(
      "GET",
      200,
      list([
        {
          id: "x1",
          date: "2026-02-01T12:00:00Z",
          dateChange: "2026-02-01T12:05:00Z",
          isBankTransfer: false,
          money: 700,
          cashItem: { id: "i1", isIncome: true },
          cashRegister: { id: "r1" },
          customer: { id: "e1" },
          counteragent: null,
          document: { id: "o1", number: "Б001761" },
        },
        { id: "x2", date: 1770000000000, money: "50.5", cashItemId: "i2", cashRegisterId: "r1" },
      ]),
    );
    const { items } = await tokenClient().cash.list({ cashRegisterId: "r1" });
    expect(items[0]).toMatchObject({
      money: 700,
      cashItem: { id: "i1", isIncome: true },
      document: { number: "Б001761" },
    });
    expect(items[0]?.date).toEqual(new Date("2026-02-01T12:00:00Z"));
    expect(items[1]).toMatchObject({ money: 50.5, cashItem: { id: "i2" }, cashRegister: { id: "r1" } });
  });

  it("employees without total: page numbers from the request", async () => {
    intercept("GET", 200, { data: [{ id: "e1", name: "Анна Смирнова" }], ...LIST_META });
    const page = await tokenClient().employees.masters("s1", { page: 2, pageSize: 50 });
    expect(page).toEqual({ items: [{ id: "e1", name: "Анна Смирнова" }], page: 2, pageSize: 50 });
  });

  it("reference lists: order types, counteragent types, cash items, shops, how-knows", async () => {
    intercept("GET", 200, list([{ id: "t1", name: "Ремонт", color: "#00f" }]));
    intercept("GET", 200, list([{ id: "ct1", name: "Физлицо", sort: 1 }]));
    intercept("GET", 200, list([{ id: "i1", name: "Оплата", isIncome: true, isBalance: false }]));
    intercept("GET", 200, list([{ id: "s1", name: "Центр", address: "ул. Ленина, 1", color: "#fff" }]));
    intercept("GET", 200, { data: [{ id: "h1", name: "Авито", isRepeat: false }] });
    const c = tokenClient();
    expect((await c.orderTypes.list()).items).toEqual([{ id: "t1", name: "Ремонт", color: "#00f" }]);
    expect((await c.counteragentTypes.list()).items).toEqual([{ id: "ct1", name: "Физлицо", sort: 1 }]);
    expect((await c.cashItems.list()).items).toEqual([
      { id: "i1", name: "Оплата", isIncome: true, isBalance: false },
    ]);
    expect((await c.shops.list()).items[0]).toMatchObject({ address: "ул. Ленина, 1" });
    expect(await c.howKnows.list()).toEqual({
      items: [{ id: "h1", name: "Авито", isRepeat: false }],
      total: 1,
      page: 1,
      pageSize: 1,
    });
  });
});

describe("statuses", () => {
  const element = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    name: `S-${id}`,
    color: "#111",
    sort: 1,
    comment: "",
    isPayRequired: false,
    roles: [],
    ...extra,
  });

  it("flattens the groups in order, keeping group, color and isPayRequired", async () => {
    intercept(
      "GET",
      200,
      one({
        new: { description: "Новые", color: "#0f0", elements: [element("a"), element("b", { color: null })] },
        inWork: { description: "В работе", color: "#00f", elements: [element("c")] },
        finish: { description: "Готовы", color: "#000", elements: [element("d", { isPayRequired: true })] },
        closed: { description: "Закрыты", color: "#999", elements: [] },
      }),
    );
    const { items } = await tokenClient().statuses.list();
    expect(items.map((s) => [s.id, s.group, s.color, s.isPayRequired])).toEqual([
      ["a", "new", "#111", false],
      ["b", "new", "#0f0", false],
      ["c", "inWork", "#111", false],
      ["d", "finish", "#111", true],
    ]);
    expect(items[0]).toMatchObject({ name: "S-a", sort: 1, groupDescription: "Новые" });
  });

  it("accepts a plain array of statuses", async () => {
    intercept("GET", 200, one([{ id: "a", name: "Новый" }]));
    const { items } = await tokenClient().statuses.list();
    expect(items).toEqual([{ id: "a", name: "Новый", isPayRequired: false }]);
  });
});

describe("custom field definitions", () => {
  it("normalizes plausible key spellings", async () => {
    intercept(
      "GET",
      200,
      list([
        { id: "f1", name: "IMEI", type: "string", required: true, default: "" },
        { _id: "f2", title: "Цвет", dataType: "select", isRequired: "true", values: ["Чёрный", "Белый"] },
        {
          id: "f3",
          label: "Гарантия",
          fieldType: "list",
          options: [
            { value: "y", title: "Да" },
            { id: 2, name: "Нет" },
          ],
          defaultValue: "y",
        },
      ]),
    );
    const { items } = await tokenClient().orderTypes.fields("t1");
    expect(items[0]).toMatchObject({ id: "f1", name: "IMEI", type: "string", required: true, default: "" });
    expect(items[1]).toMatchObject({
      id: "f2",
      name: "Цвет",
      type: "select",
      required: true,
      items: [
        { id: "Чёрный", name: "Чёрный" },
        { id: "Белый", name: "Белый" },
      ],
    });
    expect(items[2]).toMatchObject({
      id: "f3",
      name: "Гарантия",
      type: "list",
      required: false,
      default: "y",
      items: [
        { id: "y", name: "Да" },
        { id: "2", name: "Нет" },
      ],
    });
  });
});

describe("quota property", () => {
  it("is null before any answer and follows remainRequest/expireDate", async () => {
    const c = tokenClient();
    expect(c.quota).toBeNull();
    intercept("GET", 200, list([]));
    await c.shops.list();
    expect(c.quota).toEqual({ remaining: 90, resetAt: new Date(LIST_META.expireDate) });
  });

  it("is updated by error bodies too", async () => {
    const c = tokenClient();
    intercept("GET", 400, {
      error: { statusCode: 400, name: "BadRequest", message: "x", remainRequest: 42 },
    });
    await expect(c.shops.list()).rejects.toMatchObject({ kind: "bad_request" });
    expect(c.quota?.remaining).toBe(42);
  });
});
