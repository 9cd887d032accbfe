import { describe, expect, it } from "vitest";
import { intercept, list, one, TOKEN, tokenClient, useNock } from "./helpers.ts";

useNock();

const client = () => tokenClient();
const decoded = (query: string) => decodeURIComponent(query);

describe("requests: path, method, query, headers, body", () => {
  it("sends the raw token in Authorization (no Bearer) and asks for JSON", async () => {
    const sent = intercept("GET", 200, list([]));
    await client().shops.list();
    expect(sent[0]?.headers.get("authorization")).toBe(TOKEN);
    expect(sent[0]?.headers.get("accept")).toBe("application/json");
  });

  it("orders.list without shopId -> GET /company/orders, number as `number`", async () => {
    const sent = intercept("GET", 200, list([]));
    await client().orders.list({ number: "А-0010", page: 2, pageSize: 20 });
    expect(sent[0]).toMatchObject({ method: "GET", path: "/company/orders" });
    expect(decoded(sent[0]?.query ?? "")).toBe("page=2&pageSize=20&number=А-0010");
  });

  it("orders.list with shopId -> GET /shops/{id}/orders, number as `numer`", async () => {
    const sent = intercept("GET", 200, list([]));
    await client().orders.list({ shopId: "s 1", number: "0010" });
    expect(sent[0]).toMatchObject({ method: "GET", path: "/shops/s%201/orders", query: "numer=0010" });
  });

  it("orders.list sends every filter: booleans, arrays, date ranges with open bounds, num, sort", async () => {
    const sent = intercept("GET", 200, list([]));
    await client().orders.list({
      shopId: "s1",
      isVisible: true,
      isUrgent: false,
      isDeadline: true,
      isStatusDeadline: false,
      statusIds: ["a", "b"],
      masterId: "m1",
      managerId: "g1",
      counteragentId: "c1",
      filter: "iphone 12",
      sort: "dateCreate DESC",
      dateCreate: [1700000000000, null],
      dateFinish: [null, new Date(1700086400000)],
      dateClose: [1, 2],
      deadline: [null, null],
      statusDeadline: [3, 4],
      lastAction: [5, null],
      num: 1042,
    });
    const params = new URLSearchParams(sent[0]?.query);
    expect(Object.fromEntries(params)).toEqual({
      isVisible: "true",
      isUrgent: "false",
      isDeadline: "true",
      isStatusDeadline: "false",
      "statusIds[]": "b",
      masterId: "m1",
      managerId: "g1",
      counteragentId: "c1",
      filter: "iphone 12",
      sort: "dateCreate DESC",
      dateCreate: "[1700000000000,null]",
      dateFinish: "[null,1700086400000]",
      dateClose: "[1,2]",
      deadline: "[null,null]",
      statusDeadline: "[3,4]",
      lastAction: "[5,null]",
      num: "1042",
    });
    expect(params.getAll("statusIds[]")).toEqual(["a", "b"]);
    expect(sent[0]?.query).toContain("dateCreate=%5B1700000000000%2Cnull%5D");
  });

  it("orders.get -> GET /orders/{id}", async () => {
    const sent = intercept("GET", 200, one({ id: "o/1" }));
    await client().orders.get("o/1");
    expect(sent[0]).toMatchObject({ method: "GET", path: "/orders/o%2F1", query: "" });
  });

  it("orders.create -> POST /shops/{id}/orders with a JSON body, deadline in ms", async () => {
    const sent = intercept("POST", 200, one({ id: "new1" }));
    const created = await client().orders.create("s1", {
      typeOrderId: "t1",
      name: "Иван",
      phones: ["+79990000000"],
      isBuyer: true,
      deadline: new Date(1700000000000),
      cashRegisterId: "r1",
      money: 500,
      bank: 0,
      customFields: [{ id: "f1", value: 3 }],
    });
    expect(created).toEqual({ id: "new1" });
    expect(sent[0]).toMatchObject({ method: "POST", path: "/shops/s1/orders" });
    expect(sent[0]?.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(sent[0]?.body ?? "")).toEqual({
      typeOrderId: "t1",
      name: "Иван",
      phones: ["+79990000000"],
      isBuyer: true,
      deadline: 1700000000000,
      cashRegisterId: "r1",
      money: 500,
      bank: 0,
      customFields: [{ id: "f1", value: 3 }],
    });
  });

  it("orders.update -> PATCH /orders/{id} with status and payment", async () => {
    const sent = intercept("PATCH", 200, one({ success: true }));
    const result = await client().orders.update("o1", {
      statusId: "st",
      cashRegisterId: "r1",
      money: 10,
      nodePay: "n",
    });
    expect(result.success).toBe(true);
    expect(sent[0]).toMatchObject({ method: "PATCH", path: "/orders/o1" });
    expect(JSON.parse(sent[0]?.body ?? "")).toEqual({
      statusId: "st",
      cashRegisterId: "r1",
      money: 10,
      nodePay: "n",
    });
  });

  it("orders.delete -> DELETE /orders/{id}; an empty answer is a success", async () => {
    const sent = intercept("DELETE", 200, "");
    expect(await client().orders.delete("o1")).toEqual({ success: true });
    expect(sent[0]).toMatchObject({ method: "DELETE", path: "/orders/o1", body: "" });
  });

  it("orderTypes.list and .fields", async () => {
    const sent = intercept("GET", 200, list([]), 2);
    await client().orderTypes.list();
    await client().orderTypes.fields("t1");
    expect(sent.map((s) => s.path)).toEqual(["/type-orders", "/type-orders/t1/fields"]);
  });

  it("counteragents.list sends its filters", async () => {
    const sent = intercept("GET", 200, list([]));
    await client().counteragents.list({
      phone: "8999",
      isBuyer: true,
      isVendor: false,
      howKnowIds: ["h1"],
      typeCounteragentId: "ct",
      dateCreate: [null, 10],
      lastAction: [1, 2],
      sort: "name ASC",
      filter: "Ив",
    });
    expect(sent[0]?.path).toBe("/counteragents");
    expect(Object.fromEntries(new URLSearchParams(sent[0]?.query))).toEqual({
      phone: "8999",
      isBuyer: "true",
      isVendor: "false",
      "howKnowIds[]": "h1",
      typeCounteragentId: "ct",
      dateCreate: "[null,10]",
      lastAction: "[1,2]",
      sort: "name ASC",
      filter: "Ив",
    });
  });

  it("counteragents.get, .create (POST JSON), .update (PATCH JSON)", async () => {
    const gets = intercept("GET", 200, one({ id: "c1" }));
    const posts = intercept("POST", 200, one({ id: "c2", name: "Пётр" }));
    const patches = intercept("PATCH", 200, one({ success: true }));
    const input = {
      name: "Пётр",
      typeCounteragentId: "ct",
      isBuyer: true,
      isVendor: false,
      rating: -1 as const,
    };
    await client().counteragents.get("c1");
    const created = await client().counteragents.create(input);
    const updated = await client().counteragents.update("c2", { ...input, phones: ["1"] });
    expect(gets[0]?.path).toBe("/counteragents/c1");
    expect(posts[0]?.path).toBe("/counteragents");
    expect(JSON.parse(posts[0]?.body ?? "")).toEqual(input);
    expect(created).toMatchObject({ id: "c2", name: "Пётр" });
    expect(patches[0]?.path).toBe("/counteragents/c2");
    expect(JSON.parse(patches[0]?.body ?? "")).toEqual({ ...input, phones: ["1"] });
    expect(updated).toBeNull();
  });

  it("counteragents.update returns the record when the service answers with one", async () => {
    intercept("PATCH", 200, one({ id: "c2", name: "Пётр" }));
    const input = { name: "Пётр", typeCounteragentId: "ct", isBuyer: true, isVendor: false };
    expect(await client().counteragents.update("c2", input)).toMatchObject({ id: "c2", name: "Пётр" });
  });

  it("counteragentTypes.list and .fields", async () => {
    const sent = intercept("GET", 200, list([]), 2);
    await client().counteragentTypes.list();
    await client().counteragentTypes.fields("ct1");
    expect(sent.map((s) => s.path)).toEqual(["/type-counteragents", "/type-counteragents/ct1/fields"]);
  });

  it("cashRegisters.list -> GET /shops/{id}/cash-registers", async () => {
    const sent = intercept("GET", 200, list([]));
    await client().cashRegisters.list("s1");
    expect(sent[0]?.path).toBe("/shops/s1/cash-registers");
  });

  it("cash.list with cashRegisterId -> GET /cash-registers/{id}/cash with type", async () => {
    const sent = intercept("GET", 200, list([]));
    await client().cash.list({
      cashRegisterId: "r1",
      type: "active",
      isBankTransfer: true,
      date: [1, null],
      dateChange: [null, 2],
      page: 2,
      pageSize: 5,
      sort: "money DESC",
      counteragentId: "c1",
      customerId: "e1",
      cashItemId: "i1",
      filter: "x",
    });
    expect(sent[0]?.path).toBe("/cash-registers/r1/cash");
    expect(Object.fromEntries(new URLSearchParams(sent[0]?.query))).toEqual({
      type: "active",
      isBankTransfer: "true",
      date: "[1,null]",
      dateChange: "[null,2]",
      page: "2",
      pageSize: "5",
      sort: "money DESC",
      counteragentId: "c1",
      customerId: "e1",
      cashItemId: "i1",
      filter: "x",
    });
  });

  it("cash.list with cashRegisterIds -> GET /cash, page/pageSize/isBankTransfer as strings", async () => {
    const sent = intercept("GET", 200, list([]));
    await client().cash.list({ cashRegisterIds: ["r1", "r2"], page: 3, pageSize: 7, isBankTransfer: false });
    expect(sent[0]?.path).toBe("/cash");
    const params = new URLSearchParams(sent[0]?.query);
    expect(params.getAll("cashRegisterIds[]")).toEqual(["r1", "r2"]);
    expect([params.get("page"), params.get("pageSize"), params.get("isBankTransfer")]).toEqual([
      "3",
      "7",
      "false",
    ]);
  });

  it("cash.list without register ids answers an empty page and sends nothing", async () => {
    const c = client();
    expect(await c.cash.list({ cashRegisterIds: [], pageSize: 20 })).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
    });
    expect(await c.cash.list()).toMatchObject({ items: [] });
    expect(c.stats.requests).toBe(0);
  });

  it("cashItems.list, statuses.list, shops.list, howKnows.list", async () => {
    const sent = intercept("GET", 200, list([]), 3);
    intercept("GET", 200, one({}));
    await client().cashItems.list();
    await client().shops.list();
    await client().howKnows.list();
    await client().statuses.list();
    expect(sent.map((s) => s.path)).toEqual(["/cash-items", "/shops", "/how-knows"]);
  });

  it("employees.list, .masters, .managers with filter and paging", async () => {
    const sent = intercept("GET", 200, { data: [] }, 3);
    await client().employees.list("s1", { filter: "Ан", page: 2, pageSize: 50 });
    await client().employees.masters("s1");
    await client().employees.managers("s1", {});
    expect(sent.map((s) => s.path)).toEqual([
      "/shops/s1/customers",
      "/shops/s1/customers/masters",
      "/shops/s1/customers/managers",
    ]);
    expect(decoded(sent[0]?.query ?? "")).toBe("filter=Ан&page=2&pageSize=50");
  });
});

describe("arrayFormat", () => {
  const statusIds = ["a", "b,c"];

  it("brackets (the default): statusIds[]=a&statusIds[]=b", async () => {
    const sent = intercept("GET", 200, list([]));
    await tokenClient().orders.list({ statusIds });
    expect(sent[0]?.query).toBe("statusIds%5B%5D=a&statusIds%5B%5D=b%2Cc");
  });

  it("comma: statusIds=a,b", async () => {
    const sent = intercept("GET", 200, list([]));
    await tokenClient({ arrayFormat: "comma" }).orders.list({ statusIds: ["a", "b"] });
    expect(sent[0]?.query).toBe("statusIds=a,b");
  });

  it("repeat: statusIds=a&statusIds=b", async () => {
    const sent = intercept("GET", 200, list([]));
    await tokenClient({ arrayFormat: "repeat" }).orders.list({ statusIds });
    expect(sent[0]?.query).toBe("statusIds=a&statusIds=b%2Cc");
  });

  it("an empty array is left out", async () => {
    const sent = intercept("GET", 200, list([]));
    await tokenClient().orders.list({ statusIds: [] });
    expect(sent[0]?.query).toBe("");
  });
});
