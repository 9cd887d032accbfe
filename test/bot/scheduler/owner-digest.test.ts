/**
 * The owner's morning digest covers the shop (issue 32.14): overdue orders
 * assigned to anyone, ready ones waiting for pick-up and the debts left at
 * closing (moneyOf), each line naming the client and how late, a button per
 * order opening its card in one tap; no link to an employee needed. ru and en;
 * the test's own clock (09:01 Moscow).
 */
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { botScheduler } from "../../../src/bot/jobs.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";

const logger = pino({ level: "silent" });
const OWNER = 7;
/** 06:01 UTC = 09:01 in Moscow. */
const NINE_ONE = new Date(Date.UTC(2026, 1, 17, 6, 1));
const DAY = 86_400_000;

let open: MirrorBot | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe("the owner's digest", () => {
  it.each([
    ["en", "2 days late"],
    ["ru", "просрочен на 2 дн."],
  ] as const)(
    "lists the shop's overdue orders with client and lateness, each a button to its card (%s)",
    async (language, late) => {
      const bot = await createMirrorBot({
        clock: new ManualClock(NINE_ONE),
        config: { ownerIds: [OWNER], timezone: "Europe/Moscow", digestTime: { hours: 9, minutes: 0 } },
      });
      open = bot;
      const { store } = bot.sandbox;
      const order = store.orders.find(
        (o) => o.isVisible && ["new", "inWork"].includes(store.statusById.get(o.statusId)?.group ?? ""),
      );
      if (!order) throw new Error("no open order");
      const master = store.employeesOfShop(order.shopId).find((e) => e.isMaster);
      if (master) bot.sandbox.others.assign(order.id, { masterId: master.id });
      // Due two days and an hour ago: "2 days late".
      bot.sandbox.others.change(order.id, { deadline: NINE_ONE.getTime() - 2 * DAY - 3_600_000 });
      await bot.clock.advance(60_000);
      await bot.sync();
      await bot.services.users.update(OWNER, (s) => {
        s.notify.digest = true;
        s.locale = language;
      });
      await botScheduler({ services: bot.services, api: bot.bot.api, logger }).tick();
      const sent = bot.telegram.botMessages(OWNER);
      expect(sent).toHaveLength(1);
      const client = store.counteragentById.get(order.counteragentId)?.name ?? "?";
      expect(sent[0]?.text).toContain(`${order.number} · ${client} · ${late}`);
      const button = sent[0]?.replyMarkup?.inline_keyboard
        .flat()
        .find((b) => b.text.startsWith(order.number));
      expect(button).toBeDefined();
      const owner = bot.user(OWNER, { languageCode: language });
      await owner.press(button?.text ?? "");
      expect(owner.lastReply()?.text).toContain(order.number);
      expect(owner.lastReply()?.text).toContain(client);
    },
  );
});

describe("the owner's digest: ready for pick-up and debts left at closing", () => {
  it.each([
    [
      "en",
      "waiting 2 days",
      "4,900 ₽ due · handed over 1 day ago",
      "Ready for pick-up: ",
      "Debts after hand-over",
    ],
    ["ru", "ждёт 2 дн.", "долг 4 900 ₽ · выдан 1 дн. назад", "Готовы к выдаче: ", "Долги после выдачи"],
  ] as const)(
    "lists both for the whole shop, with client, how long and the sum, each a button (%s)",
    async (language, waiting, debt, heading, debtsTitle) => {
      // Two days before the digest: one order is made ready, by someone else in the CRM.
      const start = new Date(NINE_ONE.getTime() - 2 * DAY);
      const bot = await createMirrorBot({
        clock: new ManualClock(start),
        config: { ownerIds: [OWNER], timezone: "Europe/Moscow", digestTime: { hours: 9, minutes: 0 } },
      });
      open = bot;
      const { store } = bot.sandbox;
      const groupOf = (statusId: string) => store.statusById.get(statusId)?.group;
      const readyStatus = [...store.statusById.values()].find((s) => s.group === "finish");
      const closedStatus = [...store.statusById.values()].find(
        (s) => s.group === "closed" && !s.isPayRequired,
      );
      const openOrders = store.orders.filter(
        (o) => o.isVisible && ["new", "inWork"].includes(groupOf(o.statusId) ?? ""),
      );
      const [ready, debtor] = openOrders;
      if (!readyStatus || !closedStatus || !ready || !debtor)
        throw new Error("the seed lacks a ready/closed status or open orders");
      bot.sandbox.others.changeStatus(ready.id, readyStatus.id);
      await bot.clock.advance(60_000);
      await bot.sync();
      // A day later another is handed over with 4 900 of its 5 900 still due (one work line, 1 000 paid).
      await bot.clock.advance(DAY - 60_000);
      debtor.positions = [{ id: "w1", name: "Repair", kind: "work", count: 1, price: 5900 }];
      debtor.discount = 0;
      debtor.paidCash = 1000;
      debtor.paidBank = 0;
      bot.sandbox.others.changeStatus(debtor.id, closedStatus.id);
      await bot.clock.advance(60_000);
      await bot.sync();
      // The digest's morning, a day later.
      await bot.clock.advance(NINE_ONE.getTime() - bot.clock.now().getTime());
      await bot.sync();
      await bot.services.users.update(OWNER, (s) => {
        s.notify.digest = true;
        s.locale = language;
      });
      bot.mark();
      await botScheduler({ services: bot.services, api: bot.bot.api, logger }).tick();
      const sent = bot.telegram.botMessages(OWNER);
      expect(sent).toHaveLength(1);
      // Grouping spaces as plain ones ("4 900", whatever space the locale's number format uses).
      const text = (sent[0]?.text ?? "").replace(/[\u00a0\u202f]/g, " ");
      const clientOf = (o: { counteragentId: string }) =>
        store.counteragentById.get(o.counteragentId)?.name ?? "?";
      expect(text).toContain(heading);
      expect(text).toContain(`${ready.number} · ${clientOf(ready)} · ${waiting}`);
      expect(text).toContain(debtsTitle);
      expect(text).toContain(`${debtor.number} · ${clientOf(debtor)} · ${debt}`);
      // Read from the mirror: the stuck list is the morning's one request (plus the statuses at most).
      expect(bot.requests()).toBeLessThanOrEqual(2);
      // Each a button opening its card in one tap.
      const owner = bot.user(OWNER, { languageCode: language });
      for (const order of [ready, debtor]) {
        const button = sent[0]?.replyMarkup?.inline_keyboard
          .flat()
          .find((b) => b.text.startsWith(order.number));
        expect(button).toBeDefined();
        await owner.press(button?.text ?? "");
        expect(owner.lastReply()?.text).toContain(order.number);
        expect(owner.lastReply()?.text).toContain(clientOf(order));
      }
    },
  );

  it("leaves a paid-up closed order out of the debts", async () => {
    const bot = await createMirrorBot({
      clock: new ManualClock(NINE_ONE),
      config: { ownerIds: [OWNER], timezone: "Europe/Moscow", digestTime: { hours: 9, minutes: 0 } },
    });
    open = bot;
    const { store } = bot.sandbox;
    const closedStatus = [...store.statusById.values()].find((s) => s.group === "closed" && !s.isPayRequired);
    const order = store.orders.find(
      (o) => o.isVisible && store.statusById.get(o.statusId)?.group === "inWork",
    );
    if (!closedStatus || !order) throw new Error("the seed lacks a closed status or an order in work");
    order.positions = [{ id: "w1", name: "Repair", kind: "work", count: 1, price: 3000 }];
    order.discount = 0;
    order.paidCash = 3000;
    order.paidBank = 0;
    bot.sandbox.others.changeStatus(order.id, closedStatus.id);
    await bot.clock.advance(60_000);
    await bot.sync();
    await bot.services.users.update(OWNER, (s) => {
      s.notify.digest = true;
      s.locale = "en";
    });
    await botScheduler({ services: bot.services, api: bot.bot.api, logger }).tick();
    const text = bot.telegram.botMessages(OWNER)[0]?.text ?? "";
    expect(text).not.toContain(`${order.number} ·`);
  });
});
