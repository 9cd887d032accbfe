/** A debt left at closing: the card says so; picking the closed status again says how to take the payment. */
import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../../../../src/sandbox/model.ts";
import { freshOrders, lastText, priceAt3000 } from "../../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../../helpers/dialog-fixture.ts";
import type { TestBot } from "../../../helpers/test-bot.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;
useDialogBot({}, (started) => ({ sandbox, t, shopId } = started));

const freshOrder = freshOrders(
  () => sandbox,
  () => shopId,
);
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** A fresh order moved to "Выдан" (closed) priced 3000 with 1000 paid. */
function closedWithDebt(): SandboxOrder {
  const order = freshOrder();
  const closed = [...sandbox.store.statusById.values()].find((s) => s.name === "Выдан");
  if (!closed) throw new Error("no closed status");
  order.statusId = closed.id;
  return priceAt3000(order, 1000);
}

describe("a debt at closing", () => {
  it("the card says the closed order still owes money (en)", async () => {
    const order = closedWithDebt();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${order.number}`);
    await op.press("🔄 Refresh");
    expect(plain(lastText(op))).toContain("⚠️ Closed with a debt: 2,000 ₽");
  });

  it("picking the closed status again says how to take the payment, and writes nothing (ru)", async () => {
    const order = closedWithDebt();
    const op = t.user(OPERATOR, { languageCode: "ru" });
    await op.send(`/status ${order.number}`);
    t.resetServiceRequests();
    await op.press("• Выдан 💰");
    const text = plain(lastText(op));
    expect(text).toContain("не оплачено 2 000 ₽");
    expect(text).toContain("Согласовано, предоплата");
    expect(text).not.toContain("уже в этом статусе; выберите");
    expect(t.serviceRequests()).toBe(0);
    expect(sandbox.store.orders.find((o) => o.id === order.id)?.paidCash).toBe(1000);
  });

  it("a paid order picked again gets the plain answer (en)", async () => {
    const order = closedWithDebt();
    order.paidCash = 3000;
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/status ${order.number}`);
    await op.press("• Выдан 💰");
    expect(lastText(op)).toContain("in this status already; choose another");
  });
});
