/**
 * A service without GET /statuses (issue 5: "else learned from orders seen or
 * configured"): the status change offers the configured STATUSES and the
 * statuses of the orders the bot has shown, payment optional where unknown.
 */
import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import { buttons, lastText } from "../../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../../helpers/dialog-fixture.ts";
import type { TestBot } from "../../../helpers/test-bot.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;
let statusAsks = 0;

const statusName = (id: string) => sandbox.store.statusById.get(id)?.name;
const orderIn = (status: string, skip: string[] = []) => {
  const order = sandbox.store.orders.find(
    (o) => o.shopId === shopId && o.isVisible && statusName(o.statusId) === status && !skip.includes(o.id),
  );
  if (!order) throw new Error(`no order in ${status}`);
  return order;
};

useDialogBot(
  {
    bot: (sandbox) => ({
      config: {
        statuses: [
          {
            id: sandbox.store.ref.statuses.find((s) => s.name === "Выдан")?.id ?? "",
            name: "Выдан",
            isPayRequired: true,
          },
        ],
      },
      clientOptions: {
        // This service has no GET /statuses.
        fetch: async (input, init) => {
          if (new URL(String(input)).pathname.endsWith("/statuses")) {
            statusAsks++;
            return new Response(JSON.stringify({ error: { code: 404, message: "Not found" } }), {
              status: 404,
              headers: { "content-type": "application/json" },
            });
          }
          return fetch(input, init);
        },
      },
    }),
  },
  (started) => ({ sandbox, t, shopId } = started),
);

describe("status change without GET /statuses", () => {
  it("offers configured and learned statuses; payment is optional where unknown", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    const fresh = orderIn("Новый");
    const inWork = orderIn("В работе");
    await op.send(`/order ${inWork.number}`); // teaches "В работе", no extra request
    t.resetServiceRequests();
    await op.send(`/status ${fresh.number}`);
    // The search + the one failed GET /statuses; the order's own status is learned from the search.
    expect(t.serviceRequests()).toBe(2);
    expect(buttons(op)).toEqual(expect.arrayContaining(["Выдан 💰", "• Новый", "В работе"]));
    await op.press("В работе");
    expect(lastText(op)).toContain("Take a payment now?");
    await op.press("❌ No");
    await op.press("✅ Yes");
    expect(statusName(fresh.statusId)).toBe("В работе");
    expect(lastText(op)).toContain("Status changed");
    expect(statusAsks).toBe(1);
  });

  it("does not ask GET /statuses again; a payment the service refuses is explained in plain words", async () => {
    const op = t.user(OPERATOR, { languageCode: "ru" });
    const order = orderIn("Новый", []);
    t.resetServiceRequests();
    await op.send(`/status ${order.number}`);
    expect(t.serviceRequests()).toBe(1);
    expect(statusAsks).toBe(1);
    await op.press("В работе");
    expect(lastText(op)).toContain("Принять оплату сейчас?");
    await op.press("✅ Да");
    await op.press("Касса Ленина (наличные, безнал)");
    await op.press("💵 Наличные");
    await op.send("500");
    // Beyond what is left (or no price yet): the overpayment is confirmed.
    if (lastText(op).includes("переплат")) await op.press("✅ Да");
    await op.press("✅ Да");
    // The sandbox takes payments only when entering a status that requires one.
    expect(lastText(op)).toContain("не принимает оплату в этом статусе");
    expect(statusName(order.statusId)).toBe("Новый");
    expect(sandbox.store.transactions.filter((tr) => tr.orderId === order.id)).toHaveLength(0);
  });

  it("a configured status that requires payment asks for it", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    const order = orderIn("В работе", []);
    const paidBefore = sandbox.store.transactions.filter((tr) => tr.orderId === order.id).length;
    await op.send(`/status ${order.number}`);
    await op.press("Выдан 💰");
    expect(lastText(op)).toContain("This status requires payment");
    await op.press("Касса Ленина (cash, bank)");
    await op.press("💵 Cash");
    await op.send("1500");
    await op.press("✅ Yes");
    expect(statusName(order.statusId)).toBe("Выдан");
    const payments = sandbox.store.transactions.filter((tr) => tr.orderId === order.id);
    expect(payments.slice(paidBefore).map((tr) => tr.money)).toEqual([1500]);
  });

  it("knows a move into a closed status from the orders seen: the debt is named, the card is no longer overdue", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${orderIn("Выдан").number}`); // its status.type teaches: Выдан is "closed"
    const order = orderIn("В работе");
    order.positions = [{ id: `p${order.id}`, name: "Замена экрана", kind: "work", count: 1, price: 3000 }];
    order.discount = 0;
    order.paidCash = 1000;
    order.paidBank = 0;
    order.deadline = Date.now() - 3 * 24 * 60 * 60 * 1000;
    await op.send(`/status ${order.number}`);
    await op.press("Выдан 💰");
    await op.press("No payment");
    expect(lastText(op)).toContain("⚠️ 2,000 ₽ remains unpaid");
    await op.press("✅ Yes");
    expect(statusName(order.statusId)).toBe("Выдан");
    expect(lastText(op)).toContain("Status changed");
    expect(lastText(op)).not.toMatch(/overdue/i);
  });
});
