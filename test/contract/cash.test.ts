/** Registers and cash transactions: the client's queries served correctly by the sandbox. */
import { describe, expect, it } from "vitest";
import type { Transaction } from "../../src/sandbox/model.ts";
import { type ArrayFormat, CASH_SORT_FIELDS } from "../../src/service/index.ts";
import { DAY, useContract } from "./helpers.ts";

const contract = useContract();
const stored = () => contract.sandbox().store;
const shopA = () => contract.sandbox().shops[0]?.id ?? "";
/** The busiest register: its transactions make the filters meaningful. */
function busiest(): string {
  const counts = new Map<string, number>();
  for (const t of stored().transactions)
    counts.set(t.cashRegisterId, (counts.get(t.cashRegisterId) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
}
const ofRegister = (pred: (t: Transaction) => boolean, id = busiest()) =>
  stored().transactions.filter((t) => t.cashRegisterId === id && pred(t)).length;

describe("cash registers", () => {
  it("lists the workshop's registers with balances", async () => {
    const page = await contract.client().cashRegisters.list(shopA());
    const expected = stored().ref.registers.filter((r) => r.shopId === shopA());
    expect(page.items.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(page.items[0]).toMatchObject({
      cashMoney: expected[0]?.cashMoney,
      bankMoney: expected[0]?.bankMoney,
      shopId: shopA(),
      isEnableCash: expected[0]?.isEnableCash,
    });
  });
});

describe("transactions of one register", () => {
  it("default: newest first, with total", async () => {
    const page = await contract.client().cash.list({ cashRegisterId: busiest(), pageSize: 50 });
    expect(page.total).toBe(ofRegister(() => true));
    const dates = page.items.map((t) => t.date?.getTime() ?? 0);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(page.items.every((t) => t.cashRegister?.id === busiest())).toBe(true);
  });

  it("isBankTransfer true and false split the transactions", async () => {
    const client = contract.client();
    const bank = await client.cash.list({ cashRegisterId: busiest(), isBankTransfer: true, pageSize: 50 });
    const cash = await client.cash.list({ cashRegisterId: busiest(), isBankTransfer: false, pageSize: 50 });
    expect(bank.total).toBe(ofRegister((t) => t.isBankTransfer));
    expect(cash.total).toBe(ofRegister((t) => !t.isBankTransfer));
    expect(bank.items.every((t) => t.isBankTransfer === true)).toBe(true);
    expect(cash.items.every((t) => t.isBankTransfer === false)).toBe(true);
  });

  it("cashItemId, customerId and counteragentId keep the matching transactions", async () => {
    const sample = stored().transactions.find((t) => t.cashRegisterId === busiest() && t.counteragentId);
    if (!sample?.counteragentId) throw new Error("no sample transaction");
    const client = contract.client();
    const byItem = await client.cash.list({ cashRegisterId: busiest(), cashItemId: sample.cashItemId });
    expect(byItem.total).toBe(ofRegister((t) => t.cashItemId === sample.cashItemId));
    expect(byItem.items.every((t) => t.cashItem?.id === sample.cashItemId)).toBe(true);
    const byCustomer = await client.cash.list({ cashRegisterId: busiest(), customerId: sample.customerId });
    expect(byCustomer.total).toBe(ofRegister((t) => t.customerId === sample.customerId));
    expect(byCustomer.items.every((t) => t.customer?.id === sample.customerId)).toBe(true);
    const byClient = await client.cash.list({
      cashRegisterId: busiest(),
      counteragentId: sample.counteragentId,
    });
    expect(byClient.total).toBe(ofRegister((t) => t.counteragentId === sample.counteragentId));
    expect(byClient.items.map((t) => t.id)).toContain(sample.id);
  });

  it("date and dateChange ranges with open bounds", async () => {
    const client = contract.client();
    const since = Date.now() - 30 * DAY;
    const recent = await client.cash.list({ cashRegisterId: busiest(), date: [since, null] });
    expect(recent.total).toBe(ofRegister((t) => t.date >= since));
    const old = await client.cash.list({ cashRegisterId: busiest(), date: [null, since] });
    expect(old.total).toBe(ofRegister((t) => t.date <= since));
    expect(old.total).toBeGreaterThan(0);
    const changed = await client.cash.list({ cashRegisterId: busiest(), dateChange: [since - DAY, since] });
    expect(changed.total).toBe(ofRegister((t) => t.dateChange >= since - DAY && t.dateChange <= since));
  });

  it("type active/delete and every sort field ASC and DESC", async () => {
    const client = contract.client();
    const active = await client.cash.list({ cashRegisterId: busiest(), type: "active" });
    expect(active.total).toBe(ofRegister((t) => !t.isDeleted));
    const deleted = await client.cash.list({ cashRegisterId: busiest(), type: "delete" });
    expect(deleted.total).toBe(ofRegister((t) => t.isDeleted));
    for (const field of CASH_SORT_FIELDS) {
      for (const dir of ["ASC", "DESC"] as const) {
        const page = await client.cash.list({
          cashRegisterId: busiest(),
          sort: `${field} ${dir}`,
          pageSize: 3,
        });
        expect(page.items, `${field} ${dir}`).toHaveLength(3);
      }
    }
    const asc = await client.cash.list({ cashRegisterId: busiest(), sort: "money ASC", pageSize: 50 });
    const sums = asc.items.map((t) => t.money ?? 0);
    expect(sums).toEqual([...sums].sort((a, b) => a - b));
  });

  it("filter searches the order number of a payment", async () => {
    const sample = stored().transactions.find((t) => t.cashRegisterId === busiest() && t.orderId);
    const number = sample?.orderId ? stored().orderById.get(sample.orderId)?.number : undefined;
    if (!sample || !number) throw new Error("no sample transaction");
    const page = await contract.client().cash.list({ cashRegisterId: busiest(), filter: number });
    expect(page.items.map((t) => t.id)).toContain(sample.id);
    expect(page.items.every((t) => t.document?.number === number)).toBe(true);
  });
});

describe("transactions of several registers (GET /cash)", () => {
  it.each<ArrayFormat>(["comma", "brackets", "repeat"])("cashRegisterIds as %s", async (arrayFormat) => {
    const ids = stored()
      .ref.registers.filter((r) => r.shopId === shopA())
      .map((r) => r.id);
    const client = contract.client({ arrayFormat });
    const page = await client.cash.list({ cashRegisterIds: ids, pageSize: 10, page: 2 });
    expect(page.total).toBe(stored().transactions.filter((t) => ids.includes(t.cashRegisterId)).length);
    expect(page.items.every((t) => ids.includes(t.cashRegister?.id ?? ""))).toBe(true);
    expect(page.page).toBe(2);
    const cash = await client.cash.list({ cashRegisterIds: ids, isBankTransfer: false });
    expect(cash.total).toBe(
      stored().transactions.filter((t) => ids.includes(t.cashRegisterId) && !t.isBankTransfer).length,
    );
  });

  it("no register ids: an empty page and no request", async () => {
    const client = contract.client();
    const page = await client.cash.list({ cashRegisterIds: [] });
    expect(page.items).toEqual([]);
    expect(client.sent).toHaveLength(0);
  });
});
