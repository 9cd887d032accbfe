import { describe, expect, it } from "vitest";
import { createServiceClient, ServiceError } from "../../src/service/index.ts";
import { BASE, forbiddenFetch, TOKEN } from "./helpers.ts";

/** Each call must be refused locally: kind "validation", the field named, nothing sent. */
async function refused(
  run: (client: ReturnType<typeof createServiceClient>) => Promise<unknown>,
  field: string,
) {
  const fetch = forbiddenFetch();
  const client = createServiceClient({ baseUrl: BASE, token: TOKEN, fetch });
  const error = await run(client).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  expect(error).toMatchObject({ kind: "validation", field });
  expect(fetch.calls).toBe(0);
  expect(client.stats.requests).toBe(0);
}

const counteragent = { name: "Ива", typeCounteragentId: "ct", isBuyer: true, isVendor: false };

describe("list rules", () => {
  it("page >= 1", () => refused((c) => c.orders.list({ page: 0 }), "page"));
  it("page is whole", () => refused((c) => c.orders.list({ page: 1.5 }), "page"));
  it("pageSize >= 1", () => refused((c) => c.counteragents.list({ pageSize: 0 }), "pageSize"));
  it("pageSize <= 50", () => refused((c) => c.employees.list("s1", { pageSize: 51 }), "pageSize"));
  it("page * pageSize <= 10000", () => refused((c) => c.orders.list({ page: 201, pageSize: 50 }), "page"));
  it("page * default pageSize <= 10000", () => refused((c) => c.orders.list({ page: 1001 }), "page"));
  it("cash: page * pageSize <= 10000", () =>
    refused((c) => c.cash.list({ cashRegisterIds: ["r"], page: 10001, pageSize: 1 }), "page"));

  it("sort needs ASC or DESC", () => refused((c) => c.orders.list({ sort: "dateCreate" }), "sort"));
  it("sort field must be the endpoint's own", () =>
    refused((c) => c.orders.list({ sort: "name ASC" }), "sort"));
  it("counteragent sort fields", () =>
    refused((c) => c.counteragents.list({ sort: "dateCreate DESC" }), "sort"));
  it("cash sort fields", () =>
    refused((c) => c.cash.list({ cashRegisterId: "r", sort: "status ASC" }), "sort"));

  it("date range has two bounds", () =>
    refused((c) => c.orders.list({ dateCreate: [1] as unknown as [number, null] }), "dateCreate"));
  it("date range bounds are whole ms", () =>
    refused((c) => c.orders.list({ deadline: [1.5, null] }), "deadline.0"));
  it("date range start is not after its end", () =>
    refused((c) => c.orders.list({ lastAction: [5, 4] }), "lastAction"));
  it("an invalid Date is refused", () =>
    refused((c) => c.counteragents.list({ dateCreate: [new Date("x"), null] }), "dateCreate.0"));

  it("unknown query keys are refused", () =>
    refused((c) => c.orders.list({ numer: "1" } as unknown as Record<string, never>), ""));
  it("type only with one register", () =>
    refused((c) => c.cash.list({ cashRegisterIds: ["r"], type: "delete" }), "type"));
  it("cashRegisterId and cashRegisterIds together", () =>
    refused((c) => c.cash.list({ cashRegisterId: "r", cashRegisterIds: ["r"] }), "cashRegisterIds"));
  it("ids in arrays are non-empty", () =>
    refused((c) => c.orders.list({ statusIds: ["a", ""] }), "statusIds.1"));
});

describe("path ids", () => {
  it("orders.get('')", () => refused((c) => c.orders.get(""), "id"));
  it("orders.get(' ')", () => refused((c) => c.orders.get(" "), "id"));
  it("orders.update('')", () => refused((c) => c.orders.update("", { statusId: "s" }), "id"));
  it("orders.delete('')", () => refused((c) => c.orders.delete(""), "id"));
  it("orders.create('', ...)", () =>
    refused((c) => c.orders.create("", { typeOrderId: "t", name: "n" }), "shopId"));
  it("orders.list({shopId: ''})", () => refused((c) => c.orders.list({ shopId: "" }), "shopId"));
  it("counteragents.get('')", () => refused((c) => c.counteragents.get(""), "id"));
  it("counteragents.update('')", () => refused((c) => c.counteragents.update("", counteragent), "id"));
  it("orderTypes.fields('')", () => refused((c) => c.orderTypes.fields(""), "typeId"));
  it("counteragentTypes.fields('')", () => refused((c) => c.counteragentTypes.fields(""), "typeId"));
  it("cashRegisters.list('')", () => refused((c) => c.cashRegisters.list(""), "shopId"));
  it("cash.list({cashRegisterId: ''})", () =>
    refused((c) => c.cash.list({ cashRegisterId: "" }), "cashRegisterId"));
  it("employees.masters('')", () => refused((c) => c.employees.masters(""), "shopId"));
});

describe("order create", () => {
  it("needs typeOrderId", () =>
    refused((c) => c.orders.create("s", { name: "n" } as unknown as { typeOrderId: string }), "typeOrderId"));
  it("needs counteragentId or name", () =>
    refused((c) => c.orders.create("s", { typeOrderId: "t" }), "counteragentId"));
  it("a prepayment needs cashRegisterId", () =>
    refused(
      (c) => c.orders.create("s", { typeOrderId: "t", counteragentId: "c", money: 10 }),
      "cashRegisterId",
    ));
  it("a bank prepayment needs cashRegisterId", () =>
    refused(
      (c) => c.orders.create("s", { typeOrderId: "t", counteragentId: "c", bank: 10 }),
      "cashRegisterId",
    ));
  it("money is non-negative", () =>
    refused(
      (c) => c.orders.create("s", { typeOrderId: "t", counteragentId: "c", cashRegisterId: "r", money: -1 }),
      "money",
    ));
  it("money is a finite number", () =>
    refused(
      (c) =>
        c.orders.create("s", {
          typeOrderId: "t",
          counteragentId: "c",
          cashRegisterId: "r",
          bank: Number.NaN,
        }),
      "bank",
    ));
  it("rating is -1, 0 or 1", () =>
    refused((c) => c.orders.create("s", { typeOrderId: "t", name: "n", rating: 2 as 1 }), "rating"));
  it("deadline is a time", () =>
    refused(
      (c) => c.orders.create("s", { typeOrderId: "t", name: "n", deadline: new Date("bad") }),
      "deadline",
    ));
  it("custom fields need an id", () =>
    refused(
      (c) => c.orders.create("s", { typeOrderId: "t", name: "n", customFields: [{ id: "", value: 1 }] }),
      "customFields.0.id",
    ));
  it("unknown body fields are refused", () =>
    refused((c) => c.orders.create("s", { typeOrderId: "t", name: "n", statusId: "x" } as never), ""));

  it("cashRegisterId alone is allowed", async () => {
    const fetch = async () => Response.json({ data: { id: "o1" } });
    const client = createServiceClient({ baseUrl: BASE, token: TOKEN, fetch });
    await expect(
      client.orders.create("s", { typeOrderId: "t", name: "n", cashRegisterId: "r" }),
    ).resolves.toEqual({
      id: "o1",
    });
  });
});

describe("order change", () => {
  for (const field of ["cashRegisterId", "money", "bank", "nodePay"] as const) {
    it(`${field} needs statusId`, () =>
      refused(
        (c) =>
          c.orders.update("o", {
            cashRegisterId: "r",
            [field]: field === "money" || field === "bank" ? 1 : "x",
          }),
        "statusId",
      ));
  }
  it("a payment needs cashRegisterId", () =>
    refused((c) => c.orders.update("o", { statusId: "s", money: 5 }), "cashRegisterId"));
  it("nothing to change", () => refused((c) => c.orders.update("o", {}), ""));
  it("statusId is a non-empty id", () => refused((c) => c.orders.update("o", { statusId: "" }), "statusId"));
});

describe("counteragent create and change", () => {
  for (const field of ["name", "typeCounteragentId", "isBuyer", "isVendor"] as const) {
    it(`create needs ${field}`, () => {
      const { [field]: _, ...rest } = counteragent;
      return refused((c) => c.counteragents.create(rest as typeof counteragent), field);
    });
    it(`update needs ${field}`, () => {
      const { [field]: _, ...rest } = counteragent;
      return refused((c) => c.counteragents.update("c1", rest as typeof counteragent), field);
    });
  }
  it("name is not blank", () =>
    refused((c) => c.counteragents.create({ ...counteragent, name: "  " }), "name"));
  it("rating is -1, 0 or 1", () =>
    refused((c) => c.counteragents.create({ ...counteragent, rating: 5 as 0 }), "rating"));
  it("booleans are booleans", () =>
    refused(
      (c) => c.counteragents.create({ ...counteragent, isBuyer: "true" as unknown as boolean }),
      "isBuyer",
    ));
});

describe("client options", () => {
  it("needs a token or login and password", () => {
    expect(() => createServiceClient({ baseUrl: BASE })).toThrow(ServiceError);
    expect(() => createServiceClient({ baseUrl: BASE, login: "l" })).toThrow(/token or login and password/);
  });
  it("refuses both a token and credentials", () => {
    expect(() => createServiceClient({ baseUrl: BASE, token: "t", login: "l", password: "p" })).toThrow(
      ServiceError,
    );
  });
  it("needs an absolute baseUrl", () => {
    expect(() => createServiceClient({ baseUrl: "/api", token: "t" })).toThrow(/baseUrl/);
  });
  it("auth.login() with a fixed token is a validation error", async () => {
    const client = createServiceClient({ baseUrl: BASE, token: TOKEN, fetch: forbiddenFetch() });
    await expect(client.auth.login()).rejects.toMatchObject({ kind: "validation" });
  });
});
