/**
 * The owner's morning digest covers the shop (issue 32.14): overdue orders
 * assigned to anyone, each line naming the client and how late, a button per
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
