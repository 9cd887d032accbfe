/**
 * The service down when the payment arrives: the payment is kept in the bot's
 * store (pending), the client is still thanked (the money is taken), the owners
 * and the order's manager are told at once "paid … not yet in the CRM … the
 * bot keeps trying", /payments lists it as not recorded; the retry waits its
 * pause (the test's clock), records it exactly once when the service is back,
 * also after a restart, and then they are told "now recorded".
 */
import { afterEach, describe, expect, it } from "vitest";
import { openPaymentIds, paymentOf } from "../../../../src/bot/state/payments.ts";
import { payInvoice } from "../../../helpers/payments.ts";
import type { ClientBot } from "../client-side/setup.ts";
import {
  anotherInstance,
  bankPayments,
  invoiced,
  OWNER,
  PAID,
  retryOf,
  staffOf,
  startPaymentsBot,
} from "./setup.ts";

let t: ClientBot | undefined;
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  await t?.close();
  t = undefined;
});

/** The first pause after a failed attempt (record.ts). */
const FIRST_PAUSE_MS = 30_000;

const cases = [
  {
    lang: "ru" as const,
    late: /Оплачено 4[\s,]900 ₽ в Telegram по заказу .+, но ещё не в CRM: сервис не отвечает или выдаёт ошибку\. Бот продолжает пытаться\./,
    recorded: /Оплата 4[\s,]900 ₽ в Telegram по заказу .+ теперь записана в CRM\./,
    open: "Не записаны в CRM (1)",
    waiting: "ждёт записи: сервис не отвечает или выдаёт ошибку",
    allRecorded: "Все оплаты в Telegram записаны в CRM.",
    thanks: "Оплачено, спасибо!",
  },
  {
    lang: "en" as const,
    late: /Paid 4[\s,]900 ₽ in Telegram for order .+, not yet in the CRM: the service is not answering or failing\. The bot keeps trying\./,
    recorded: /The payment of 4[\s,]900 ₽ in Telegram for order .+ is now recorded in the CRM\./,
    open: "Not in the CRM yet (1)",
    waiting: "waiting: the service is not answering or failing",
    allRecorded: "Every payment in Telegram is recorded in the CRM.",
    thanks: "Paid, thank you!",
  },
];

const texts = (bot: Pick<ClientBot, "telegram">, chatId: number) =>
  bot.telegram.botMessages(chatId).map((m) => m.text);
const matching = (bot: Pick<ClientBot, "telegram">, chatId: number, pattern: RegExp) =>
  texts(bot, chatId).filter((text) => pattern.test(text.replace(/\s/g, " "))).length;

describe.each(cases)("the service down when the payment arrives ($lang)", (c) => {
  it("kept, owners and the manager told, listed in /payments, recorded once when the service is back", async () => {
    t = await startPaymentsBot();
    const { order, record, from, invoice } = await invoiced(t, 7301, c.lang);
    const { owner, manager } = await staffOf(t, record, c.lang);
    t.sandbox.faults.set({ errorRate: 1 });
    const paid = await payInvoice(t.telegram, t.handle, from, invoice);
    const charge = paid.chargeId ?? "";
    // The pre-checkout said yes from the mirror; the PATCH failed: kept, not in the CRM.
    expect(paid.answer?.ok).toBe(true);
    expect(bankPayments(t, order.id)).toEqual([]);
    expect((await paymentOf(t.store, charge))?.state).toBe("pending");
    expect(Object.keys(await openPaymentIds(t.store))).toEqual([charge]);
    expect(texts(t, from.id).at(-1)).toContain(c.thanks);
    expect(matching(t, OWNER, c.late)).toBe(1);
    expect(matching(t, manager.id, c.late)).toBe(1);
    // /payments: listed as not recorded (0 requests: the bot's own records).
    t.mark();
    await owner.send("/payments");
    const listed = owner.lastReply()?.text ?? "";
    expect(listed).toContain(c.open);
    expect(listed).toContain(c.waiting);
    expect(listed).toContain(t.mirror.get(order.id)?.order.number ?? "?");
    expect(t.requests()).toBe(0);

    // The retry: nothing before the pause is over; still down at the next try: told nothing new.
    const retry = retryOf(t);
    await retry.kick();
    expect((await paymentOf(t.store, charge))?.attempts).toBe(1);
    await t.clock.advance(FIRST_PAUSE_MS);
    await retry.kick();
    expect((await paymentOf(t.store, charge))?.attempts).toBe(2);
    expect(matching(t, OWNER, c.late)).toBe(1);
    // The second pause is twice the first: back up, but not tried until it is over.
    t.sandbox.faults.clear();
    await t.clock.advance(FIRST_PAUSE_MS);
    await retry.kick();
    expect(bankPayments(t, order.id)).toEqual([]);
    await t.clock.advance(FIRST_PAUSE_MS);
    await retry.kick();
    const [money, ...more] = bankPayments(t, order.id);
    expect(more).toEqual([]);
    expect(money?.money).toBe(4900);
    expect(money?.node).toContain(charge);
    const inCrm = t.sandbox.store.orders.find((o) => o.id === order.id);
    expect(t.sandbox.store.statusById.get(inCrm?.statusId ?? "")?.name).toBe(PAID);
    expect((await paymentOf(t.store, charge))?.state).toBe("recorded");
    expect(await openPaymentIds(t.store)).toEqual({});
    expect(matching(t, OWNER, c.recorded)).toBe(1);
    expect(matching(t, manager.id, c.recorded)).toBe(1);
    // Once: a later round finds nothing open.
    await t.clock.advance(60 * 60_000);
    await retry.kick();
    await retry.stop();
    expect(bankPayments(t, order.id)).toHaveLength(1);
    expect(matching(t, OWNER, c.recorded)).toBe(1);
    await owner.send("/payments");
    expect(owner.lastReply()?.text).toContain(c.allRecorded);
  });

  it("across a restart: the new process's retry records it once", async () => {
    t = await startPaymentsBot();
    const { order, record, from, invoice } = await invoiced(t, 7302, c.lang);
    await staffOf(t, record, c.lang);
    t.sandbox.faults.set({ errorRate: 1 });
    const paid = await payInvoice(t.telegram, t.handle, from, invoice);
    expect((await paymentOf(t.store, paid.chargeId ?? ""))?.state).toBe("pending");
    // The bot stops; a new process on the same store starts its retry once the service is back.
    const restarted = await anotherInstance(t);
    closing.push(() => restarted.close());
    t.sandbox.faults.clear();
    await t.clock.advance(FIRST_PAUSE_MS);
    const retry = retryOf(restarted);
    await retry.kick();
    await retry.kick();
    await retry.stop();
    expect(bankPayments(t, order.id)).toHaveLength(1);
    expect((await paymentOf(restarted.store, paid.chargeId ?? ""))?.state).toBe("recorded");
    expect(matching(restarted, OWNER, c.recorded)).toBe(1);
  });
});
