/**
 * A passing Telegram error at the moment an order becomes ready: the linked
 * client's "ready" and the staff's notification are kept in the outbox and
 * delivered once after the error passes (a 429 with retry_after 30, a 502 for
 * ~25 s, three dropped connections), also when the process restarts meanwhile.
 * Through the sandbox, the mirror and the fake Telegram, on a manual clock: no
 * real waits (the bot's api retries nothing of the outbox's itself).
 */
import { Api } from "grammy";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { ClientNotifier } from "../../../src/bot/features/client-side/index.ts";
import { clientLinksOf } from "../../../src/bot/features/client-side/links.ts";
import { Notifier } from "../../../src/bot/notify/notifier.ts";
import { outboxOf } from "../../../src/bot/notify/send.ts";
import { droppedConnection, serverError, tooManyRequests } from "../../e2e/fake-telegram/errors.ts";
import {
  aClient,
  type ClientBot,
  contactUpdate,
  numberOf,
  OPERATOR,
  person,
  startClientBot,
  statusId,
} from "../features/client-side/setup.ts";

const logger = pino({ level: "silent" });
const CLIENT = 6101;
const READY = "Готов";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A bot with a linked client, and the operator opted in to "ready" notifications (en). */
async function readyRig() {
  const bot = await startClientBot();
  const { who, orders } = aClient(bot);
  const order = orders.find(
    (o) => !["closed", "finish"].includes(bot.sandbox.store.statusById.get(o.statusId)?.group ?? ""),
  )!;
  await bot.handle(contactUpdate(bot, person(CLIENT, "ru"), who.phones[0]!));
  await bot.services.users.update(OPERATOR, (s) => {
    s.notify.ready = true;
    s.locale = "en";
  });
  // What the linking answered (it lists the client's orders) is not what is counted.
  since = bot.telegram.calls.length;
  return { bot, order, number: numberOf(bot, order.id) };
}

/** The first call that counts. */
let since = 0;

/** What Telegram accepted (status 200) to `chatId` that names the order. */
function accepted(bot: ClientBot, chatId: number, number: string) {
  return bot.telegram.calls
    .slice(since)
    .filter(
      (c) =>
        c.method === "sendMessage" &&
        c.status === 200 &&
        Number(c.payload.chat_id) === chatId &&
        String(c.payload.text).includes(number),
    );
}

const refusedCalls = (bot: ClientBot) =>
  bot.telegram.calls.filter((c) => c.method === "sendMessage" && c.status !== 200).length;

/** Moves the clock on by `ms` in steps of `step`, letting the outbox try what is due at each. */
async function passTime(bot: ClientBot, ms: number, step = 1000) {
  const outbox = outboxOf({ services: bot.services, api: bot.bot.api, logger });
  for (let passed = 0; passed < ms; passed += step) {
    await bot.clock.advance(step);
    await outbox.drain();
  }
}

describe("a passing Telegram error at a 'ready'", () => {
  it("a 429 with retry_after 30: both messages wait 30 s, then each is delivered once", async () => {
    const rig = await readyRig();
    t = rig.bot;
    t.telegram.state.faults.failNext("sendMessage", tooManyRequests(30), 2);
    t.sandbox.others.changeStatus(rig.order.id, statusId(t, READY));
    await t.syncAndNotify();
    expect(refusedCalls(t)).toBe(2);
    expect(accepted(t, CLIENT, rig.number)).toHaveLength(0);
    expect(accepted(t, OPERATOR, rig.number)).toHaveLength(0);
    // Not before Telegram's retry_after.
    await passTime(t, 28_000);
    expect(refusedCalls(t)).toBe(2);
    expect(accepted(t, CLIENT, rig.number)).toHaveLength(0);
    await passTime(t, 3_000);
    expect(accepted(t, CLIENT, rig.number)).toHaveLength(1);
    expect(String(accepted(t, CLIENT, rig.number)[0]?.payload.text)).toContain("готов");
    expect(accepted(t, OPERATOR, rig.number)).toHaveLength(1);
    // Later checks and another sync: nothing more.
    await passTime(t, 120_000, 10_000);
    await t.syncAndNotify();
    expect(accepted(t, CLIENT, rig.number)).toHaveLength(1);
    expect(accepted(t, OPERATOR, rig.number)).toHaveLength(1);
    const stats = outboxOf({ services: t.services, api: t.bot.api, logger }).stats();
    expect(stats).toMatchObject({ sent: 2, retried: 2, givenUp: 0, refused: 0, queued: 0 });
    expect(stats.delay.max).toBeGreaterThanOrEqual(30_000);
  });

  it("a 502 for ~25 s: delivered once after it passes, not while it lasts", async () => {
    const rig = await readyRig();
    t = rig.bot;
    t.telegram.state.faults.failNext("sendMessage", serverError(502), 1000);
    t.sandbox.others.changeStatus(rig.order.id, statusId(t, READY));
    await t.syncAndNotify();
    await passTime(t, 25_000);
    expect(refusedCalls(t)).toBeGreaterThanOrEqual(4);
    expect(accepted(t, CLIENT, rig.number)).toHaveLength(0);
    t.telegram.state.faults.clear();
    await passTime(t, 60_000);
    expect(accepted(t, CLIENT, rig.number)).toHaveLength(1);
    expect(accepted(t, OPERATOR, rig.number)).toHaveLength(1);
  });

  it("three dropped connections: delivered once after they pass", async () => {
    const rig = await readyRig();
    t = rig.bot;
    t.telegram.state.faults.failNext("sendMessage", droppedConnection(), 3);
    t.sandbox.others.changeStatus(rig.order.id, statusId(t, READY));
    await t.syncAndNotify();
    expect(t.telegram.calls.filter((c) => c.status === 0)).toHaveLength(2);
    await passTime(t, 60_000);
    expect(t.telegram.calls.filter((c) => c.status === 0)).toHaveLength(3);
    expect(accepted(t, CLIENT, rig.number)).toHaveLength(1);
    expect(accepted(t, OPERATOR, rig.number)).toHaveLength(1);
  });

  it("across a restart: the next process delivers what the first kept, once; the first sends nothing more", async () => {
    const rig = await readyRig();
    t = rig.bot;
    t.telegram.state.faults.failNext("sendMessage", tooManyRequests(30), 2);
    t.sandbox.others.changeStatus(rig.order.id, statusId(t, READY));
    await t.syncAndNotify();
    expect(accepted(t, CLIENT, rig.number)).toHaveLength(0);
    // The process ends (its notifiers stop, its outbox is never drained again).
    await t.stopNotifiers();
    await t.clock.advance(40_000);
    // A new process on the same store and mirror: its own api, outbox and notifiers.
    const api = new Api(t.bot.api.token, t.bot.api.options);
    const clients = new ClientNotifier({
      services: t.services,
      api,
      mirror: t.mirror,
      client: t.client,
      logger,
    });
    const staff = new Notifier({ services: t.services, api, mirror: t.mirror, logger });
    clients.start();
    staff.start();
    await clients.kick();
    await staff.kick();
    await outboxOf({ services: t.services, api, logger }).drain();
    await clients.stop();
    await staff.stop();
    expect(accepted(t, CLIENT, rig.number)).toHaveLength(1);
    expect(accepted(t, OPERATOR, rig.number)).toHaveLength(1);
    // The old process's outbox, were it still there, finds them delivered.
    await passTime(t, 60_000, 10_000);
    expect(accepted(t, CLIENT, rig.number)).toHaveLength(1);
    expect(accepted(t, OPERATOR, rig.number)).toHaveLength(1);
  });

  it("who blocked the bot (403): given up at once, the reason kept, client and staff marked blocked", async () => {
    const rig = await readyRig();
    t = rig.bot;
    const blocked = { error_code: 403, description: "Forbidden: bot was blocked by the user" };
    t.telegram.state.faults.failNext("sendMessage", blocked, 2);
    t.sandbox.others.changeStatus(rig.order.id, statusId(t, READY));
    await t.syncAndNotify();
    await passTime(t, 120_000, 10_000);
    expect(accepted(t, CLIENT, rig.number)).toHaveLength(0);
    expect(accepted(t, OPERATOR, rig.number)).toHaveLength(0);
    expect(refusedCalls(t)).toBe(2);
    const outbox = outboxOf({ services: t.services, api: t.bot.api, logger });
    // The sender can tell why: the message's key (its change and the client) says "blocked".
    const change = t.mirror
      .changesSince(0, 10_000)
      .find(({ change: c }) => c.kind === "ready" && c.order.id === rig.order.id);
    expect(await outbox.status(`client:${change?.change.id}:${CLIENT}`)).toMatchObject({
      state: "given-up",
      reason: "blocked",
      attempts: 0,
    });
    expect(outbox.stats()).toMatchObject({ refused: 2, sent: 0, retried: 0, queued: 0 });
    expect((await clientLinksOf(t.store).read(CLIENT))?.blocked).toBe(true);
    expect((await t.services.users.read(OPERATOR)).blocked).toBe(true);
  });
});
