/**
 * A payment beyond what is left to pay, or on an order without a price, is
 * named and confirmed before it is taken (dialog-kit/payment.ts).
 */
import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import {
  freshOrders,
  lastText,
  paymentsOf,
  priceAt3000,
  russianClerk,
  toPaymentAmount,
} from "../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../helpers/dialog-fixture.ts";
import type { TestBot } from "../../helpers/test-bot.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;

useDialogBot({}, (started) => ({ sandbox, t, shopId } = started));

const freshOrder = freshOrders(
  () => sandbox,
  () => shopId,
);
/** A fresh order in a "new" status priced 3000 with `paid` in cash already. */
const pricedOrder = (paid: number): SandboxOrder => priceAt3000(freshOrder(), paid);

describe("an overpayment", () => {
  it("cash beyond what is due asks: change or keep; change records only what is due (en)", async () => {
    const order = pricedOrder(1000);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await toPaymentAmount(op, order.number, "Касса Ленина (cash, bank)", "💵 Cash");
    await op.send("2500 ₽");
    expect(lastText(op)).toContain(
      "💵 Received 2,500 ₽, due 2,000 ₽. Change 500 ₽, or keep it as an overpayment?",
    );
    await op.press("💵 Change 500 ₽");
    expect(lastText(op)).toContain("2,000 ₽ cash");
    await op.press("✅ Yes");
    expect(paymentsOf(sandbox, order.id)).toEqual([[2000, false]]);
  });

  it("✏️ Another amount asks the amounts again; typed as `3 500,00`, `3500 р` they read as 3 500 (en)", async () => {
    const order = pricedOrder(1000);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await toPaymentAmount(op, order.number, "Касса Ленина (cash, bank)", "💵 Cash");
    await op.send("3 500,00");
    expect(lastText(op)).toContain("Change 1,500 ₽");
    await op.press("✏️ Another amount");
    expect(lastText(op)).toContain("How does the client pay?");
    await op.press("💵 Cash");
    await op.send("3500 р");
    await op.press("↩️ Keep as an overpayment");
    await op.press("✅ Yes");
    expect(paymentsOf(sandbox, order.id)).toEqual([[3500, false]]);
  });

  it("keeps a mixed payment whole when asked to (ru: `3500 руб`, `3500₽` read as 3 500)", async () => {
    const order = pricedOrder(1000);
    const { bot: ruBot, ru } = await russianClerk(sandbox, shopId, OPERATOR + 4);
    await toPaymentAmount(ru, order.number, "Касса Ленина (наличные, безнал)", "💵+💳 Оба");
    await ru.send("1500 руб");
    await ru.send("1000");
    expect(lastText(ru)).toMatch(
      /💵 Получено 2\s500 ₽, к оплате 2\s000 ₽\. Сдача 500 ₽ — или оставить как переплату\?/,
    );
    await ru.press("↩️ Оставить как переплату");
    await ru.press("✅ Да");
    expect(paymentsOf(sandbox, order.id).sort()).toEqual([
      [1000, true],
      [1500, false],
    ]);
    const other = pricedOrder(0);
    await toPaymentAmount(ru, other.number, "Касса Ленина (наличные, безнал)", "💵 Наличные");
    await ru.send("3500₽");
    await ru.press("💵 Сдача 500 ₽");
    await ru.press("✅ Да");
    expect(paymentsOf(sandbox, other.id)).toEqual([[3000, false]]);
    await ruBot.close();
  });

  it("by bank beyond what is due there is no change: the overpayment is named and confirmed; No asks again (en)", async () => {
    const order = pricedOrder(1000);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await toPaymentAmount(op, order.number, "Касса Ленина (cash, bank)", "💳 Bank");
    await op.send("2500");
    expect(lastText(op)).toContain(
      "⚠️ The payment of 2,500 ₽ is more than is left to pay (2,000 ₽): an overpayment of 500 ₽. Take it anyway?",
    );
    await op.press("❌ No");
    expect(lastText(op)).toContain("How does the client pay?");
    await op.press("💳 Bank");
    await op.press("💰 2,000 ₽: all that is left");
    await op.press("✅ Yes");
    expect(paymentsOf(sandbox, order.id)).toEqual([[2000, true]]);
  });

  it("on an order without a price every payment is asked about (en, ru); within the balance nothing is", async () => {
    const order = freshOrder();
    order.positions = [];
    // Neither works nor an estimate: no price (an estimate alone is a price, test/bot/money).
    order.approximatePrice = "";
    order.paidCash = 0;
    order.paidBank = 0;
    const op = t.user(OPERATOR, { languageCode: "en" });
    await toPaymentAmount(op, order.number, "Касса Ленина (cash, bank)", "💵 Cash");
    await op.send("700");
    expect(lastText(op)).toContain(
      "⚠️ The order has no price: all of the payment of 700 ₽ is an overpayment.",
    );
    await op.send("/cancel");
    const { bot: ruBot, ru } = await russianClerk(sandbox, shopId, OPERATOR + 5);
    await toPaymentAmount(ru, order.number, "Касса Ленина (наличные, безнал)", "💵 Наличные");
    await ru.send("700");
    expect(lastText(ru)).toContain("⚠️ У заказа нет цены: вся оплата 700 ₽ станет переплатой.");
    await ru.send("/cancel");
    await ruBot.close();
    expect(paymentsOf(sandbox, order.id)).toEqual([]);
  });
});
