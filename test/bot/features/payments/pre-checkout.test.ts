/**
 * The check before the money moves, and what the bot does with a payment it
 * cannot match: a changed amount is refused with the reason in the client's
 * language and the new invoice (from the mirror, or after one read when its
 * copy is older than a minute); a forged payload, another currency, another
 * payer: refused; a `successful_payment` for an invoice the bot never made, in
 * another currency, or a second charge of a paid invoice: nothing recorded,
 * the owners told.
 */
import type { Update } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { paymentOf } from "../../../../src/bot/state/payments.ts";
import { preCheckoutUpdate, successfulPaymentUpdate } from "../../../e2e/fake-telegram/payments.ts";
import { payInvoice } from "../../../helpers/payments.ts";
import { updateId } from "../../../helpers/updates.ts";
import { type ClientBot, person } from "../client-side/setup.ts";
import { bankPayments, invoiced, lastInvoice, OWNER, staffOf, startPaymentsBot } from "./setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const cases = [
  {
    lang: "ru" as const,
    changed: "Сумма по заказу изменилась: новый счёт в чате.",
    invalid: "Этот счёт недействителен. Откройте заказ в чате с ботом ещё раз.",
    forged: "по счёту, которого бот не выставлял: в CRM ничего не записано",
    mismatch: "не совпадает со счётом: в CRM не записан",
    replay: "Повторная оплата уже оплаченного счёта",
  },
  {
    lang: "en" as const,
    changed: "The amount of the order changed: the new invoice is in the chat.",
    invalid: "This invoice is not valid. Please open the order in the chat with the bot again.",
    forged: "for an invoice the bot never made: nothing recorded in the CRM",
    mismatch: "does not match its invoice: not recorded in the CRM",
    replay: "A second payment of an invoice paid already",
  },
];

/** The pre-checkout query of `invoice` (as Telegram would send it, maybe altered) and the bot's answer. */
async function preCheckout(
  bot: ClientBot,
  from: ReturnType<typeof person>,
  invoice: { currency: string; total: number; payload: string },
) {
  const query = preCheckoutUpdate(bot.telegram.state, updateId(), from, invoice);
  await bot.handle(query);
  return bot.telegram.preCheckoutAnswer(query.pre_checkout_query?.id ?? "");
}

/** A successful_payment Telegram reports (whatever the bot answered), with a charge of its own. */
async function reportPaid(
  bot: ClientBot,
  from: ReturnType<typeof person>,
  paid: { currency: string; total: number; payload: string },
  charge: string,
): Promise<Update> {
  const update = successfulPaymentUpdate(bot.telegram.state, updateId(), from, paid, {
    telegram: charge,
    provider: `yk-${charge}`,
  });
  await bot.handle(update);
  return update;
}

const ownerTexts = (bot: ClientBot) => bot.telegram.botMessages(OWNER).map((m) => m.text.replace(/\s/g, " "));

describe.each(cases)("the pre-checkout ($lang)", (c) => {
  it("a price changed after the invoice: no, with the reason, and the new invoice (0 requests); that one pays", async () => {
    t = await startPaymentsBot();
    const { order, from, invoice } = await invoiced(t, 7401, c.lang);
    t.sandbox.others.change(order.id, { approximatePrice: "5200" });
    await t.syncAndNotify();
    t.mark();
    const answer = await preCheckout(t, from, invoice);
    expect(answer).toEqual({ ok: false, errorMessage: c.changed });
    expect(t.requests()).toBe(0);
    const fresh = lastInvoice(t, from.id);
    expect(fresh.payload).not.toBe(invoice.payload);
    expect(fresh.total).toBe(520000);
    const paid = await payInvoice(t.telegram, t.handle, from, fresh);
    expect(paid.answer?.ok).toBe(true);
    expect(bankPayments(t, order.id).map((p) => p.money)).toEqual([5200]);
  });

  it("a copy older than a minute is read once: the price changed in the CRM meanwhile is seen", async () => {
    t = await startPaymentsBot();
    const { order, from, invoice } = await invoiced(t, 7402, c.lang);
    t.sandbox.others.change(order.id, { approximatePrice: "6100" });
    await t.clock.advance(2 * 60_000);
    t.mark();
    const answer = await preCheckout(t, from, invoice);
    expect(answer).toEqual({ ok: false, errorMessage: c.changed });
    expect(t.requests()).toBe(1);
    expect(lastInvoice(t, from.id).total).toBe(610000);
  });

  it("a forged payload, another currency or amount, another payer: no, nothing kept or recorded", async () => {
    t = await startPaymentsBot();
    const { order, from, invoice } = await invoiced(t, 7403, c.lang);
    const tag = invoice.payload.slice(-16);
    const flipped = `${tag.slice(0, -1)}${tag.endsWith("A") ? "B" : "A"}`;
    const forged = { ...invoice, payload: `${invoice.payload.slice(0, -16)}${flipped}` };
    expect(await preCheckout(t, from, forged)).toEqual({ ok: false, errorMessage: c.invalid });
    expect(await preCheckout(t, from, { ...invoice, currency: "USD" })).toMatchObject({ ok: false });
    expect(await preCheckout(t, from, { ...invoice, total: 100 })).toMatchObject({ ok: false });
    const stranger = person(7499, c.lang);
    expect(await preCheckout(t, stranger, invoice)).toMatchObject({ ok: false });
    // Still payable by its client, and nothing was recorded meanwhile.
    expect(bankPayments(t, order.id)).toEqual([]);
    expect(await preCheckout(t, from, invoice)).toEqual({ ok: true, errorMessage: undefined });
    expect(t.requests()).toBe(0);
  });
});

describe.each(cases)("a payment the bot cannot match ($lang)", (c) => {
  it("for a payload the bot never made: nothing recorded, the owners told", async () => {
    t = await startPaymentsBot();
    const { order, record, from, invoice } = await invoiced(t, 7411, c.lang);
    await staffOf(t, record, c.lang);
    const forged = { ...invoice, payload: `${invoice.payload.slice(0, -16)}AAAAAAAAAAAAAAAA` };
    await reportPaid(t, from, forged, `forged-${c.lang}`);
    expect(t.requests()).toBe(0);
    expect(bankPayments(t, order.id)).toEqual([]);
    expect((await paymentOf(t.store, `forged-${c.lang}`))?.state).toBe("held");
    expect(ownerTexts(t).filter((text) => text.includes(c.forged))).toHaveLength(1);
  });

  it("in another currency or amount than its invoice: nothing recorded, the owners told", async () => {
    t = await startPaymentsBot();
    const { order, record, from, invoice } = await invoiced(t, 7412, c.lang);
    await staffOf(t, record, c.lang);
    await reportPaid(t, from, { ...invoice, currency: "USD", total: 6000 }, `usd-${c.lang}`);
    expect(bankPayments(t, order.id)).toEqual([]);
    expect((await paymentOf(t.store, `usd-${c.lang}`))?.state).toBe("held");
    expect(ownerTexts(t).filter((text) => text.includes(c.mismatch))).toHaveLength(1);
    // The invoice itself is still payable, once.
    const paid = await payInvoice(t.telegram, t.handle, from, invoice);
    expect(paid.answer?.ok).toBe(true);
    expect(bankPayments(t, order.id)).toHaveLength(1);
  });

  it("a second charge of an invoice paid already: not recorded again, the owners told", async () => {
    t = await startPaymentsBot();
    const { order, record, from, invoice } = await invoiced(t, 7413, c.lang);
    await staffOf(t, record, c.lang);
    await payInvoice(t.telegram, t.handle, from, invoice);
    expect(await preCheckout(t, from, invoice)).toMatchObject({ ok: false });
    await reportPaid(t, from, invoice, `again-${c.lang}`);
    expect(bankPayments(t, order.id)).toHaveLength(1);
    expect((await paymentOf(t.store, `again-${c.lang}`))?.state).toBe("held");
    expect(ownerTexts(t).filter((text) => text.includes(c.replay))).toHaveLength(1);
  });
});
