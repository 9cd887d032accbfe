/**
 * One payment, one PATCH, whatever Telegram and the bot's processes do: the same
 * `successful_payment` delivered twice, delivered again after a restart (a new
 * bot on the same store), and delivered to two instances on one Redis at once.
 * The client is thanked once; the bot's record says "recorded".
 */
import { randomUUID } from "node:crypto";
import type { Update } from "grammy/types";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { paymentOf } from "../../../../src/bot/state/payments.ts";
import { createRedisStore } from "../../../../src/bot/store/storage.ts";
import { payInvoice } from "../../../helpers/payments.ts";
import type { ClientBot } from "../client-side/setup.ts";
import { anotherInstance, bankPayments, invoiced, PAID, startPaymentsBot } from "./setup.ts";

const redisUrl = process.env.REDIS_TEST_URL;

let t: ClientBot | undefined;
const closing: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  await t?.close();
  t = undefined;
});

const thanksIn = { ru: "Оплачено, спасибо!", en: "Paid, thank you!" };

/** The order's status name in the CRM, and how many bank payments it has. */
function inCrm(bot: ClientBot, orderId: string) {
  const record = bot.sandbox.store.orders.find((o) => o.id === orderId);
  return {
    status: bot.sandbox.store.statusById.get(record?.statusId ?? "")?.name,
    payments: bankPayments(bot, orderId).length,
  };
}

const thanked = (bot: Pick<ClientBot, "telegram">, chatId: number, lang: "ru" | "en") =>
  bot.telegram.botMessages(chatId).filter((m) => m.text.includes(thanksIn[lang])).length;

describe.each(["ru", "en"] as const)("the same payment delivered again (%s)", (lang) => {
  it("delivered twice: one PATCH, one thanks", async () => {
    t = await startPaymentsBot();
    const { order, from, invoice } = await invoiced(t, 7201, lang);
    const paid = await payInvoice(t.telegram, t.handle, from, invoice);
    await t.handle(paid.update as Update);
    expect(t.requests()).toBe(1);
    expect(inCrm(t, order.id)).toEqual({ status: PAID, payments: 1 });
    expect(thanked(t, from.id, lang)).toBe(1);
    expect((await paymentOf(t.store, paid.chargeId ?? ""))?.state).toBe("recorded");
  });

  it("delivered again after a restart on the same store: nothing more", async () => {
    t = await startPaymentsBot();
    const { order, from, invoice } = await invoiced(t, 7202, lang);
    const paid = await payInvoice(t.telegram, t.handle, from, invoice);
    expect(t.requests()).toBe(1);
    const restarted = await anotherInstance(t);
    closing.push(() => restarted.close());
    t.mark();
    await restarted.handle(paid.update as Update);
    expect(t.requests()).toBe(0);
    expect(inCrm(t, order.id)).toEqual({ status: PAID, payments: 1 });
    expect(thanked(restarted, from.id, lang)).toBe(0);
  });
});

describe.skipIf(!redisUrl)("the same payment on two instances (Redis)", () => {
  it.each(["ru", "en"] as const)("delivered to both at once: one PATCH between them (%s)", async (lang) => {
    const prefix = `payments-${randomUUID()}`;
    const connections = [0, 1].map(() => new Redis(redisUrl ?? "", { maxRetriesPerRequest: 1 }));
    closing.push(() => {
      for (const redis of connections) redis.disconnect();
    });
    const [ra, rb] = connections as [Redis, Redis];
    t = await startPaymentsBot({ store: createRedisStore(ra, prefix) });
    const b = await anotherInstance(t, createRedisStore(rb, prefix));
    closing.push(() => b.close());
    const { order, from, invoice } = await invoiced(t, 7203, lang);
    // The pre-checkout by one, the payment to both (Telegram's redelivery, a webhook behind a balancer).
    let payment: Update | undefined;
    await payInvoice(
      t.telegram,
      async (update) => {
        if (update.pre_checkout_query) return t?.handle(update);
        payment = update;
        return Promise.all([t?.handle(update), b.handle(update)]);
      },
      from,
      invoice,
    );
    expect(payment?.message?.successful_payment).toBeDefined();
    expect(t.requests()).toBe(1);
    expect(inCrm(t, order.id)).toEqual({ status: PAID, payments: 1 });
    expect(thanked(t, from.id, lang) + thanked(b, from.id, lang)).toBe(1);
    const charge = payment?.message?.successful_payment?.telegram_payment_charge_id ?? "";
    expect((await paymentOf(b.store, charge))?.state).toBe("recorded");
  });
});
