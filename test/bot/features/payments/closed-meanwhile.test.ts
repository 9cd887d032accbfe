/**
 * The shop hands the order over by hand between the client's "yes" at the
 * pre-checkout and the payment: the money is real, so it is recorded as what
 * it is, in the order's own closed status when that status takes payment (the
 * order stays closed), and the staff are told to refund it in the provider's
 * dashboard or keep it as an overpayment; when the closed status takes no
 * payment, nothing is recorded and they are told to record it by hand or refund.
 */
import type { Update } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { paymentOf } from "../../../../src/bot/state/payments.ts";
import { payInvoice } from "../../../helpers/payments.ts";
import { type ClientBot, statusId } from "../client-side/setup.ts";
import { bankPayments, invoiced, OWNER, staffOf, startPaymentsBot } from "./setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const cases = [
  {
    lang: "ru" as const,
    closed: "который уже закрыт: оплата записана в его статусе, это переплата",
    refund: "Верните деньги в личном кабинете платёжного провайдера или оставьте как переплату.",
    byHand: "заказ закрыт в статусе, который не принимает оплату: в CRM не записано",
  },
  {
    lang: "en" as const,
    closed: "which is closed already: recorded in its status, as an overpayment",
    refund: "Refund it in the payment provider's dashboard, or keep it as an overpayment.",
    byHand: "the order is closed in a status that takes no payment: not recorded in the CRM",
  },
];

/** Pays `invoice`; the shop closes the order in `status` (and the mirror sees it) after the "yes". */
async function payClosedMeanwhile(
  bot: ClientBot,
  ready: Awaited<ReturnType<typeof invoiced>>,
  status: string,
) {
  return payInvoice(
    bot.telegram,
    async (update: Update) => {
      if (update.message?.successful_payment) {
        bot.sandbox.others.changeStatus(ready.order.id, statusId(bot, status));
        await bot.syncAndNotify();
        bot.mark();
      }
      return bot.handle(update);
    },
    ready.from,
    ready.invoice,
  );
}

const texts = (bot: ClientBot, chatId: number) =>
  bot.telegram.botMessages(chatId).map((m) => m.text.replace(/\s/g, " "));

describe.each(cases)("an order closed by hand meanwhile ($lang)", (c) => {
  it("in a status taking payment: recorded there (one PATCH), the staff told to refund or keep it", async () => {
    t = await startPaymentsBot();
    const ready = await invoiced(t, 7501, c.lang);
    const { manager } = await staffOf(t, ready.record, c.lang);
    const paid = await payClosedMeanwhile(t, ready, "Выдан");
    expect(paid.answer?.ok).toBe(true);
    expect(t.requests()).toBe(1);
    const [money, ...more] = bankPayments(t, ready.order.id);
    expect(more).toEqual([]);
    expect(money?.money).toBe(4900);
    const record = t.sandbox.store.orders.find((o) => o.id === ready.order.id);
    expect(t.sandbox.store.statusById.get(record?.statusId ?? "")?.name).toBe("Выдан");
    expect(await paymentOf(t.store, paid.chargeId ?? "")).toMatchObject({ state: "recorded", closed: true });
    for (const chatId of [OWNER, manager.id]) {
      const told = texts(t, chatId).filter((text) => text.includes(c.closed));
      expect(told).toHaveLength(1);
      expect(told[0]).toContain(c.refund);
    }
  });

  it("in a status taking no payment: nothing recorded, the staff told to record it by hand or refund", async () => {
    t = await startPaymentsBot();
    const ready = await invoiced(t, 7502, c.lang);
    await staffOf(t, ready.record, c.lang);
    const paid = await payClosedMeanwhile(t, ready, "Выдан без ремонта");
    expect(t.requests()).toBe(0);
    expect(bankPayments(t, ready.order.id)).toEqual([]);
    expect((await paymentOf(t.store, paid.chargeId ?? ""))?.state).toBe("held");
    expect(texts(t, OWNER).filter((text) => text.includes(c.byHand))).toHaveLength(1);
  });
});
