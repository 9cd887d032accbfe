/**
 * An order moved into the approval status without a price does not fail
 * silently (issue 32.7): whoever moved it through the bot, or (from the CRM)
 * the order's manager and the owners, are told the client was not asked and
 * why; a price set later while the order still waits sends the question then.
 * And each entry into the approval status with a price is its own question,
 * however soon after the last answer (issue 33.6).
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  APPROVED,
  awaitingApproval,
  buttonsOf,
  type ClientBot,
  linked,
  messagesTo,
  numberOf,
  OPERATOR,
  startClientBot,
  statusId,
  WAITING,
} from "./setup.ts";

const OWNER = 2;

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const record = (bot: ClientBot, id: string) => bot.sandbox.store.orders.find((o) => o.id === id)!;

/** No estimate and no priced works: nothing the client could approve. */
async function unpriced(bot: ClientBot, id: string): Promise<void> {
  record(bot, id).positions.length = 0;
  bot.sandbox.others.change(id, { approximatePrice: "" });
  await bot.syncAndNotify();
}

describe("an approval without a price", () => {
  it("from the CRM: the manager's user and the owners are told why the client was not asked; the client gets nothing (ru)", async () => {
    t = await startClientBot({ config: { ownerIds: [OWNER] } });
    const { order, user } = await linked(t, 6501, "ru");
    // The order's manager in the CRM, whose employee record the operator holds (/me).
    const manager = t.sandbox.store.employeesOfShop(t.shopId)[0]!;
    t.sandbox.others.assign(order.id, { managerId: manager.id });
    for (const id of [OPERATOR, OWNER])
      await t.services.users.update(id, (s) => {
        s.locale = id === OWNER ? "en" : "ru";
        if (id === OPERATOR) s.employee = { id: manager.id, name: manager.name };
      });
    await unpriced(t, order.id);
    const before = messagesTo(t, user.id).length;
    t.sandbox.others.changeStatus(order.id, statusId(t, WAITING));
    await t.syncAndNotify();
    const number = numberOf(t, order.id);
    const toManager = messagesTo(t, OPERATOR).filter((m) => m.includes("клиента не спросили"));
    expect(toManager).toHaveLength(1);
    expect(toManager[0]).toContain(`Заказ <b>${number}</b> в статусе «${WAITING}»`);
    expect(toManager[0]).toContain("у заказа нет цены");
    expect(toManager[0]).toContain("Укажите оценку");
    const toOwner = messagesTo(t, OWNER).filter((m) => m.includes("its client was not asked"));
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]).toContain("the order has no price");
    expect(messagesTo(t, user.id).slice(before)).toEqual([]);
    // Another sync tells nobody again.
    await t.syncAndNotify();
    expect(messagesTo(t, OPERATOR).filter((m) => m.includes("клиента не спросили"))).toHaveLength(1);
  });

  it("a price set later while the order still waits sends the question then, with its buttons (en)", async () => {
    t = await startClientBot({ config: { ownerIds: [OWNER] } });
    const { order, user } = await linked(t, 6502, "en");
    await unpriced(t, order.id);
    t.sandbox.others.changeStatus(order.id, statusId(t, WAITING));
    await t.syncAndNotify();
    const before = messagesTo(t, user.id).length;
    t.sandbox.others.change(order.id, { approximatePrice: "2700" });
    await t.syncAndNotify();
    const asked = t.telegram.botMessages(user.id).slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.text).toContain("💰 The repair's estimate: <b>2,700 ₽</b>");
    expect(buttonsOf(asked[0])).toHaveLength(2);
    t.mark();
    await user.press("✅ Approve", { message: asked[0] });
    expect(t.requests()).toBe(1);
    expect(record(t, order.id).statusId).toBe(statusId(t, APPROVED));
  });

  it("moved there through the bot: the clerk who moved it is told, nobody else (en)", async () => {
    t = await startClientBot({ config: { ownerIds: [OWNER] } });
    const { order } = await linked(t, 6503, "en");
    await unpriced(t, order.id);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await t.services.users.update(OPERATOR, (s) => {
      s.locale = "en";
    });
    await op.send(`/status ${numberOf(t, order.id)}`);
    await op.press(WAITING);
    await op.press("✅ Yes");
    expect(record(t, order.id).statusId).toBe(statusId(t, WAITING));
    await t.clientNotifier.kick();
    const told = messagesTo(t, OPERATOR).filter((m) => m.includes("its client was not asked"));
    expect(told).toHaveLength(1);
    expect(told[0]).toContain("Set the estimate while the order waits");
    expect(messagesTo(t, OWNER).filter((m) => m.includes("not asked"))).toEqual([]);
  });

  it("no client follows the bot: staff are told that too (ru)", async () => {
    t = await startClientBot({ config: { ownerIds: [OWNER] } });
    const { order } = await linked(t, 6504, "ru");
    await t.user(6504, { languageCode: "ru" }).send("/stop");
    await t.services.users.update(OWNER, (s) => {
      s.locale = "ru";
    });
    await unpriced(t, order.id);
    t.sandbox.others.changeStatus(order.id, statusId(t, WAITING));
    await t.syncAndNotify();
    const told = messagesTo(t, OWNER).filter((m) => m.includes("клиента не спросили"));
    expect(told).toHaveLength(1);
    expect(told[0]).toContain("клиент не подписан на бота");
  });
});

describe("a new estimate within minutes of an answer", () => {
  it("approved at 3 100, back in the approval status at 4 400 within 10 minutes: the new question is pushed (en)", async () => {
    t = await startClientBot();
    const { order, user } = await linked(t, 6511, "en");
    await awaitingApproval(t, order.id, "3100");
    await user.press("✅ Approve");
    expect(record(t, order.id).statusId).toBe(statusId(t, APPROVED));
    await t.clock.advance(3 * 60_000);
    const before = messagesTo(t, user.id).length;
    t.sandbox.others.change(order.id, { approximatePrice: "4400" });
    t.sandbox.others.changeStatus(order.id, statusId(t, WAITING));
    await t.syncAndNotify();
    const pushed = t.telegram.botMessages(user.id).slice(before);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]?.text).toContain("4,400 ₽");
    t.mark();
    await user.press("✅ Approve", { message: pushed[0] });
    expect(t.requests()).toBe(1);
    expect(record(t, order.id).comments.at(-1)?.text).toMatch(/4\s400 ₽/);
  });

  it("a third entry at the same price after a decline is asked again too; one sync's two records ask once (ru)", async () => {
    t = await startClientBot();
    const { order, user } = await linked(t, 6512, "ru");
    await awaitingApproval(t, order.id, "3100");
    await user.press("❌ Отказаться");
    await user.press("❌ Да, отказаться");
    await t.clock.advance(2 * 60_000);
    const before = messagesTo(t, user.id).length;
    t.sandbox.others.changeStatus(order.id, statusId(t, WAITING));
    await t.syncAndNotify();
    // The same state read again: no second question.
    await t.syncAndNotify();
    const pushed = messagesTo(t, user.id).slice(before);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatch(/Стоимость ремонта: <b>3\s100 ₽/);
  });
});
