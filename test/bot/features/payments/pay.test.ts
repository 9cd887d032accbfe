/**
 * Paying in the chat, through the fake Telegram (sendInvoice, the pre-checkout
 * query and successful_payment as the Bot API documents them): a ready order's
 * message offers 💳 Pay; the invoice names the workshop, the number and the
 * device; the pre-checkout is answered from the mirror (0 requests); the
 * payment is ONE PATCH with the payment status, the register, the bank amount
 * and the note, and the client is thanked with what is left.
 */
import { afterEach, describe, expect, it } from "vitest";
import { readInvoice } from "../../../../src/bot/features/payments/payload.ts";
import { paymentOf } from "../../../../src/bot/state/payments.ts";
import { payInvoice } from "../../../helpers/payments.ts";
import { buttonsOf, type ClientBot, messagesTo, numberOf } from "../client-side/setup.ts";
import {
  bankPayments,
  lastInvoice,
  PAID,
  PROVIDER_TOKEN,
  REGISTER,
  readyOrder,
  startPaymentsBot,
} from "./setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const cases = [
  { lang: "ru" as const, pay: "💳 Оплатить", thanks: "Оплачено, спасибо!", left: "Осталось оплатить: 0 ₽" },
  { lang: "en" as const, pay: "💳 Pay", thanks: "Paid, thank you!", left: "Left to pay: 0 ₽" },
];

describe.each(cases)("paying a ready order ($lang)", ({ lang, pay, thanks, left }) => {
  it("the ready message offers 💳 Pay; one PATCH records it with the status, the register, the amount and the note", async () => {
    t = await startPaymentsBot();
    const { order, from, user } = await readyOrder(t, 7101, lang);
    const ready = t.telegram.botMessages(from.id).at(-1);
    const button = ready?.replyMarkup?.inline_keyboard.flat()[0];
    expect(button?.text).toMatch(new RegExp(`^${pay} 4[\\s,]900 ₽$`));
    // The press: the invoice, from the mirror and the cached registers (0 requests).
    await user.pressData(buttonsOf(ready)[0] ?? "", ready);
    expect(t.requests()).toBe(0);
    const invoice = lastInvoice(t, from.id);
    const number = numberOf(t, order.id);
    expect(invoice.title).toContain(number);
    expect(invoice.description).toContain(number);
    expect(invoice.description).toContain(t.sandbox.shops[0]?.name ?? "?");
    expect(invoice.description).not.toContain(
      t.sandbox.store.counteragentById.get(order.counteragentId)?.name ?? "?",
    );
    expect(invoice.currency).toBe("RUB");
    expect(invoice.total).toBe(490000);
    expect(invoice.providerToken).toBe(PROVIDER_TOKEN);
    expect(invoice.payload.length).toBeLessThanOrEqual(128);
    expect(invoice.payload).not.toMatch(/\d{10}/);
    expect(readInvoice(invoice.payload, t.config.botToken)).toMatchObject({
      orderId: order.id,
      amount: 490000,
    });

    // The pre-checkout from the mirror (0 requests), then the payment: ONE request, the PATCH.
    const paid = await payInvoice(t.telegram, t.handle, from, invoice);
    expect(paid.answer).toEqual({ ok: true, errorMessage: undefined });
    expect(t.requests()).toBe(1);
    const record = t.sandbox.store.orders.find((o) => o.id === order.id);
    expect(t.sandbox.store.statusById.get(record?.statusId ?? "")?.name).toBe(PAID);
    const [money, ...more] = bankPayments(t, order.id);
    expect(more).toEqual([]);
    expect(money?.money).toBe(4900);
    const register = t.sandbox.store.ref.registers.find((r) => r.id === money?.cashRegisterId);
    expect(register?.name).toBe(REGISTER);
    expect(money?.node).toContain(paid.chargeId);
    expect(money?.node).toContain("Telegram");
    // The comment the staff card shows names the amount and the charge.
    const comment = record?.comments.at(-1)?.text ?? "";
    expect(comment).toContain("Telegram");
    expect(comment).toContain(paid.chargeId);
    // The client: thanked, with what is left; the bot's record says it is in the CRM.
    const said = messagesTo(t, from.id).at(-1) ?? "";
    expect(said).toContain(thanks);
    expect(said).toContain(number);
    expect(said.replace(/\s/g, " ")).toContain(left.replace(/\s/g, " "));
    expect((await paymentOf(t.store, paid.chargeId ?? ""))?.state).toBe("recorded");
    // The mirror holds it at once: nothing is due, so the list offers no 💳 any more.
    expect(t.mirror.get(order.id)?.order.status?.name).toBe(PAID);
    await user.send("/start");
    expect(
      t.telegram
        .botMessages(from.id)
        .flatMap((m) => buttonsOf(m))
        .filter((d) => d.startsWith("cpay")).length,
    ).toBe(1);
  });
});
