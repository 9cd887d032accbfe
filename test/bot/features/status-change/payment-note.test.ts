/**
 * The payment's note is offered, not asked (issue 29.8): after the amount the
 * confirmation comes at once, with a 📝 button for a note; a hand-over without
 * a note is one tap shorter.
 */
import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import {
  buttons,
  freshOrders,
  lastText,
  pressMatching,
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
const notesOf = (orderId: string) =>
  sandbox.store.transactions.filter((tr) => tr.orderId === orderId).map((tr) => [tr.money, tr.node]);

describe("the payment note", () => {
  it("the amount goes straight to the confirmation, which offers the note (en)", async () => {
    const order = priceAt3000(fresh(), 0);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await toPaymentAmount(op, order.number, "Касса Ленина (cash, bank)", "💵 Cash");
    await op.press("💰 3,000 ₽: all that is left");
    expect(lastText(op)).toContain("Change the status");
    expect(buttons(op)).toEqual(["✅ Yes", "❌ No", "📝 Payment note"]);
    await op.press("✅ Yes");
    // No note typed: the service's own default (the order's name) stands, and no comment is added.
    expect(notesOf(order.id)).toEqual([[3000, `Заказ ${order.number}`]]);
    expect(order.comments.map((c) => c.text)).not.toContainEqual(expect.stringContaining("💰"));
  });

  it("📝 asks the note, the confirmation shows it, and it is sent with the payment (ru)", async () => {
    const order = priceAt3000(fresh(), 0);
    const { bot, ru } = await russianClerk(sandbox, shopId, OPERATOR + 9);
    try {
      await toPaymentAmount(ru, order.number, "Касса Ленина (наличные, безнал)", "💵 Наличные");
      await pressMatching(ru, /^💰/);
      expect(buttons(ru)).toContain("📝 Комментарий к оплате");
      await ru.press("📝 Комментарий к оплате");
      await ru.send("чек 42");
      expect(lastText(ru)).toContain("чек 42");
      expect(buttons(ru)).toContain("✅ Да");
      const before = bot.serviceRequests();
      await ru.press("✅ Да");
      expect(notesOf(order.id)).toEqual([[3000, "чек 42"]]);
      // The note reaches the order's comments too, signed, in the same PATCH (the card never shows nodePay).
      const comment = order.comments.at(-1)?.text ?? "";
      expect(comment).toMatch(/: 💰 Оплата 3\s000 ₽ наличными: чек 42$/);
      expect(bot.serviceRequests() - before).toBe(1);
      // The card after the change lists it among the comments.
      expect(lastText(ru)).toMatch(/💰 Оплата 3\s000 ₽ наличными: чек 42/);
    } finally {
      await bot.close();
    }
  });

  it("a typed note reaches the order's comments in the same PATCH, signed (en)", async () => {
    const order = priceAt3000(fresh(), 0);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await toPaymentAmount(op, order.number, "Касса Ленина (cash, bank)", "💵 Cash");
    await op.press("💰 3,000 ₽: all that is left");
    await op.press("📝 Payment note");
    await op.send("receipt 7");
    const before = t.serviceRequests();
    await op.press("✅ Yes");
    expect(t.serviceRequests() - before).toBe(1);
    expect(notesOf(order.id)).toEqual([[3000, "receipt 7"]]);
    expect(order.comments.at(-1)?.text ?? "").toMatch(/^\p{Lu}.*: 💰 Payment 3,000 ₽ cash: receipt 7$/u);
  });
});
