/**
 * Deleted orders (issue 33.10): an older card of an order deleted by the bot or in the
 * CRM answers every button of the order (🧾 Receipt, 🔁 Status, 🗑 Delete) that it was
 * deleted, at 0 requests (👤 still opens the client, who is not deleted); and the delete's exactly-once key is the order, so two owners
 * confirming the same delete at once send one DELETE (ru, en).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import { buttonData, lastText } from "../../helpers/dialog-driver.ts";
import type { StoredMessage } from "../../helpers/fake-telegram.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";
import { type TestUser, textsOf } from "../../helpers/test-bot.ts";

const OPERATOR = 1;
const OWNER = 2;
const OWNER_2 = 4;
let t: MirrorBot;

beforeAll(async () => {
  t = await createMirrorBot({ operators: [OPERATOR], config: { ownerIds: [OWNER, OWNER_2] }, orders: 150 });
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const id of [OPERATOR, OWNER, OWNER_2]) await t.user(id, { languageCode: "en" }).send("/cancel");
});

const used = new Set<string>();
/** An open order of the first workshop the mirror holds, with no money taken. */
function heldOrder(): SandboxOrder {
  const { store } = t.sandbox;
  const order = store.orders.find(
    (o) =>
      o.isVisible &&
      !used.has(o.id) &&
      o.paidCash + o.paidBank === 0 &&
      ["new", "inWork"].includes(store.statusById.get(o.statusId)?.group ?? "") &&
      t.mirror.get(o.id) !== undefined,
  );
  if (!order) throw new Error("no such order");
  used.add(order.id);
  return order;
}

/** The order's card as `user` sees it now. */
async function cardOf(user: TestUser, order: SandboxOrder): Promise<StoredMessage> {
  await user.send(order.number);
  const card = user.lastReply();
  if (!card?.replyMarkup) throw new Error(`no card: ${lastText(user)}`);
  return card;
}

/** Every button of an older card pressed again: what each answered. */
async function pressAll(user: TestUser, card: StoredMessage, labels: readonly string[]): Promise<string[]> {
  const answers: string[] = [];
  for (const label of labels) {
    const calls = await user.pressData(buttonData(card, label), card);
    answers.push(textsOf(calls).join(" "));
  }
  return answers;
}

describe("an older card of a deleted order", () => {
  it("deleted by the bot: 🧾, 🔁 and 🗑 answer that it was deleted, at 0 requests, nothing written (en)", async () => {
    const order = heldOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    const older = await cardOf(op, order);
    const owner = t.user(OWNER, { languageCode: "en" });
    await cardOf(owner, order);
    await owner.press("🗑 Delete");
    await owner.press("✅ Yes");
    expect(t.sandbox.store.orderById.get(order.id)?.isVisible).toBe(false);
    t.mark();
    const labels = ["🧾 Receipt", "🔁 Status", "🗑 Delete"].filter((label) =>
      older.replyMarkup?.inline_keyboard.flat().some((b) => b.text === label),
    );
    expect(labels).toContain("🔁 Status");
    for (const answer of await pressAll(op, older, labels)) expect(answer).toContain("was deleted");
    expect(t.requests()).toBe(0);
    // No dialog was opened: a number typed now is a lookup.
    await op.send(order.number);
    expect(lastText(op)).toContain("was deleted");
    expect(t.requests()).toBe(0);
  });

  it("deleted in the CRM: after the sync its older card's buttons answer that it was deleted, at 0 requests (ru)", async () => {
    const order = heldOrder();
    const op = t.user(OPERATOR, { languageCode: "ru" });
    const older = await cardOf(op, order);
    t.sandbox.others.remove(order.id);
    await t.clock.advance(60_000);
    await t.sync();
    t.mark();
    const labels = ["🧾 Квитанция", "🔁 Статус"].filter((label) =>
      older.replyMarkup?.inline_keyboard.flat().some((b) => b.text === label),
    );
    expect(labels).toContain("🔁 Статус");
    for (const answer of await pressAll(op, older, labels)) expect(answer).toContain("удалён");
    expect(t.requests()).toBe(0);
  });
});

describe("two owners confirming one delete", () => {
  it("at the same moment: one DELETE; the other is told, nothing sent twice (en, ru)", async () => {
    const order = heldOrder();
    const first = t.user(OWNER, { languageCode: "en" });
    const second = t.user(OWNER_2, { languageCode: "ru" });
    await cardOf(first, order);
    await first.press("🗑 Delete");
    await cardOf(second, order);
    await second.press("🗑 Удалить");
    t.mark();
    await Promise.all([first.press("✅ Yes"), second.press("✅ Да")]);
    expect(t.requests()).toBe(1);
    expect(t.sandbox.store.orderById.get(order.id)?.isVisible).toBe(false);
    const told = `${lastText(first)}\n${lastText(second)}`;
    expect(told).toMatch(/deleted|удалён/);
    expect(told).not.toMatch(/did not delete|не удалила/);
  });

  it("one after the other: the second Yes sends nothing and says it was deleted (en)", async () => {
    const order = heldOrder();
    const first = t.user(OWNER, { languageCode: "en" });
    const second = t.user(OWNER_2, { languageCode: "en" });
    await cardOf(first, order);
    await first.press("🗑 Delete");
    await cardOf(second, order);
    await second.press("🗑 Delete");
    await first.press("✅ Yes");
    t.mark();
    await second.press("✅ Yes");
    expect(t.requests()).toBe(0);
    expect(lastText(second)).toContain(`Order ${order.number} deleted.`);
  });
});
