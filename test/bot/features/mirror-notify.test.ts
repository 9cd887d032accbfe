/**
 * "Who am I" and notifications from the order mirror: /me, /my, /notify in ru
 * and en; each kind of notification once (also across a restart), never to
 * strangers, never echoed to the user whose change it was, never about orders
 * outside SHOP_IDS, the digest at its time in TIMEZONE, a blocked bot stops.
 */
import { type Api, GrammyError } from "grammy";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { botScheduler } from "../../../src/bot/jobs.ts";
import { Notifier } from "../../../src/bot/notify/notifier.ts";
import { meaningOf, noticesFor } from "../../../src/bot/notify/recipients.ts";
import { noteOwnChange, OWN_WINDOW_MS } from "../../../src/bot/state/own-changes.ts";
import type { Persisted } from "../../../src/bot/store/registry.ts";
import type { MirrorChange } from "../../../src/mirror/index.ts";
import type { Employee, Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import { fillOrder } from "../../helpers/dialog-driver.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";
import { syncUntilDone } from "../../mirror/sandbox-mirror.ts";

const logger = pino({ level: "silent" });
let t: MirrorBot | undefined;
let notifier: Notifier | undefined;
afterEach(async () => {
  await notifier?.stop();
  notifier = undefined;
  await t?.close();
  t = undefined;
});

async function start(options: Parameters<typeof createMirrorBot>[0] = {}): Promise<MirrorBot> {
  t = await createMirrorBot({ operators: [1, 2], viewers: [3], ...options });
  notifier = newNotifier(t);
  return t;
}
function newNotifier(bot: MirrorBot, api: Api = bot.bot.api): Notifier {
  const n = new Notifier({ services: bot.services, api, mirror: bot.mirror, logger });
  n.start();
  return n;
}
/** The scheduler's check, as its timer would run it now: a new scheduler (a restart) on the bot's store. */
function digestCheck(bot: MirrorBot): Promise<void> {
  return botScheduler({ services: bot.services, api: bot.bot.api, logger }).tick();
}
/** Sync what the sandbox's other users changed, then let the notifier send. */
async function syncAndNotify(bot: MirrorBot): Promise<void> {
  await bot.clock.advance(60_000);
  await bot.sync();
  await notifier?.kick();
}

function openOrders(bot: MirrorBot): SandboxOrder[] {
  const { store } = bot.sandbox;
  return store.orders.filter(
    (o) => o.isVisible && ["new", "inWork"].includes(store.statusById.get(o.statusId)?.group ?? ""),
  );
}
function masterOf(bot: MirrorBot, order: SandboxOrder, not?: string | null): Employee {
  const found = bot.sandbox.store.employeesOfShop(order.shopId).find((e) => e.isMaster && e.id !== not);
  if (!found) throw new Error("no master in the seed");
  return found;
}
/** `/me`, then the person's button. */
async function link(bot: MirrorBot, userId: number, person: Employee, languageCode = "en"): Promise<void> {
  const user = bot.user(userId, { languageCode });
  await user.send(`/me ${person.name}`);
  await user.press(person.name);
}
/**
 * A second user on the same employee, written straight into their settings: /me allows one user
 * per employee, but links made before that rule stay, and the own-change rules must hold for them.
 */
async function alsoLinked(bot: MirrorBot, userId: number, person: Employee): Promise<void> {
  await bot.services.users.update(userId, (s) => {
    s.employee = { id: person.id, name: person.name };
    s.locale = "en";
  });
}
/** An open order with a master of its workshop who is not on it yet. */
function reassignable(bot: MirrorBot): { order: SandboxOrder; person: Employee } {
  const { store } = bot.sandbox;
  const order = openOrders(bot).find((o) =>
    store.employeesOfShop(o.shopId).some((e) => e.isMaster && e.id !== o.masterId),
  )!;
  return { order, person: masterOf(bot, order, order.masterId) };
}
/** A bot whose digest goes at 09:00 in Moscow, its clock at `utc`. */
async function digestBot(utc: Date): Promise<{ bot: MirrorBot; clock: ManualClock }> {
  const clock = new ManualClock(utc);
  const bot = await start({
    clock,
    config: { timezone: "Europe/Moscow", digestTime: { hours: 9, minutes: 0 } },
  });
  return { bot, clock };
}
/** Nothing of the person's is overdue or due today (their deadlines move to next year). */
function nothingDue(bot: MirrorBot, person: Employee): void {
  for (const o of bot.sandbox.store.orders)
    if (o.isVisible && (o.masterId === person.id || o.managerId === person.id))
      bot.sandbox.others.change(o.id, { deadline: Date.UTC(2027, 0, 1) });
}
/** User 1 is the person, with the digest on. */
async function linkForDigest(bot: MirrorBot, person: Employee): Promise<void> {
  await link(bot, 1, person);
  await bot.services.users.update(1, (s) => {
    s.notify.digest = true;
  });
}
const texts = (bot: MirrorBot, userId: number) => bot.telegram.botMessages(userId).map((m) => m.text);

describe("/me and /my", () => {
  it("links the account to an employee, changes and removes it (en)", async () => {
    const bot = await start();
    const order = openOrders(bot)[0]!;
    const person = masterOf(bot, order);
    const user = bot.user(1, { languageCode: "en" });
    await user.send("/me");
    expect(user.lastReply()?.text).toContain("not linked");
    await link(bot, 1, person);
    expect(user.lastReply()?.text).toContain(`You are <b>${person.name}</b> now`);
    expect((await bot.services.users.read(1)).employee).toEqual({ id: person.id, name: person.name });
    await user.send("/me");
    expect(user.lastReply()?.text).toContain("You are linked to");
    await user.press("❌ Remove the link");
    expect((await bot.services.users.read(1)).employee).toBeUndefined();
  });

  it("a forged employee id is refused and nothing is linked (ru)", async () => {
    const bot = await start();
    const user = bot.user(2, { languageCode: "ru" });
    await user.send("/me");
    expect(user.lastReply()?.text).toContain("Выберите себя");
    await user.pressData("me:nobody-at-all");
    expect((await bot.services.users.read(2)).employee).toBeUndefined();
  });

  it("/my lists the linked person's open orders, overdue first, at no request (en, ru)", async () => {
    const bot = await start();
    const order = openOrders(bot)[0]!;
    const person =
      bot.sandbox.store.employeesOfShop(order.shopId).find((e) => e.id === order.masterId) ??
      masterOf(bot, order);
    if (order.masterId !== person.id) {
      bot.sandbox.others.assign(order.id, { masterId: person.id });
      await syncAndNotify(bot);
    }
    const en = bot.user(1, { languageCode: "en" });
    await en.send("/my");
    expect(en.lastReply()?.text).toContain("/me");
    await link(bot, 1, person);
    bot.mark();
    await en.send("/my");
    const reply = en.lastReply();
    const shown = `${reply?.text} ${JSON.stringify(reply?.replyMarkup ?? "")}`;
    expect(shown).toContain(order.number);
    expect(bot.requests()).toBe(0);
    // One employee, one Telegram account: user 1 lets go before user 2 takes it.
    await en.send("/me");
    await en.press("❌ Remove the link");
    const ru = bot.user(2, { languageCode: "ru" });
    await link(bot, 2, person, "ru");
    await ru.send("/my");
    expect(ru.lastReply()?.text).toMatch(/Мои открытые заказы|Б-|А-|В-/);
  });
});

describe("/notify", () => {
  it("is quiet by default and toggles each kind (en, ru)", async () => {
    const bot = await start();
    const en = bot.user(1, { languageCode: "en" });
    await en.send("/notify");
    const buttons =
      en
        .lastReply()
        ?.replyMarkup?.inline_keyboard.flat()
        .map((b) => b.text) ?? [];
    expect(buttons).toEqual([
      "✅ An order assigned to me",
      "⬜ Status changes of my orders",
      "⬜ An order is ready (any order)",
      "⬜ Morning digest: overdue and due today",
    ]);
    await en.press("⬜ An order is ready (any order)");
    expect((await bot.services.users.read(1)).notify.ready).toBe(true);
    await en.press("✅ An order is ready (any order)");
    expect((await bot.services.users.read(1)).notify.ready).toBe(false);
    const ru = bot.user(2, { languageCode: "ru" });
    await ru.send("/notify");
    expect(ru.lastReply()?.text).toContain("Уведомления");
    await ru.press("⬜ Утренняя сводка: просрочено и срок сегодня");
    expect((await bot.services.users.read(2)).notify.digest).toBe(true);
  });
});

describe("notifications", () => {
  it("assigned to me: once, with the order's number and card buttons, also after a restart", async () => {
    const bot = await start();
    const order = openOrders(bot)[0]!;
    const person = masterOf(bot, order, order.masterId);
    await link(bot, 1, person);
    const before = bot.telegram.botMessages(1).length;
    bot.sandbox.others.assign(order.id, { masterId: person.id });
    await syncAndNotify(bot);
    const sent = bot.telegram.botMessages(1).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(`Order <b>${order.number}</b> was assigned to you as master`);
    expect(JSON.stringify(sent[0]?.replyMarkup)).toContain("🔄 Refresh");
    // Nobody else is told (user 2 is not linked).
    expect(bot.telegram.botMessages(2)).toHaveLength(0);
    // Again, and after a restart on the same store: nothing more.
    await syncAndNotify(bot);
    await notifier?.stop();
    notifier = newNotifier(bot);
    await notifier.kick();
    expect(bot.telegram.botMessages(1).slice(before)).toHaveLength(1);
  });

  it("a restart before the send still sends it once (the cursor stays where it was)", async () => {
    const bot = await start();
    const order = openOrders(bot)[1]!;
    const person = masterOf(bot, order, order.masterId);
    await link(bot, 1, person, "ru");
    await notifier?.kick();
    await notifier?.stop();
    notifier = undefined;
    bot.sandbox.others.assign(order.id, { masterId: person.id });
    await bot.clock.advance(60_000);
    await bot.sync();
    const before = bot.telegram.botMessages(1).length;
    notifier = newNotifier(bot);
    await notifier.kick();
    const sent = bot.telegram.botMessages(1).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(`Вас назначили мастером заказа <b>${order.number}</b>`);
  });

  it("on a shared (Redis) store too, a restart before the send still sends it once", async () => {
    const bot = await start();
    // The bot's store as a shared one: claims stay atomic, the cursor must not live there.
    const shared = { ...bot.services, store: { ...bot.services.store, kind: "redis" as const } };
    const sharedNotifier = () => {
      const n = new Notifier({ services: shared, api: bot.bot.api, mirror: bot.mirror, logger });
      n.start();
      return n;
    };
    await notifier?.stop();
    notifier = sharedNotifier();
    const order = openOrders(bot)[1]!;
    const person = masterOf(bot, order, order.masterId);
    await link(bot, 1, person);
    await notifier.kick();
    await notifier.stop();
    notifier = undefined;
    bot.sandbox.others.assign(order.id, { masterId: person.id });
    await bot.clock.advance(60_000);
    await bot.sync();
    const before = texts(bot, 1).length;
    notifier = sharedNotifier();
    await notifier.kick();
    await notifier.kick();
    const sent = texts(bot, 1).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`assigned to you as master`);
  });

  it("a new mirror file (its log numbered from 1 again) is followed, not skipped up to the old cursor", async () => {
    const bot = await start();
    await notifier?.stop();
    notifier = undefined;
    // Where an older version kept the cursor of a log that is gone now.
    await bot.services.store.adapter<number>("notify-state").write("cursor", 1_000_000);
    notifier = newNotifier(bot);
    const order = openOrders(bot)[1]!;
    const person = masterOf(bot, order, order.masterId);
    await link(bot, 1, person);
    await notifier.kick();
    const before = texts(bot, 1).length;
    bot.sandbox.others.assign(order.id, { masterId: person.id });
    await syncAndNotify(bot);
    expect(texts(bot, 1).slice(before)).toHaveLength(1);
  });

  it("a watched order's status change names the new status; a ready order for who opted in", async () => {
    const bot = await start();
    const [watched, other] = openOrders(bot);
    const { store } = bot.sandbox;
    const inWork = store.ref.statuses.find((s) => s.group === "inWork" && s.id !== watched!.statusId)!;
    const ready = store.ref.statuses.find((s) => s.group === "finish")!;
    const watcher = bot.user(3, { languageCode: "en" }); // a viewer may watch
    await watcher.send(watched!.number);
    await watcher.press("🔔 Watch");
    expect((await bot.services.users.read(3)).watch).toEqual([watched!.id]);
    const manager = bot.user(2, { languageCode: "ru" });
    await manager.send("/notify");
    await manager.press("⬜ Заказ готов (любой)");
    const before3 = texts(bot, 3).length;
    const before2 = texts(bot, 2).length;
    bot.sandbox.others.changeStatus(watched!.id, inWork.id);
    bot.sandbox.others.changeStatus(other!.id, ready.id);
    await syncAndNotify(bot);
    expect(texts(bot, 3).slice(before3)).toEqual([
      expect.stringContaining(`Order <b>${watched!.number}</b>: the status is now “${inWork.name}”`),
    ]);
    expect(texts(bot, 2).slice(before2)).toEqual([
      expect.stringContaining(`Заказ <b>${other!.number}</b> готов: «${ready.name}»`),
    ]);
    // The unwatched order's status change went to no one else.
    expect(texts(bot, 1)).toEqual([]);
  });

  it("the user's own change through the bot is not echoed to them; others on the order are told", async () => {
    const bot = await start();
    const order = openOrders(bot)[2]!;
    const person = masterOf(bot, order, order.masterId);
    await link(bot, 1, person);
    await alsoLinked(bot, 2, person);
    const held = bot.mirror.get(order.id)!.order;
    const b1 = texts(bot, 1).length;
    const b2 = texts(bot, 2).length;
    // As the assign dialog does after its PATCH (write-through with the actor).
    bot.mirror.upsert({ ...held, master: { id: person.id, name: person.name } }, { actorId: 1 });
    await notifier?.kick();
    expect(texts(bot, 1).slice(b1)).toEqual([]);
    expect(texts(bot, 2).slice(b2)).toHaveLength(1);
  });

  it("an assignment made in the bot's dialog updates the mirror at once and tells the assignee, not its author", async () => {
    const bot = await start();
    const { order, person } = reassignable(bot);
    await link(bot, 2, person);
    await alsoLinked(bot, 1, person);
    const clerk = bot.user(1, { languageCode: "en" });
    await clerk.send(order.number);
    const b1 = texts(bot, 1).length;
    const b2 = texts(bot, 2).length;
    await bot.services.reference.masters(order.shopId); // the staff list is cached (not what this counts)
    bot.mark();
    await clerk.press("🔧 Master");
    await clerk.press(person.name);
    await notifier?.kick();
    // The press read the order from the mirror; the one request is the PATCH.
    expect(bot.requests()).toBe(1);
    expect(bot.mirror.get(order.id)?.order.master?.id).toBe(person.id);
    expect(
      texts(bot, 1)
        .slice(b1)
        .some((text) => text.includes("was assigned to you")),
    ).toBe(false);
    expect(texts(bot, 2).slice(b2)).toEqual([
      expect.stringContaining(`Order <b>${order.number}</b> was assigned to you as master`),
    ]);
  });

  it("a dialog's write over a record that changed meanwhile takes only its own change (no status reverted, no false notice)", async () => {
    const bot = await start();
    const { order, person } = reassignable(bot);
    const inWork = bot.sandbox.store.ref.statuses.find(
      (s) => s.group === "inWork" && s.id !== order.statusId,
    )!;
    const watcher = bot.user(3, { languageCode: "en" });
    await watcher.send(order.number);
    await watcher.press("🔔 Watch");
    const clerk = bot.user(1, { languageCode: "en" });
    await clerk.send(order.number);
    await clerk.press("🔧 Master");
    // While the clerk picks, someone else moves the order on; the mirror learns it.
    bot.sandbox.others.changeStatus(order.id, inWork.id);
    await syncAndNotify(bot);
    const before = texts(bot, 3).length;
    await clerk.press(person.name);
    await notifier?.kick();
    const held = bot.mirror.get(order.id)?.order;
    expect(held?.master?.id).toBe(person.id);
    expect(held?.status?.id).toBe(inWork.id);
    expect(texts(bot, 3).slice(before)).toEqual([]);
    // The next sync agrees with the mirror: nothing more to tell.
    await syncAndNotify(bot);
    expect(texts(bot, 3).slice(before)).toEqual([]);
  });

  it("never to strangers: a user taken out of OPERATOR_IDS gets nothing, settings or not", async () => {
    const bot = await start();
    const order = openOrders(bot)[3]!;
    const person = masterOf(bot, order, order.masterId);
    await link(bot, 2, person);
    // User 2 leaves the staff list after linking; user 9 never was on it but has settings.
    bot.config.operatorIds.splice(bot.config.operatorIds.indexOf(2), 1);
    await bot.services.users.update(9, (s) => {
      s.employee = { id: person.id, name: person.name };
    });
    const before = texts(bot, 2).length;
    bot.sandbox.others.assign(order.id, { masterId: person.id });
    await syncAndNotify(bot);
    expect(texts(bot, 2).slice(before)).toEqual([]);
    expect(texts(bot, 9)).toEqual([]);
  });

  it("a blocked bot (403) stops sending to that user and keeps the settings", async () => {
    const bot = await start();
    const order = openOrders(bot)[4]!;
    const person = masterOf(bot, order, order.masterId);
    await link(bot, 1, person);
    await notifier?.stop();
    let attempts = 0;
    const blocked = {
      sendMessage: async () => {
        attempts++;
        throw new GrammyError(
          "Forbidden",
          { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" },
          "sendMessage",
          {},
        );
      },
    } as unknown as Api;
    notifier = newNotifier(bot, blocked);
    bot.sandbox.others.assign(order.id, { masterId: person.id });
    await syncAndNotify(bot);
    expect(attempts).toBe(1);
    const settings = await bot.services.users.read(1);
    expect(settings).toMatchObject({ blocked: true, employee: { id: person.id } });
    // Another order assigned: a new change, still not sent to a user who left.
    const next = bot.sandbox.store.orders.find(
      (o) =>
        o.isVisible &&
        o.id !== order.id &&
        o.masterId !== person.id &&
        o.shopId === order.shopId &&
        bot.mirror.get(o.id),
    )!;
    bot.sandbox.others.assign(next.id, { masterId: person.id });
    await syncAndNotify(bot);
    expect(attempts).toBe(1);
    // Writing to the bot again lifts the mark.
    await bot.user(1, { languageCode: "en" }).send("/start");
    expect((await bot.services.users.read(1)).blocked).toBe(false);
  });
});

describe("workshops and viewers", () => {
  const change = (shopId: string): MirrorChange => ({
    id: "c1",
    kind: "ready",
    order: { id: "o1", number: "А-1", shop: { id: shopId }, isVisible: true } as MirrorChange["order"],
    detectedAt: new Date(),
    source: "sync",
  });
  const settings = {
    notify: { assigned: true, status: true, ready: true, digest: true },
    watch: [],
    blocked: false,
  };
  const config = { operatorIds: [1], viewerIds: [3], shopIds: ["s1"] };

  it("a viewer (and anyone) hears nothing about an order outside SHOP_IDS", () => {
    expect(noticesFor(change("s2"), 3, settings, config)).toBeUndefined();
    expect(noticesFor(change("s2"), 1, settings, config)).toBeUndefined();
    expect(noticesFor(change("s1"), 3, settings, config)).toEqual({ kind: "ready" });
  });

  it("a stranger hears nothing even with every kind on", () => {
    expect(noticesFor(change("s1"), 7, settings, config)).toBeUndefined();
  });

  it("with SHOP_IDS set, another workshop's change reaches no one end to end", async () => {
    const probe = await createMirrorBot({ operators: [1] });
    const shops = probe.sandbox.shops.map((s) => s.id);
    await probe.close();
    const bot = await start({ config: { shopIds: [shops[0]!] } });
    const elsewhere = bot.sandbox.store.orders.find(
      (o) =>
        o.isVisible &&
        o.shopId !== shops[0] &&
        bot.sandbox.store.statusById.get(o.statusId)?.group !== "closed",
    )!;
    const person = masterOf(bot, elsewhere, elsewhere.masterId);
    await bot.services.users.update(3, (s) => {
      s.employee = { id: person.id, name: person.name };
      s.notify.ready = true;
      s.watch = [elsewhere.id];
    });
    bot.sandbox.others.assign(elsewhere.id, { masterId: person.id });
    bot.sandbox.others.changeStatus(
      elsewhere.id,
      bot.sandbox.store.ref.statuses.find((s) => s.group === "finish")!.id,
    );
    await syncAndNotify(bot);
    expect(texts(bot, 3)).toEqual([]);
  });
});

describe("the morning digest", () => {
  it("goes at DIGEST_TIME in TIMEZONE, once a day, with the person's overdue and due-today orders", async () => {
    // 05:50 UTC = 08:50 in Moscow.
    const { bot, clock } = await digestBot(new Date(Date.UTC(2026, 10, 25, 5, 50)));
    const order = openOrders(bot)[0]!;
    const person = masterOf(bot, order, order.masterId);
    bot.sandbox.others.assign(order.id, { masterId: person.id });
    bot.sandbox.others.change(order.id, { deadline: Date.UTC(2026, 10, 25, 14, 0) });
    await syncAndNotify(bot);
    await linkForDigest(bot, person);
    const before = texts(bot, 1).length;
    await digestCheck(bot);
    expect(texts(bot, 1).slice(before)).toEqual([]);
    await clock.advance(10 * 60_000); // 09:01 in Moscow
    await digestCheck(bot);
    await digestCheck(bot);
    const sent = texts(bot, 1).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("Good morning");
    expect(sent[0]).toContain(order.number);
    // A restart the same morning: not again.
    await notifier?.stop();
    notifier = newNotifier(bot);
    await digestCheck(bot);
    expect(texts(bot, 1).slice(before)).toHaveLength(1);
  });
});

describe("the morning digest's lists", () => {
  it("an order due earlier today is overdue, not also 'due today'", async () => {
    // 06:01 UTC = 09:01 in Moscow.
    const { bot } = await digestBot(new Date(Date.UTC(2026, 10, 25, 6, 1)));
    const { order, person } = reassignable(bot);
    // Nothing else of the person's is due; this one was due at 08:00 in Moscow.
    nothingDue(bot, person);
    bot.sandbox.others.assign(order.id, { masterId: person.id });
    bot.sandbox.others.change(order.id, { deadline: Date.UTC(2026, 10, 25, 5, 0) });
    await syncAndNotify(bot);
    await linkForDigest(bot, person);
    const before = texts(bot, 1).length;
    await digestCheck(bot);
    const sent = texts(bot, 1).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("Overdue: 1, due today: 0,");
    expect(sent[0]).not.toContain("Due today");
  });
});

describe("one message per change", () => {
  it("a watched order turning ready is one message (the status), not two, for who opted in to both", () => {
    const order = { id: "o1", number: "А-1", shop: { id: "s1" }, isVisible: true } as MirrorChange["order"];
    const base = { order, detectedAt: new Date(), source: "sync" as const };
    const settings = {
      notify: { assigned: true, status: false, ready: true, digest: false },
      watch: ["o1"],
      blocked: false,
    };
    const config = { operatorIds: [1], viewerIds: [], shopIds: [] };
    expect(noticesFor({ ...base, id: "a", kind: "status" }, 1, settings, config)).toEqual({ kind: "status" });
    expect(noticesFor({ ...base, id: "b", kind: "ready" }, 1, settings, config)).toBeUndefined();
    expect(noticesFor({ ...base, id: "b", kind: "ready" }, 1, { ...settings, watch: [] }, config)).toEqual({
      kind: "ready",
    });
  });
});

describe("the morning digest, later in the day", () => {
  it("an order that falls due after DIGEST_TIME brings no digest that day (nothing was due at its time)", async () => {
    // 06:01 UTC = 09:01 in Moscow, the digest's time has come and nothing is due.
    const { bot, clock } = await digestBot(new Date(Date.UTC(2026, 10, 25, 6, 1)));
    const order = openOrders(bot)[0]!;
    const person = masterOf(bot, order, order.masterId);
    nothingDue(bot, person);
    await syncAndNotify(bot);
    await linkForDigest(bot, person);
    const before = texts(bot, 1).length;
    await digestCheck(bot);
    expect(texts(bot, 1).slice(before)).toEqual([]);
    // At noon the person gets an order due today: the digest was this morning's, not again.
    await clock.advance(3 * 3_600_000);
    bot.sandbox.others.assign(order.id, { masterId: person.id });
    bot.sandbox.others.change(order.id, { deadline: Date.UTC(2026, 10, 25, 14, 0) });
    await syncAndNotify(bot);
    const afterSync = texts(bot, 1).length;
    await digestCheck(bot);
    expect(texts(bot, 1).slice(afterSync)).toEqual([]);
    // The next morning it goes.
    await clock.advance(21 * 3_600_000);
    await digestCheck(bot);
    expect(texts(bot, 1).slice(afterSync).join("\n")).toContain(order.number);
  });
});

describe("the morning digest, in the evening", () => {
  it("a bot started at 23:00 sends no 'morning' digest; it goes the next morning", async () => {
    // 20:00 UTC = 23:00 in Moscow, an order of the person's is overdue.
    const { bot, clock } = await digestBot(new Date(Date.UTC(2026, 10, 25, 20, 0)));
    const { order, person } = reassignable(bot);
    nothingDue(bot, person);
    bot.sandbox.others.assign(order.id, { masterId: person.id });
    bot.sandbox.others.change(order.id, { deadline: Date.UTC(2026, 10, 25, 5, 0) });
    await syncAndNotify(bot);
    await linkForDigest(bot, person);
    const before = texts(bot, 1).length;
    await digestCheck(bot);
    expect(texts(bot, 1).slice(before)).toEqual([]);
    await clock.advance(10 * 3_600_000 + 60_000); // 09:01 the next day in Moscow
    await digestCheck(bot);
    const sent = texts(bot, 1).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(order.number);
  });
});

describe("an order created outside the bot", () => {
  it("tells the person it names as master or manager (assigned), once linked", () => {
    const order = {
      id: "o2",
      number: "А-2",
      shop: { id: "s1" },
      isVisible: true,
      manager: { id: "e7" },
    } as MirrorChange["order"];
    const created: MirrorChange = { id: "c", kind: "created", order, detectedAt: new Date(), source: "sync" };
    const config = { operatorIds: [1], viewerIds: [], shopIds: [] };
    const linked = {
      employee: { id: "e7", name: "Петров" },
      notify: { assigned: true, status: false, ready: false, digest: false },
      watch: [],
      blocked: false,
    };
    expect(noticesFor(created, 1, linked, config)).toEqual({ kind: "assigned", role: "manager" });
    expect(noticesFor(created, 1, { ...linked, employee: undefined }, config)).toBeUndefined();
    expect(
      noticesFor(created, 1, { ...linked, notify: { ...linked.notify, assigned: false } }, config),
    ).toBeUndefined();
    // Made through the bot by this very user: not echoed.
    expect(noticesFor({ ...created, source: "bot", actorId: 1 }, 1, linked, config)).toBeUndefined();
  });
});

describe("a change the bot made, read by a sync before its write-through", () => {
  /** Holds the bot's write-throughs until `release()`, as when a sync reads between the PATCH and them. */
  function holdWriteThroughs(bot: MirrorBot): { release(): void } {
    const real = bot.mirror.upsert.bind(bot.mirror);
    const held: Parameters<typeof real>[] = [];
    bot.mirror.upsert = (...args) => {
      held.push(args);
      return [];
    };
    return {
      release() {
        bot.mirror.upsert = real;
        for (const args of held) real(...args);
      },
    };
  }

  it("is not echoed to its author (the sync records it as someone else's); others are told once", async () => {
    const bot = await start();
    const { order, person } = reassignable(bot);
    await link(bot, 1, person);
    await alsoLinked(bot, 2, person);
    const clerk = bot.user(1, { languageCode: "en" });
    await clerk.send(order.number);
    const b1 = texts(bot, 1).length;
    const b2 = texts(bot, 2).length;
    const hold = holdWriteThroughs(bot);
    await clerk.press("🔧 Master");
    await clerk.press(person.name);
    // The PATCH reached the service; a sync reads the order before the write-through.
    await syncAndNotify(bot);
    hold.release();
    await notifier?.kick();
    expect(bot.mirror.get(order.id)?.order.master?.id).toBe(person.id);
    expect(
      texts(bot, 1)
        .slice(b1)
        .filter((text) => text.includes("was assigned to you")),
    ).toEqual([]);
    expect(texts(bot, 2).slice(b2)).toEqual([
      expect.stringContaining(`Order <b>${order.number}</b> was assigned to you as master`),
    ]);
  });

  it("an order created with its author as master, found by a sync first, is not told to them as assigned", async () => {
    const bot = await start();
    const master = bot.sandbox.store.ref.employees.find((e) => e.name === "Орлов Дмитрий Павлович")!;
    await link(bot, 1, master);
    await alsoLinked(bot, 2, master);
    // One workshop, as the dialog tests have it: /new asks for no shop.
    bot.config.shopIds.push(bot.sandbox.shops[0]!.id);
    const op = bot.user(1, { languageCode: "en" });
    await fillOrder(op, { client: { query: "Эхо Тестов" }, master: master.name });
    const b1 = texts(bot, 1).length;
    const b2 = texts(bot, 2).length;
    const hold = holdWriteThroughs(bot);
    await op.press("✅ Create");
    await syncAndNotify(bot);
    hold.release();
    await notifier?.kick();
    const created = bot.sandbox.store.orders.find(
      (o) => o.masterId === master.id && bot.mirror.get(o.id)?.order.counteragent?.name === "Эхо Тестов",
    );
    expect(created).toBeDefined();
    expect(
      texts(bot, 1)
        .slice(b1)
        .filter((text) => text.includes("was assigned to you")),
    ).toEqual([]);
    expect(texts(bot, 2).slice(b2)).toEqual([expect.stringContaining("was assigned to you as master")]);
  });

  it("a store that cannot note the own change does not fail the write", async () => {
    const bot = await start();
    const { order, person } = reassignable(bot);
    const { store } = bot.services;
    const open = store.open.bind(store);
    bot.services.store = {
      ...store,
      open: <T>(record: Persisted<T>) => {
        if (record.namespace !== "own-changes") return open(record);
        const broken = async (): Promise<never> => {
          throw new Error("store down");
        };
        return { read: broken, write: broken, delete: broken, update: broken };
      },
    };
    const clerk = bot.user(1, { languageCode: "en" });
    await clerk.send(order.number);
    await clerk.press("🔧 Master");
    await clerk.press(person.name);
    expect(clerk.lastReply()?.text).toContain(person.name);
    expect(bot.sandbox.store.orders.find((o) => o.id === order.id)?.masterId).toBe(person.id);
  });

  it("a status change by the bot, read by a sync first, is not told to its author who watches the order", async () => {
    const bot = await start();
    const order = openOrders(bot)[5]!;
    const target = bot.sandbox.store.ref.statuses.find(
      (s) => s.group === "inWork" && s.id !== order.statusId,
    )!;
    for (const id of [1, 3]) {
      await bot.services.users.update(id, (s) => {
        s.watch = [order.id];
        s.locale = "en";
      });
    }
    // Noted before the request as the status dialog does; then the sync sees the status first.
    await noteOwnChange(
      bot.services.store,
      1,
      { order: order.id, kind: "status", to: target.id },
      bot.clock.now().getTime(),
    );
    bot.sandbox.others.changeStatus(order.id, target.id);
    await syncAndNotify(bot);
    expect(texts(bot, 1)).toEqual([]);
    expect(texts(bot, 3)).toEqual([expect.stringContaining(`the status is now “${target.name}”`)]);
  });

  it("someone else's change of the same order is still told to the user who just changed it", async () => {
    const bot = await start();
    const order = openOrders(bot)[6]!;
    const [mine, theirs] = bot.sandbox.store.ref.statuses.filter(
      (s) => s.group === "inWork" && s.id !== order.statusId,
    );
    await bot.services.users.update(1, (s) => {
      s.watch = [order.id];
      s.locale = "en";
    });
    const at = bot.clock.now().getTime();
    await noteOwnChange(bot.services.store, 1, { order: order.id, kind: "status", to: mine!.id }, at);
    bot.sandbox.others.changeStatus(order.id, theirs!.id);
    await syncAndNotify(bot);
    expect(texts(bot, 1)).toEqual([expect.stringContaining(`the status is now “${theirs!.name}”`)]);
  });

  it("the same value set by someone else long after the user's write is told", async () => {
    const bot = await start();
    const order = openOrders(bot)[7]!;
    const target = bot.sandbox.store.ref.statuses.find(
      (s) => s.group === "inWork" && s.id !== order.statusId,
    )!;
    await bot.services.users.update(1, (s) => {
      s.watch = [order.id];
      s.locale = "en";
    });
    const at = bot.clock.now().getTime() - OWN_WINDOW_MS - 60_000;
    await noteOwnChange(bot.services.store, 1, { order: order.id, kind: "status", to: target.id }, at);
    bot.sandbox.others.changeStatus(order.id, target.id);
    await syncAndNotify(bot);
    expect(texts(bot, 1)).toHaveLength(1);
  });
});

describe("one change recorded twice (two instances)", () => {
  it("a write-through on this instance and a sync on the other are one message, not two", async () => {
    const bot = await start();
    const { order, person } = reassignable(bot);
    await link(bot, 2, person);
    // The other instance: its own mirror (no feed between the two here) and notifier, the same store.
    const other = await bot.otherMirror();
    const otherNotifier = new Notifier({ services: bot.services, api: bot.bot.api, mirror: other, logger });
    otherNotifier.start();
    try {
      await otherNotifier.kick();
      const clerk = bot.user(1, { languageCode: "en" });
      await clerk.send(order.number);
      const before = texts(bot, 2).length;
      await clerk.press("🔧 Master");
      await clerk.press(person.name);
      await notifier?.kick();
      // The other instance's sync finds the same assignment and records it with another id.
      await bot.clock.advance(60_000);
      await syncUntilDone(other);
      await otherNotifier.kick();
      expect(other.get(order.id)?.order.master?.id).toBe(person.id);
      expect(texts(bot, 2).slice(before)).toEqual([
        expect.stringContaining(`Order <b>${order.number}</b> was assigned to you as master`),
      ]);
    } finally {
      await otherNotifier.stop();
    }
  });

  it("an order created with the user as master, then seen as a master change elsewhere, is one message", () => {
    const order = { id: "o3", number: "А-3", shop: { id: "s1" }, isVisible: true, master: { id: "e7" } };
    const base = { order: order as MirrorChange["order"], detectedAt: new Date(), source: "sync" as const };
    const created: MirrorChange = { ...base, id: "x", kind: "created" };
    const assigned: MirrorChange = { ...base, id: "y", kind: "master", to: { id: "e7" } };
    const linked = {
      employee: { id: "e7", name: "Петров" },
      notify: { assigned: true, status: false, ready: false, digest: false },
      watch: [],
      blocked: false,
    };
    const config = { operatorIds: [1], viewerIds: [], shopIds: [] };
    const a = noticesFor(created, 1, linked, config)!;
    const b = noticesFor(assigned, 1, linked, config)!;
    expect(meaningOf(created, a, 1)).toBe(meaningOf(assigned, b, 1));
    // Another user, another status: other news.
    expect(meaningOf(created, a, 2)).not.toBe(meaningOf(created, a, 1));
    const status = (to: string): MirrorChange => ({ ...base, id: to, kind: "status", to: { id: to } });
    expect(meaningOf(status("s1"), { kind: "status" }, 1)).not.toBe(
      meaningOf(status("s2"), { kind: "status" }, 1),
    );
  });
});
