/**
 * A second press of ✅ Create or of the status change's ✅ Yes while the first
 * one's request is still on its way: one order, one status change, one
 * payment; the clerk reads the result once and never "nothing was changed".
 */
import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import {
  buttonData,
  fillOrder,
  freshOrders,
  lastText,
  toMixedPaymentConfirm,
} from "../../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../../helpers/dialog-fixture.ts";
import { createTestBot, type TestBot, type TestUser } from "../../../helpers/test-bot.ts";

let sandbox: Sandbox;
let shopId: string;
useDialogBot({}, (started) => ({ sandbox, shopId } = started));

const freshOrder = freshOrders(
  () => sandbox,
  () => shopId,
);

/** A bot whose writes (POST, PATCH) take 150 ms to reach the service. */
function slowWrites(): Promise<TestBot> {
  return createTestBot({
    sandbox,
    operators: [OPERATOR],
    config: { shopIds: [shopId] },
    clientOptions: {
      fetch: async (input, init) => {
        if (init?.method === "POST" || init?.method === "PATCH") await new Promise((r) => setTimeout(r, 150));
        return fetch(input, init);
      },
    },
  });
}

const said = (op: TestUser) => op.replies().map((m) => m.text ?? "");

/** Presses the button labelled `label` on the newest message twice at once. */
async function doublePress(op: TestUser, label: string): Promise<void> {
  const message = op.lastReply();
  if (!message) throw new Error("no message");
  const data = buttonData(message, label);
  await Promise.all([op.pressData(data, message), op.pressData(data, message)]);
}

describe("a double press while the first write is in flight", () => {
  it("✅ Create twice: one order, its card once (en)", async () => {
    const bot = await slowWrites();
    const op = bot.user(OPERATOR, { languageCode: "en" });
    const client = "Двойной Поток";
    await fillOrder(op, { client: { query: client } });
    const before = said(op).length;
    await doublePress(op, "✅ Create");
    const orders = sandbox.store.orders.filter(
      (o) => sandbox.store.counteragentById.get(o.counteragentId)?.name === client,
    );
    expect(orders).toHaveLength(1);
    const after = said(op).slice(before).join("\n");
    expect(after.match(/Order created/g)).toHaveLength(1);
    expect(after).not.toContain("Nothing was changed");
    await op.send("/new");
    expect(lastText(op)).not.toContain("finish the current dialog");
    await bot.close();
  });

  it("the status change's ✅ Yes twice, a mixed payment: one change, 300 ₽ cash + 200 ₽ bank once (en)", async () => {
    const bot = await slowWrites();
    const op = bot.user(OPERATOR, { languageCode: "en" });
    const order = freshOrder();
    const from = order.statusId;
    await toMixedPaymentConfirm(op, order.number);
    const before = said(op).length;
    await doublePress(op, "✅ Yes");
    expect(order.statusId).not.toBe(from);
    const payments = sandbox.store.transactions.filter((tr) => tr.orderId === order.id);
    expect(payments.map((tr) => [tr.isBankTransfer ? "bank" : "cash", tr.money]).sort()).toEqual([
      ["bank", 200],
      ["cash", 300],
    ]);
    const after = said(op).slice(before).join("\n");
    expect(after.match(/Status changed/g)).toHaveLength(1);
    expect(after).not.toContain("Nothing was changed");
    await bot.close();
  });
});
