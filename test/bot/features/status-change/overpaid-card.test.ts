/**
 * An overpayment the clerk confirmed stays on the card (issue 29.7): the card
 * says what the shop owes the client instead of "paid in full"; an order paid
 * exactly still says "paid in full".
 */
import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import {
  freshOrders,
  lastText,
  priceAt3000,
  russianClerk,
  toPaymentAmount,
} from "../../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../../helpers/dialog-fixture.ts";
import type { TestBot } from "../../../helpers/test-bot.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;

useDialogBot({}, (started) => ({ sandbox, t, shopId } = started));
const fresh = freshOrders(
  () => sandbox,
  () => shopId,
);

describe("the card after an overpayment", () => {
  it("says the shop owes the client the difference (en)", async () => {
    const order = priceAt3000(fresh(), 1000);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await toPaymentAmount(op, order.number, "Касса Ленина (cash, bank)", "💵 Cash");
    await op.send("2500");
    await op.press("↩️ Keep as an overpayment"); // not change: the overpayment is kept
    await op.press("✅ Yes"); // confirm
    await op.send(order.number);
    await op.press("🔄 Refresh");
    const card = lastText(op);
    expect(card).toContain("Overpaid: the shop owes the client 500 ₽");
    expect(card).not.toContain("Paid in full");
  });

  it("in Russian; paid exactly: paid in full", async () => {
    const over = priceAt3000(fresh(), 3700);
    const exact = priceAt3000(fresh(), 3000);
    const { bot, ru } = await russianClerk(sandbox, shopId, OPERATOR + 7);
    try {
      await ru.send(over.number);
      await ru.press("🔄 Обновить");
      expect(lastText(ru)).toContain("Переплата: мастерская должна клиенту 700 ₽");
      await ru.send(exact.number);
      await ru.press("🔄 Обновить");
      expect(lastText(ru)).toContain("Оплачен полностью");
      expect(lastText(ru)).not.toContain("Переплата");
    } finally {
      await bot.close();
    }
  });
});
