/**
 * Messages to linked clients and the approval in one tap: an order made ready
 * by another CRM user reaches its linked client once (also after a restart);
 * entering the approval status with an estimate brings ✅ / ❌; a press sends
 * ONE PATCH with the new status and a comment naming the amount, and staff who
 * follow the order are told; a double press, a stale press and someone else's
 * press send nothing. A counteragent the shop turned off gets nothing.
 */
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { ClientNotifier } from "../../../../src/bot/features/client-side/index.ts";
import {
  APPROVED,
  awaitingApproval,
  buttonsOf,
  type ClientBot,
  contactUpdate,
  DECLINED,
  linked,
  messagesTo,
  numberOf,
  OPERATOR,
  startClientBot,
  statusId,
  WAITING,
} from "./setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const READY = "Готов";
const IN_WORK = "В работе";

describe("messages to a linked client", () => {
  it("an order made ready by another CRM user reaches the client once, within the mirror's sync, also after a restart (ru)", async () => {
    t = await startClientBot();
    const { order, from } = await linked(t, 6001, "ru");
    const before = messagesTo(t, from.id).length;
    t.sandbox.others.changeStatus(order.id, statusId(t, READY));
    await t.syncAndNotify();
    const after = messagesTo(t, from.id).slice(before);
    expect(after).toHaveLength(1);
    expect(after[0]).toContain(`Заказ <b>${numberOf(t, order.id)}</b>`);
    expect(after[0]).toContain("готов");
    expect(after[0]).toContain("Работаем до 19:00");
    // A restart: a new notifier on the same store and mirror tells nothing again.
    await t.stopNotifiers();
    const again = new ClientNotifier({
      services: t.services,
      api: t.bot.api,
      mirror: t.mirror,
      client: t.client,
      logger: pino({ level: "silent" }),
    });
    again.start();
    await again.kick();
    await again.stop();
    expect(messagesTo(t, from.id).slice(before)).toHaveLength(1);
  });

  it("an order moved to another client before a late delivery (a restart's catch-up) is not told to its former client (ru)", async () => {
    t = await startClientBot();
    const { who, order, from } = await linked(t, 6009, "ru");
    const other = t.sandbox.store.counteragents.find((c) => c.id !== who.id)!;
    // The bot is down: the mirror records the order's readiness, nothing is sent yet.
    await t.stopNotifiers();
    const before = messagesTo(t, from.id).length;
    t.sandbox.others.changeStatus(order.id, statusId(t, READY));
    await t.clock.advance(60_000);
    await t.sync();
    // Then the shop moves the order to the client it belongs to.
    t.sandbox.others.change(order.id, { counteragentId: other.id });
    await t.clock.advance(60_000);
    await t.sync();
    expect(t.mirror.get(order.id)?.order.counteragent?.id).toBe(other.id);
    const again = new ClientNotifier({
      services: t.services,
      api: t.bot.api,
      mirror: t.mirror,
      client: t.client,
      logger: pino({ level: "silent" }),
    });
    again.start();
    await again.kick();
    await again.stop();
    expect(messagesTo(t, from.id).slice(before)).toEqual([]);
  });

  it("a late delivery (a restart's catch-up) does not say 'ready for pick-up' of an order handed over since (ru)", async () => {
    t = await startClientBot();
    const { order, from } = await linked(t, 6011, "ru");
    const handedOver = [...t.sandbox.store.statusById.values()].find((s) => s.group === "closed")!;
    await t.stopNotifiers();
    const before = messagesTo(t, from.id).length;
    t.sandbox.others.changeStatus(order.id, statusId(t, READY));
    await t.clock.advance(60_000);
    await t.sync();
    t.sandbox.others.changeStatus(order.id, handedOver.id);
    await t.clock.advance(60_000);
    await t.sync();
    const again = new ClientNotifier({
      services: t.services,
      api: t.bot.api,
      mirror: t.mirror,
      client: t.client,
      logger: pino({ level: "silent" }),
    });
    again.start();
    await again.kick();
    await again.stop();
    expect(messagesTo(t, from.id).slice(before).join("\n")).not.toContain("готов");
  });

  it("a number the shop corrected on the client's record after linking no longer gets its orders' messages (en)", async () => {
    t = await startClientBot();
    const { who, order, from } = await linked(t, 6010, "en");
    // The number was mistyped at intake: the sender is not this client. The shop corrects it.
    t.sandbox.store.counteragentById.get(who.id)!.phones = ["+7 999 000-11-22"];
    const before = messagesTo(t, from.id).length;
    t.sandbox.others.changeStatus(order.id, statusId(t, READY));
    await t.syncAndNotify();
    expect(t.mirror.get(order.id)?.order.counteragent?.phones).toEqual(["+7 999 000-11-22"]);
    expect(messagesTo(t, from.id).slice(before)).toEqual([]);
  });

  it("a counteragent the shop turned off gets nothing (en)", async () => {
    t = await startClientBot();
    const { who, order, from } = await linked(t, 6002, "en");
    t.sandbox.store.counteragentById.get(who.id)!.isSendTelegram = false;
    // The consent read at linking stands an hour.
    await t.clock.advance(61 * 60_000);
    const before = messagesTo(t, from.id).length;
    t.sandbox.others.changeStatus(order.id, statusId(t, READY));
    await t.syncAndNotify();
    expect(messagesTo(t, from.id).slice(before)).toHaveLength(0);
  });

  it("after /stop nothing more comes (en)", async () => {
    t = await startClientBot();
    const { order, from, user } = await linked(t, 6003, "en");
    await user.send("/stop");
    const before = messagesTo(t, from.id).length;
    t.sandbox.others.changeStatus(order.id, statusId(t, READY));
    await t.syncAndNotify();
    expect(messagesTo(t, from.id).slice(before)).toHaveLength(0);
  });

  it("with CLIENT_ALL_STATUSES every status change is told in the client's words (en)", async () => {
    t = await startClientBot({ clients: { allStatuses: true } });
    const { order, from } = await linked(t, 6004, "en");
    const before = messagesTo(t, from.id).length;
    const target = t.sandbox.store.statusById.get(order.statusId)?.name === IN_WORK ? "Диагностика" : IN_WORK;
    t.sandbox.others.changeStatus(order.id, statusId(t, target));
    await t.syncAndNotify();
    const after = messagesTo(t, from.id).slice(before);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(/in work|in diagnosis/);
    expect(after[0]).not.toContain(target);
  });
});

describe("the estimate approved in one tap", () => {
  it("✅ sends ONE PATCH with the approved status and the comment; a double press sends none; staff following the order are told (ru)", async () => {
    t = await startClientBot();
    const { order, user } = await linked(t, 6101, "ru");
    await t.services.users.update(OPERATOR, (s) => {
      s.watch.push(order.id);
      s.locale = "ru";
    });
    await awaitingApproval(t, order.id);
    const offer = user.lastReply();
    expect(offer?.text).toContain("ждёт вашего согласования");
    expect(offer?.text).toMatch(/3\s500 ₽/);
    const [approve, decline] = buttonsOf(offer);
    await user.press("✅ Согласовать");
    expect(t.requests()).toBe(1);
    const record = t.sandbox.store.orders.find((o) => o.id === order.id)!;
    expect(record.statusId).toBe(statusId(t, APPROVED));
    expect(record.comments.map((c) => c.text).join("\n")).toMatch(
      /согласовано клиентом в Telegram: 3\s500 ₽/,
    );
    expect(user.lastReply()?.text).toContain("Вы согласовали");
    // The same button again, and the other one: nothing is sent.
    await user.pressData(approve!, offer);
    await user.pressData(decline!, offer);
    expect(t.requests()).toBe(1);
    expect(t.telegram.calls.filter((c) => c.method === "answerCallbackQuery").at(-1)?.payload.text).toContain(
      "уже согласовано",
    );
    // Staff who watch the order hear of it as of any change.
    await t.staffNotifier.kick();
    const told = messagesTo(t, OPERATOR).join("\n");
    expect(told).toContain(APPROVED);
    // The approved status takes payment on entry: a prepayment is expected, with 💰 (issue 32.4).
    expect(told).toMatch(/💰 Ожидается предоплата: к оплате 3\s500 ₽/);
  });

  it("✅ into a status that takes payment: staff following the order read that a prepayment is expected (en)", async () => {
    t = await startClientBot();
    const { order, user } = await linked(t, 6103, "en");
    await t.services.users.update(OPERATOR, (s) => {
      s.watch.push(order.id);
      s.locale = "en";
    });
    t.sandbox.store.orders.find((o) => o.id === order.id)!.paidCash = 1000;
    await awaitingApproval(t, order.id, "4200");
    await user.press("✅ Approve");
    await t.staffNotifier.kick();
    const told = messagesTo(t, OPERATOR).at(-1) ?? "";
    expect(told).toContain(APPROVED);
    expect(told).toContain("💰 A prepayment is expected: 3,200 ₽ due");
  });

  it("❌ sends ONE PATCH with the declined status and the comment (en)", async () => {
    t = await startClientBot();
    const { order, user } = await linked(t, 6102, "en");
    await awaitingApproval(t, order.id, "4200");
    const offer = user.lastReply();
    expect(offer?.text).toContain("4,200 ₽");
    const [approve] = buttonsOf(offer);
    await user.press("❌ Decline");
    // ❌ asks once before it sends.
    expect(t.requests()).toBe(0);
    expect(user.lastReply()?.text).toContain("Decline the repair? The device will be returned without it.");
    await user.press("❌ Yes, decline");
    expect(t.requests()).toBe(1);
    const record = t.sandbox.store.orders.find((o) => o.id === order.id)!;
    expect(record.statusId).toBe(statusId(t, DECLINED));
    // The CRM's comment is in the shop's language (ru by default).
    expect(record.comments.map((c) => c.text).join("\n")).toMatch(/4\s200 ₽/);
    expect(user.lastReply()?.text).toContain("You declined");
    await user.pressData(approve!, offer);
    expect(t.requests()).toBe(1);
  });

  it("a stale press (the order moved on) is answered truly and sends nothing (en)", async () => {
    t = await startClientBot();
    const { order, user } = await linked(t, 6103, "en");
    await awaitingApproval(t, order.id);
    const offer = user.lastReply();
    t.sandbox.others.changeStatus(order.id, statusId(t, IN_WORK));
    await t.syncAndNotify();
    t.mark();
    await user.press("✅ Approve", { message: offer });
    expect(t.requests()).toBe(0);
    const answer = t.telegram.calls.filter((c) => c.method === "answerCallbackQuery").at(-1);
    expect(answer?.payload.text).toContain("moved on");
    expect(t.sandbox.store.orders.find((o) => o.id === order.id)?.statusId).toBe(statusId(t, IN_WORK));
  });

  it("a new estimate makes the old button stale: told, shown anew, nothing sent (ru)", async () => {
    t = await startClientBot();
    const { order, user } = await linked(t, 6104, "ru");
    await awaitingApproval(t, order.id, "3500");
    const offer = user.lastReply();
    t.sandbox.others.change(order.id, { approximatePrice: "5000" });
    await t.syncAndNotify();
    t.mark();
    await user.press("✅ Согласовать", { message: offer });
    expect(t.requests()).toBe(0);
    expect(user.lastReply()?.text).toMatch(/5\s000 ₽/);
  });

  it("someone else's press (another stranger, forged data) learns nothing and sends nothing (en)", async () => {
    t = await startClientBot();
    const { order, user } = await linked(t, 6105, "en");
    await awaitingApproval(t, order.id);
    const offer = user.lastReply()!;
    const [data] = buttonsOf(offer);
    const intruder = t.user(6199, { languageCode: "en" });
    await intruder.send("/start");
    await intruder.pressData(data!);
    await intruder.pressData("cap:nonsense:0:1:a");
    expect(t.requests()).toBe(0);
    const answers = t.telegram.calls.filter((c) => c.method === "answerCallbackQuery").slice(-2);
    for (const a of answers) expect(a.payload.text).toContain("not for you");
    expect(t.sandbox.store.orders.find((o) => o.id === order.id)?.statusId).toBe(statusId(t, WAITING));
  });

  it("a press after the shop corrected the client's number to another person's sends nothing (en)", async () => {
    t = await startClientBot();
    const { who, order, user } = await linked(t, 6106, "en");
    await awaitingApproval(t, order.id);
    const offer = user.lastReply();
    // The shop corrects a mistyped number; the change reaches the mirror with the order's next read.
    t.sandbox.store.counteragentById.get(who.id)!.phones = ["+7 999 000-11-33"];
    t.sandbox.others.change(order.id, { approximatePrice: "3500" });
    await t.syncAndNotify();
    expect(t.mirror.get(order.id)?.order.counteragent?.phones).toEqual(["+7 999 000-11-33"]);
    t.mark();
    await user.press("✅ Approve", { message: offer });
    expect(t.requests()).toBe(0);
    const answer = t.telegram.calls.filter((c) => c.method === "answerCallbackQuery").at(-1);
    expect(answer?.payload.text).toContain("not for you");
    expect(t.sandbox.store.orders.find((o) => o.id === order.id)?.statusId).toBe(statusId(t, WAITING));
  });

  it("a new estimate asked for again within minutes of the first answer can be approved: one more PATCH (en)", async () => {
    t = await startClientBot();
    const { order, user } = await linked(t, 6107, "en");
    await awaitingApproval(t, order.id, "3500");
    await user.press("✅ Approve");
    expect(t.requests()).toBe(1);
    // The master finds more to do: a new estimate, the order waits for the client again, 5 minutes on.
    await t.clock.advance(4 * 60_000);
    t.sandbox.others.change(order.id, { approximatePrice: "5000" });
    t.sandbox.others.changeStatus(order.id, statusId(t, WAITING));
    await t.syncAndNotify();
    await user.send("/start");
    const offer = t.telegram
      .botMessages(user.id)
      .filter((m) => buttonsOf(m).length > 0)
      .at(-1);
    expect(offer?.text).toContain("5,000 ₽");
    t.mark();
    await user.press("✅ Approve", { message: offer });
    const answer = t.telegram.calls.filter((c) => c.method === "answerCallbackQuery").at(-1);
    expect(answer?.payload.text ?? "").not.toContain("already");
    expect(t.requests()).toBe(1);
    const record = t.sandbox.store.orders.find((o) => o.id === order.id)!;
    expect(record.statusId).toBe(statusId(t, APPROVED));
    expect(record.comments.map((c) => c.text).join("\n")).toMatch(/5\s000 ₽/);
  });

  it("an estimate asked for again while the client was unsubscribed can be approved after they come back: one PATCH (ru)", async () => {
    t = await startClientBot();
    const { who, order, user, from } = await linked(t, 6108, "ru");
    await awaitingApproval(t, order.id, "3500");
    await user.press("✅ Согласовать");
    await user.send("/stop");
    // Unsubscribed: the order waits for the client again with a new estimate.
    await t.clock.advance(30 * 60_000);
    t.sandbox.others.change(order.id, { approximatePrice: "5000" });
    t.sandbox.others.changeStatus(order.id, statusId(t, WAITING));
    await t.syncAndNotify();
    await t.handle(contactUpdate(t, from, who.phones[0]!));
    const offer = t.telegram
      .botMessages(user.id)
      .filter((m) => buttonsOf(m).length > 0)
      .at(-1);
    expect(offer?.text).toMatch(/5\s000 ₽/);
    t.mark();
    await user.press("✅ Согласовать", { message: offer });
    const answer = t.telegram.calls.filter((c) => c.method === "answerCallbackQuery").at(-1);
    expect(answer?.payload.text ?? "").not.toContain("уже");
    const record = t.sandbox.store.orders.find((o) => o.id === order.id)!;
    expect(record.statusId).toBe(statusId(t, APPROVED));
    expect(record.comments.map((c) => c.text).join("\n")).toMatch(/5\s000 ₽/);
  });

  it("a failed PATCH (the service unavailable) says so, and the next press sends it after one check (en)", async () => {
    t = await startClientBot();
    const { order, user } = await linked(t, 6106, "en");
    await awaitingApproval(t, order.id);
    const offer = user.lastReply();
    t.sandbox.faults.set({ errorRate: 1 });
    await user.press("✅ Approve", { message: offer });
    const answer = t.telegram.calls.filter((c) => c.method === "answerCallbackQuery").at(-1);
    expect(answer?.payload.text).toContain("could not reach");
    t.sandbox.faults.clear();
    t.mark();
    await user.press("✅ Approve", { message: offer });
    // One read (did it land?) and one PATCH.
    expect(t.requests()).toBe(2);
    expect(t.sandbox.store.orders.find((o) => o.id === order.id)?.statusId).toBe(statusId(t, APPROVED));
  });

  it("a PATCH that landed but whose answer was lost is found by one read at the next press, never sent twice (ru)", async () => {
    let lose = false;
    t = await startClientBot({
      clientOptions: {
        fetch: async (input, init) => {
          const answer = await fetch(input, init);
          if (lose && init?.method === "PATCH") {
            lose = false;
            throw new TypeError("fetch failed: the connection was reset");
          }
          return answer;
        },
      },
    });
    const { order, user } = await linked(t, 6107, "ru");
    await awaitingApproval(t, order.id);
    const offer = user.lastReply();
    const [approve] = buttonsOf(offer);
    lose = true;
    await user.press("✅ Согласовать");
    expect(t.sandbox.store.orders.find((o) => o.id === order.id)?.statusId).toBe(statusId(t, APPROVED));
    // Not "could not pass your answer": the outcome is not known, and that is what is said.
    expect(user.lastReply()?.text).toContain("Пока неясно, дошёл ли ваш ответ");
    t.mark();
    await user.pressData(approve!, offer);
    // One read (it landed), no second PATCH: the comment is there once.
    expect(t.requests()).toBe(1);
    const record = t.sandbox.store.orders.find((o) => o.id === order.id)!;
    expect(record.comments.filter((c) => c.text.includes("согласовано клиентом"))).toHaveLength(1);
    expect(messagesTo(t, user.id).join("\n")).toContain("Вы согласовали");
  });
});
