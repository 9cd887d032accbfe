/**
 * A status change notice says who made it (issue 32.16), only where something
 * says so: through the bot, the employee its user linked with /me; from the
 * CRM, the employee the service's record names as having closed the order;
 * otherwise nobody (never guessed from the order's manager). ru and en; the
 * test's own clock.
 */
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { Notifier } from "../../../src/bot/notify/notifier.ts";
import type { Order } from "../../../src/service/index.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";

const logger = pino({ level: "silent" });
const CLERK = 1;
const WATCHER = 3;
let bot: MirrorBot | undefined;
let notifier: Notifier | undefined;
afterEach(async () => {
  await notifier?.stop();
  notifier = undefined;
  await bot?.close();
  bot = undefined;
});

async function start(language: "ru" | "en") {
  const current = await createMirrorBot({
    operators: [CLERK, 2],
    viewers: [WATCHER],
    clock: new ManualClock(new Date(Date.UTC(2026, 10, 25, 9, 0))),
  });
  bot = current;
  notifier = new Notifier({
    services: current.services,
    api: current.bot.api,
    mirror: current.mirror,
    logger,
  });
  notifier.start();
  const { store } = current.sandbox;
  const order = store.orders.find(
    (o) => o.isVisible && ["new", "inWork"].includes(store.statusById.get(o.statusId)?.group ?? ""),
  );
  if (!order) throw new Error("no open order in the seed");
  await current.services.users.update(WATCHER, (s) => {
    s.watch = [order.id];
    s.locale = language;
  });
  const watcherTexts = () => current.telegram.botMessages(WATCHER).map((m) => m.text);
  return { current, order, store, watcherTexts };
}

describe("who changed a status", () => {
  it.each([
    ["en", "👤 Changed by "],
    ["ru", "👤 Сменил(а): "],
  ] as const)("through the bot: the clerk's linked employee (%s)", async (language, label) => {
    const { current, order, store, watcherTexts } = await start(language);
    const person = store.employeesOfShop(order.shopId)[0];
    if (!person) throw new Error("no employee in the seed");
    await current.services.users.update(CLERK, (s) => {
      s.employee = { id: person.id, name: person.name };
    });
    const target = store.ref.statuses.find((s) => s.group === "inWork" && s.id !== order.statusId);
    if (!target) throw new Error("no other status");
    // What the write core does after the clerk's status PATCH: the mirror takes the record, with the actor.
    const held = current.mirror.get(order.id)?.order as Order;
    current.mirror.upsert({ ...held, status: { id: target.id, name: target.name } }, { actorId: CLERK });
    await notifier?.kick();
    expect(watcherTexts()).toEqual([expect.stringContaining(`${label}${person.name}`)]);
  });

  it.each([
    ["en", "👤 Changed by "],
    ["ru", "👤 Сменил(а): "],
  ] as const)("a bot user not linked with /me: nobody is named (%s)", async (language, label) => {
    const { current, order, store, watcherTexts } = await start(language);
    const target = store.ref.statuses.find((s) => s.group === "inWork" && s.id !== order.statusId);
    if (!target) throw new Error("no other status");
    const held = current.mirror.get(order.id)?.order as Order;
    current.mirror.upsert({ ...held, status: { id: target.id, name: target.name } }, { actorId: CLERK });
    await notifier?.kick();
    expect(watcherTexts()).toHaveLength(1);
    expect(watcherTexts()[0]).not.toContain(label);
  });

  it.each([
    ["en", "👤 Changed by "],
    ["ru", "👤 Сменил(а): "],
  ] as const)(
    "from the CRM: the employee the record names as closing it; a change in work names nobody (%s)",
    async (language, label) => {
      const { current, order, store, watcherTexts } = await start(language);
      const manager = store.employeesOfShop(order.shopId).find((e) => e.id !== order.managerId);
      if (!manager) throw new Error("no employee in the seed");
      // In work, by someone in the CRM: the record says nothing of who, so nobody is named.
      const inWork = store.ref.statuses.find((s) => s.group === "inWork" && s.id !== order.statusId);
      if (!inWork) throw new Error("no status in work");
      current.sandbox.others.changeStatus(order.id, inWork.id);
      await current.clock.advance(60_000);
      await current.sync();
      await notifier?.kick();
      expect(watcherTexts()).toHaveLength(1);
      expect(watcherTexts()[0]).not.toContain(label);
      // Closed in the CRM: the service records who closed it (its manager then); the full record says so.
      current.sandbox.others.assign(order.id, { managerId: manager.id });
      const closed = store.ref.statuses.find((s) => s.group === "closed" && !s.isPayRequired);
      if (!closed) throw new Error("no closed status");
      current.sandbox.others.changeStatus(order.id, closed.id);
      await current.clock.advance(60_000);
      await current.mirror.fetch(order.id, { refresh: true });
      await notifier?.kick();
      const last = watcherTexts().at(-1) ?? "";
      expect(last).toContain(closed.name);
      expect(last).toContain(`${label}${manager.name}`);
    },
  );
});
