/**
 * Rules checked on both sides: the client stops the call locally (kind
 * "validation", nothing sent) and a raw request that bypasses the client gets
 * 400 from the sandbox.
 */
import { describe, expect, it } from "vitest";
import type { ServiceClient } from "../../src/service/index.ts";
import { expectKind, raw, useContract } from "./helpers.ts";

const contract = useContract();
const shopA = () => contract.sandbox().shops[0]?.id ?? "";
const ref = () => contract.sandbox().store.ref;
const anOrder = () => contract.sandbox().store.orders.find((o) => o.isVisible && o.shopId === shopA());

interface Rule {
  name: string;
  viaClient: (client: ServiceClient) => Promise<unknown>;
  /** Method, path with query, body: the same broken call sent raw. */
  raw: () => [string, string, unknown?];
}

const orders = () => `/shops/${shopA()}/orders`;
const rules: Rule[] = [
  {
    name: "pageSize above 50",
    viaClient: (c) => c.orders.list({ shopId: shopA(), pageSize: 51 }),
    raw: () => ["GET", `${orders()}?pageSize=51`],
  },
  {
    name: "page * pageSize above 10000",
    viaClient: (c) => c.counteragents.list({ page: 201, pageSize: 50 }),
    raw: () => ["GET", "/counteragents?page=201&pageSize=50"],
  },
  {
    name: "page 0",
    viaClient: (c) => c.employees.list(shopA(), { page: 0 }),
    raw: () => ["GET", `/shops/${shopA()}/customers?page=0`],
  },
  {
    name: "sort on a field the endpoint does not list",
    viaClient: (c) => c.counteragents.list({ sort: "dateCreate ASC" as "name ASC" }),
    raw: () => ["GET", `/counteragents?sort=${encodeURIComponent("dateCreate ASC")}`],
  },
  {
    name: "sort without a direction",
    viaClient: (c) => c.orders.list({ sort: "num" as "num ASC" }),
    raw: () => ["GET", "/company/orders?sort=num"],
  },
  {
    name: "cash sort field from another endpoint",
    viaClient: (c) =>
      c.cash.list({ cashRegisterId: ref().registers[0]?.id ?? "", sort: "num ASC" as "id ASC" }),
    raw: () => [
      "GET",
      `/cash-registers/${ref().registers[0]?.id}/cash?sort=${encodeURIComponent("num ASC")}`,
    ],
  },
  {
    name: "date range with start after end",
    viaClient: (c) => c.orders.list({ dateCreate: [2_000, 1_000] }),
    raw: () => ["GET", `/company/orders?dateCreate=${encodeURIComponent("[2000,1000]")}`],
  },
  {
    name: "date range with one bound",
    viaClient: (c) => c.orders.list({ deadline: [1_000] as unknown as [number, number] }),
    raw: () => ["GET", `/company/orders?deadline=${encodeURIComponent("[1000]")}`],
  },
  {
    name: "num that is not a whole number",
    viaClient: (c) => c.orders.list({ num: 10.5 }),
    raw: () => ["GET", "/company/orders?num=10.5"],
  },
  {
    name: "create without typeOrderId",
    viaClient: (c) => c.orders.create(shopA(), { name: "Без типа" } as never),
    raw: () => ["POST", orders(), { name: "Без типа" }],
  },
  {
    name: "create without counteragentId and name",
    viaClient: (c) => c.orders.create(shopA(), { typeOrderId: ref().typeOrders[0]?.id ?? "" }),
    raw: () => ["POST", orders(), { typeOrderId: ref().typeOrders[0]?.id }],
  },
  {
    name: "create with a blank name",
    viaClient: (c) => c.orders.create(shopA(), { typeOrderId: ref().typeOrders[0]?.id ?? "", name: "  " }),
    raw: () => ["POST", orders(), { typeOrderId: ref().typeOrders[0]?.id, name: "  " }],
  },
  {
    name: "prepayment without cashRegisterId",
    viaClient: (c) =>
      c.orders.create(shopA(), { typeOrderId: ref().typeOrders[0]?.id ?? "", name: "Х", money: 100 }),
    raw: () => ["POST", orders(), { typeOrderId: ref().typeOrders[0]?.id, name: "Х", money: 100 }],
  },
  {
    name: "negative prepayment",
    viaClient: (c) =>
      c.orders.create(shopA(), {
        typeOrderId: ref().typeOrders[0]?.id ?? "",
        name: "Х",
        cashRegisterId: ref().registers[0]?.id ?? "",
        money: -5,
      }),
    raw: () => [
      "POST",
      orders(),
      { typeOrderId: ref().typeOrders[0]?.id, name: "Х", cashRegisterId: ref().registers[0]?.id, money: -5 },
    ],
  },
  {
    name: "rating outside -1, 0, 1",
    viaClient: (c) =>
      c.orders.create(shopA(), { typeOrderId: ref().typeOrders[0]?.id ?? "", name: "Х", rating: 2 as 1 }),
    raw: () => ["POST", orders(), { typeOrderId: ref().typeOrders[0]?.id, name: "Х", rating: 2 }],
  },
  {
    name: "deadline that is not whole milliseconds",
    viaClient: (c) =>
      c.orders.create(shopA(), { typeOrderId: ref().typeOrders[0]?.id ?? "", name: "Х", deadline: 1.5 }),
    raw: () => ["POST", orders(), { typeOrderId: ref().typeOrders[0]?.id, name: "Х", deadline: 1.5 }],
  },
  {
    name: "payment on change without statusId",
    viaClient: (c) =>
      c.orders.update(anOrder()?.id ?? "", { cashRegisterId: ref().registers[0]?.id ?? "", money: 10 }),
    raw: () => ["PATCH", `/orders/${anOrder()?.id}`, { cashRegisterId: ref().registers[0]?.id, money: 10 }],
  },
  {
    name: "counteragent without isBuyer/isVendor",
    viaClient: (c) =>
      c.counteragents.create({
        name: "Х",
        typeCounteragentId: ref().typeCounteragents[0]?.id ?? "",
      } as never),
    raw: () => ["POST", "/counteragents", { name: "Х", typeCounteragentId: ref().typeCounteragents[0]?.id }],
  },
  {
    name: "counteragent change without the four required fields",
    viaClient: (c) =>
      c.counteragents.update(contract.sandbox().store.counteragents[0]?.id ?? "", { name: "Х" } as never),
    raw: () => ["PATCH", `/counteragents/${contract.sandbox().store.counteragents[0]?.id}`, { name: "Х" }],
  },
];

describe("rules refused on both sides", () => {
  it.each(rules)("$name", async (rule) => {
    const client = contract.client();
    const error = await expectKind(rule.viaClient(client), "validation");
    expect(error.issues.length).toBeGreaterThan(0);
    expect(client.sent).toEqual([]);
    const [method, path, body] = rule.raw();
    const answer = await raw(contract.sandbox(), method, path, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { statusCode: 400, message: expect.any(String) } });
  });

  it("a change that leaves nothing to change and an empty id are stopped by the client", async () => {
    const client = contract.client();
    await expectKind(client.orders.update(anOrder()?.id ?? "", {}), "validation");
    await expectKind(client.orders.get(" "), "validation");
    await expectKind(client.cash.list({ cashRegisterIds: ["a"], type: "active" }), "validation");
    expect(client.sent).toEqual([]);
  });
});

describe("rules only the sandbox can check: the client sends, the sandbox answers 400", () => {
  it("unknown ids in the body or the query are bad_request", async () => {
    const client = contract.client();
    const typeOrderId = ref().typeOrders[0]?.id ?? "";
    await expect(client.orders.create(shopA(), { typeOrderId: "nope", name: "Х" })).rejects.toMatchObject({
      kind: "bad_request",
      status: 400,
    });
    await expect(
      client.orders.create(shopA(), { typeOrderId, counteragentId: "ffffffffffffffffffffffff" }),
    ).rejects.toMatchObject({ kind: "bad_request" });
    await expect(client.orders.list({ statusIds: ["nope"] })).rejects.toMatchObject({ kind: "bad_request" });
    await expect(client.orders.list({ masterId: "nope" })).rejects.toMatchObject({ kind: "bad_request" });
    await expect(client.counteragents.list({ howKnowIds: ["nope"] })).rejects.toMatchObject({
      kind: "bad_request",
    });
    expect(client.sent).toHaveLength(5);
  });

  it("a required custom field of the order type is enforced by the sandbox", async () => {
    const type = ref().typeOrders.find((t) => t.fields.some((f) => f.isRequired && f.defaultValue === null));
    const field = type?.fields.find((f) => f.isRequired && f.defaultValue === null);
    if (!type || !field) throw new Error("no order type with a required field");
    const client = contract.client();
    const error = await client.orders
      .create(shopA(), { typeOrderId: type.id, name: "Поле" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "bad_request", status: 400 });
    const created = await client.orders.create(shopA(), {
      typeOrderId: type.id,
      name: "Поле",
      customFields: [{ id: field.id, value: "12345" }],
    });
    const order = await client.orders.get(created.id);
    expect(order.customFields).toContainEqual({ id: field.id, value: "12345" });
  });
});
