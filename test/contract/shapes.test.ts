/**
 * The shapes of the answers: in the real ones a full order has no `summ` and
 * its `cash` is amounts with payments, yet the client gives the same price,
 * paid amount and balance as the list record; in the legacy ones the full
 * record has `summ`. Either way one normalized order.
 */
import { describe, expect, it } from "vitest";
import { orderBalance } from "../../src/service/index.ts";
import { raw, SHAPES, useContract } from "./helpers.ts";

const contract = useContract();
const store = () => contract.sandbox().store;

/** Orders with positions and a payment: the interesting money. */
function paidOrders() {
  const orders = store().orders.filter((o) => o.positions.length > 0 && o.paidCash + o.paidBank > 0);
  expect(orders.length).toBeGreaterThan(5);
  return orders.slice(0, 8);
}

describe(`answers in the ${SHAPES} shapes`, () => {
  it("a full record gives the price, the paid amount and the balance of the list record", async () => {
    const client = contract.client();
    for (const stored of paidOrders()) {
      const [listed] = (await client.orders.list({ shopId: stored.shopId, num: stored.num })).items;
      const full = await client.orders.get(stored.id);
      expect(listed?.id).toBe(stored.id);
      expect(full.summ).toEqual({ price: listed?.summ?.price, soldPrice: listed?.summ?.soldPrice });
      expect(full.cash?.summ).toBe(stored.paidCash + stored.paidBank);
      expect(full.cash?.summ).toBe(listed?.cash?.summ);
      expect(listed && orderBalance(full)).toBe(listed && orderBalance(listed));
    }
  });

  it("the full record as served: real without summ and with payments, legacy with summ", async () => {
    const stored = paidOrders()[0];
    const answer = (await raw(contract.sandbox(), "GET", `/orders/${stored?.id}`)).body as {
      data: Record<string, unknown> & { cash: Record<string, unknown> };
    };
    if (SHAPES === "real") {
      expect(answer.data).not.toHaveProperty("summ");
      expect(answer.data.cash).toMatchObject({ order: (stored?.paidCash ?? 0) + (stored?.paidBank ?? 0) });
      expect(answer.data.cash.elements).toEqual(
        expect.arrayContaining([expect.objectContaining({ money: expect.any(Number) })]),
      );
    } else {
      expect(answer.data).toHaveProperty("summ");
      expect(answer.data.cash).toHaveProperty("summ");
    }
  });

  it("an order's status carries its group in the real shapes", async () => {
    const [order] = (await contract.client().orders.list({ pageSize: 1 })).items;
    const group = store().statusById.get(order?.status?.id ?? "")?.group;
    expect(order?.status?.type).toBe(SHAPES === "real" ? group : undefined);
  });

  it("statuses keep their roles (objects in the real shapes, keys in the legacy ones)", async () => {
    const statuses = (await contract.client().statuses.list()).items;
    const roles = statuses[0]?.roles ?? [];
    expect(roles.length).toBeGreaterThan(0);
    if (SHAPES === "real")
      expect(roles[0]).toMatchObject({ id: "admin", name: "Администратор", isChange: true });
    else expect(roles[0]).toBe("admin");
  });

  it("a sort on the company list: 400 as the real service answered, accepted in the legacy shapes", async () => {
    const answer = await raw(contract.sandbox(), "GET", "/company/orders?sort=dateCreate%20ASC");
    expect(answer.status).toBe(SHAPES === "real" ? 400 : 200);
  });
});
