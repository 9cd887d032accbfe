/**
 * The digest on the scheduler: in the language the user chose with /language
 * (kept in their settings, not in the i18n plugin's session), and with
 * MIRROR=off read through the order reader from the service.
 */
import { Api } from "grammy";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { botScheduler } from "../../../src/bot/jobs.ts";
import type { Employee } from "../../../src/sandbox/model.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";
import { createTestBot, type TestBot } from "../../helpers/test-bot.ts";

const logger = pino({ level: "silent" });
/** 06:01 UTC = 09:01 in Moscow: the digest's time has come. */
const NINE_ONE = new Date(Date.UTC(2026, 10, 25, 6, 1));
const CONFIG = { timezone: "Europe/Moscow", digestTime: { hours: 9, minutes: 0 } };

let open: TestBot | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** A master of the first workshop with an order overdue since this morning. */
function overdueMaster(bot: MirrorBot): { person: Employee; number: string } {
  const { store } = bot.sandbox;
  const order = store.orders.find(
    (o) => o.isVisible && ["new", "inWork"].includes(store.statusById.get(o.statusId)?.group ?? ""),
  )!;
  const person = store.employeesOfShop(order.shopId).find((e) => e.isMaster)!;
  bot.sandbox.others.assign(order.id, { masterId: person.id });
  bot.sandbox.others.change(order.id, { deadline: Date.UTC(2026, 10, 25, 5, 0) });
  return { person, number: order.number };
}

describe("the digest job", () => {
  it("is written in the language chosen with /language, whatever the Telegram client speaks", async () => {
    const bot = await createMirrorBot({ operators: [1], clock: new ManualClock(NINE_ONE), config: CONFIG });
    open = bot;
    const { person, number } = overdueMaster(bot);
    await bot.clock.advance(60_000);
    await bot.sync();
    const user = bot.user(1, { languageCode: "ru" });
    await user.send(`/me ${person.name}`);
    await user.press(person.name);
    await user.send("/language");
    await user.press("🇬🇧 English");
    expect((await bot.services.users.read(1)).locale).toBe("en");
    await bot.services.users.update(1, (s) => {
      s.notify.digest = true;
    });
    const before = bot.telegram.botMessages(1).length;
    await botScheduler({ services: bot.services, api: bot.bot.api, logger }).tick();
    const sent = bot.telegram.botMessages(1).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain("Good morning");
    expect(sent[0]?.text).toContain(number);
  });

  it("with MIRROR=off the digest still goes, read through the order reader, once", async () => {
    const clock = new ManualClock(NINE_ONE);
    const bot = await createTestBot({ operators: [1], clock, config: CONFIG });
    open = bot;
    expect(bot.services.mirror).toBeUndefined();
    const { person, number } = overdueMaster(bot as unknown as MirrorBot);
    await bot.services.users.update(1, (s) => {
      s.employee = { id: person.id, name: person.name };
      s.notify.digest = true;
    });
    const requests = bot.serviceRequests();
    const scheduler = botScheduler({ services: bot.services, api: bot.bot.api, logger });
    await scheduler.tick();
    const sent = bot.telegram.botMessages(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(number);
    // The stuck orders once, the person's orders as master and as manager (and the statuses, when not cached).
    const spent = bot.serviceRequests() - requests;
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(4);
    await scheduler.tick();
    expect(bot.telegram.botMessages(1)).toHaveLength(1);
    expect(bot.serviceRequests() - requests).toBe(spent);
  });

  it("a Telegram outage at 09:00: delivered once when it is back, the others' digests not repeated", async () => {
    const clock = new ManualClock(NINE_ONE);
    const bot = await createTestBot({ operators: [1, 2], clock, config: CONFIG });
    open = bot;
    const { person } = overdueMaster(bot as unknown as MirrorBot);
    for (const id of [1, 2]) {
      await bot.services.users.update(id, (s) => {
        s.employee = { id: person.id, name: person.name };
        s.notify.digest = true;
      });
    }
    // A plain Api: the bot's own retries a 5xx within seconds; here each refusal is one attempt.
    const api = new Api(bot.bot.api.token, bot.bot.api.options);
    const scheduler = botScheduler({ services: bot.services, api, logger });
    // User 1's digest is refused; user 2's goes at once.
    bot.telegram.state.faults.failNext("sendMessage", { error_code: 502, description: "Bad Gateway" }, 1);
    await scheduler.tick();
    expect(bot.telegram.botMessages(1)).toHaveLength(0);
    expect(bot.telegram.botMessages(2)).toHaveLength(1);
    const afterFirst = bot.serviceRequests();
    await scheduler.tick(); // too soon: the next try waits a minute
    expect(bot.telegram.botMessages(1)).toHaveLength(0);
    await clock.advance(60_000);
    await scheduler.tick();
    expect(bot.telegram.botMessages(1)).toHaveLength(1);
    expect(bot.telegram.botMessages(2)).toHaveLength(1);
    // Only the missing one was read again (its orders as master and as manager, and the stuck list).
    expect(bot.serviceRequests() - afterFirst).toBeLessThanOrEqual(3);
    await clock.advance(30 * 60_000);
    await scheduler.tick();
    expect(bot.telegram.botMessages(1)).toHaveLength(1);
    expect(bot.telegram.botMessages(2)).toHaveLength(1);
  });
});
