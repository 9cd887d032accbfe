/**
 * Payment that knows the balance: the card says what is left to pay or that
 * the order is paid in full; the amount prompt of a status change offers the
 * balance as one tap (a mixed payment offers the rest for its second part);
 * closing an order that still owes money says how much in the confirmation.
 */
import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../../../../src/sandbox/model.ts";
import {
  buttons,
  freshOrders,
  lastText,
  paymentsOf,
  priceAt3000,
  russianClerk,
  toPaymentAmount,
} from "../../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../../helpers/dialog-fixture.ts";
import { takeOfferedName } from "../../../helpers/offered-name.ts";
import { createTestBot, type TestBot } from "../../../helpers/test-bot.ts";

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

describe("the card", () => {
  it("says what is left to pay, and 'paid in full' when nothing is (en, ru)", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    const partly = pricedOrder(1000);
    await op.send(String(partly.num));
    expect(lastText(op)).toContain("To pay: 2,000 ₽");
    const unpaid = pricedOrder(0);
    await op.send(String(unpaid.num));
    expect(lastText(op)).toContain("To pay: 3,000 ₽");
    const paid = pricedOrder(3000);
    await op.send(String(paid.num));
    expect(lastText(op)).toContain("✅ Paid in full");
    expect(lastText(op)).not.toContain("To pay");
    const { bot: ruBot, ru: ruUser } = await russianClerk(sandbox, shopId, OPERATOR + 1);
    await ruUser.send(String(paid.num));
    expect(lastText(ruUser)).toContain("✅ Оплачен полностью");
    await ruUser.send(String(partly.num));
    expect(lastText(ruUser)).toMatch(/К оплате: 2\s000 ₽/);
    await ruBot.close();
  });
});

describe("the status change", () => {
  it("offers what is left as one tap and takes exactly that", async () => {
    const order = pricedOrder(1000);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await toPaymentAmount(op, order.number, "Касса Ленина (cash, bank)", "💵 Cash");
    expect(lastText(op)).toContain("Left to pay: 2,000 ₽.");
    const prompt = op.lastReply();
    await op.press("💰 2,000 ₽: all that is left");
    expect(prompt?.text).toContain("<b>2,000 ₽</b>");
    expect(lastText(op)).toContain("2,000 ₽ cash");
    expect(lastText(op)).not.toContain("unpaid");
    await op.press("✅ Yes");
    expect(lastText(op)).toContain("Status changed");
    expect(paymentsOf(sandbox, order.id)).toEqual([[2000, false]]);
  });

  it("a mixed payment whose cash part covers what is left asks no bank part", async () => {
    const order = pricedOrder(1000);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await toPaymentAmount(op, order.number, "Касса Ленина (cash, bank)", "💵+💳 Both");
    await op.send("2000");
    expect(lastText(op)).toContain("2,000 ₽ cash");
    expect(lastText(op)).not.toContain("unpaid");
    await op.press("✅ Yes");
    expect(paymentsOf(sandbox, order.id)).toEqual([[2000, false]]);
  });

  it("a mixed payment offers the rest for the bank part once the cash part is typed", async () => {
    const order = pricedOrder(1000);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await toPaymentAmount(op, order.number, "Касса Ленина (cash, bank)", "💵+💳 Both");
    // Nothing is split by itself: the cash part has no button.
    expect(lastText(op)).toContain("Left to pay: 2,000 ₽.");
    expect(buttons(op).some((b) => b.startsWith("💰"))).toBe(false);
    await op.send("500");
    expect(lastText(op)).toContain("Left to pay: 1,500 ₽.");
    await op.press("💰 1,500 ₽: the rest");
    await op.press("✅ Yes");
    expect(paymentsOf(sandbox, order.id).sort()).toEqual([
      [1500, true],
      [500, false],
    ]);
  });

  it("closing with a debt says how much stays unpaid; No changes nothing (en, ru)", async () => {
    const order = pricedOrder(1000);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await toPaymentAmount(op, order.number, "Касса Ленина (cash, bank)", "💵 Cash");
    await op.send("500");
    expect(lastText(op)).toContain("⚠️ 1,500 ₽ remains unpaid");
    await op.press("❌ No");
    expect(paymentsOf(sandbox, order.id)).toEqual([]);
    expect(sandbox.store.statusById.get(order.statusId)?.group).toBe("new");

    const { bot: ruBot, ru } = await russianClerk(sandbox, shopId, OPERATOR + 2);
    await ru.send(`/status ${order.number}`);
    await ru.press("Выдан без ремонта"); // closed, no payment asked
    expect(lastText(ru)).toMatch(/⚠️ Не оплачено 2\s000 ₽/);
    await ru.press("✅ Да");
    expect(sandbox.store.statusById.get(order.statusId)?.name).toBe("Выдан без ремонта");
    await ruBot.close();
  });

  it("in Russian: the balance as one tap, and the rest of a mixed payment", async () => {
    const order = pricedOrder(1000);
    const { bot: ruBot, ru } = await russianClerk(sandbox, shopId, OPERATOR + 3);
    await toPaymentAmount(ru, order.number, "Касса Ленина (наличные, безнал)", "💵+💳 Оба");
    expect(lastText(ru)).toMatch(/Осталось оплатить: 2\s000 ₽\./);
    await ru.send("1 200");
    expect(lastText(ru)).toMatch(/Осталось оплатить: 800 ₽\./);
    await ru.press("💰 800 ₽: остаток");
    expect(lastText(ru)).not.toContain("Не оплачено");
    await ru.press("✅ Да");
    expect(paymentsOf(sandbox, order.id).sort()).toEqual([
      [1200, false],
      [800, true],
    ]);
    await ruBot.close();
  });

  it("a paid order closes without a warning", async () => {
    const order = pricedOrder(3000);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/status ${order.number}`);
    await op.press("Выдан без ремонта");
    expect(lastText(op)).not.toContain("unpaid");
    await op.press("❌ No");
  });
});

describe("a workshop without a register that takes money", () => {
  it("says no payment is recorded instead of passing over it silently (intake and status change)", async () => {
    const noRegisters = await createTestBot({
      sandbox,
      operators: [OPERATOR + 4],
      config: { shopIds: [shopId] },
      clientOptions: {
        fetch: async (input, init) =>
          new URL(String(input)).pathname.endsWith("/cash-registers")
            ? new Response(JSON.stringify({ data: [] }), { headers: { "content-type": "application/json" } })
            : fetch(input, init),
      },
    });
    const op = noRegisters.user(OPERATOR + 4, { languageCode: "en" });
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.send("Без Касс");
    await op.press("➕ New client");
    await takeOfferedName(op);
    await op.press("⏭ Skip"); // the new client's phone
    await op.send("Smartphone");
    await op.send("Не включается");
    await op.press("💳 Prepayment");
    const said = op.replies().at(-2)?.text ?? "";
    expect(said).toContain("No register of this workshop takes payments");
    expect(lastText(op)).toContain("Check the order");
    await op.send("/cancel");
    const order = pricedOrder(0);
    await op.send(`/status ${order.number}`);
    await op.press("Выдан 💰");
    expect(op.replies().some((m) => m.text.includes("No register of this workshop"))).toBe(true);
    expect(lastText(op)).toContain("⚠️ 3,000 ₽ remains unpaid");
    await op.press("❌ No");
    await noRegisters.close();
  });
});
