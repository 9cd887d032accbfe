/**
 * A deleted order's bare number (issue 32.10): it says the order was deleted,
 * by whom and when, as `/order N` does, and offers nothing of another client's
 * even when their phone holds the same digits; `/deleted` in a clerk's hands
 * says it is the owners' list. ru and en; the test's own clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import { buttons, lastText } from "../../helpers/dialog-driver.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";

const OPERATOR = 1;
const OWNER = 2;
let t: MirrorBot;

beforeAll(async () => {
  t = await createMirrorBot({
    clock: new ManualClock(new Date("2026-06-15T11:05:00Z")),
    operators: [OPERATOR],
    config: { ownerIds: [OWNER], timezone: "Europe/Moscow" },
    clients: true,
    orders: 160,
  });
});
afterAll(() => t.close());

const used = new Set<string>();
/** An open order the mirror holds, nothing paid, whose number has 4 digits or more. */
function heldOrder(): SandboxOrder {
  const { store } = t.sandbox;
  const order = store.orders.find(
    (o) =>
      o.isVisible &&
      o.num >= 1000 &&
      !used.has(o.id) &&
      ["new", "inWork", "wait"].includes(store.statusById.get(o.statusId)?.group ?? "") &&
      t.mirror.get(o.id) !== undefined &&
      o.paidCash + o.paidBank === 0,
  );
  if (!order) throw new Error("no such order");
  used.add(order.id);
  return order;
}

/** A bot with a mirror of its own over the same sandbox: it reads the clients' phones as they are now. */
const freshBot = () =>
  createMirrorBot({
    sandbox: t.sandbox,
    clock: t.clock,
    operators: [OPERATOR],
    config: { ownerIds: [OWNER], timezone: "Europe/Moscow" },
    clients: true,
  });

/** Another client's phone made to hold the order's digits (the mirror learns it from its client sync). */
function phoneWithDigitsOf(order: SandboxOrder): string {
  const other = t.sandbox.store.counteragents.find(
    (c) => c.id !== order.counteragentId && c.phones.length > 0 && !used.has(c.id),
  );
  if (!other) throw new Error("no other client");
  used.add(other.id);
  other.phones = [`+7 9167${String(order.num).padStart(6, "0")}`];
  return other.name;
}

describe("a deleted order's bare number", () => {
  it.each([
    ["en", "Anna", "🗑 Delete", "✅ Yes", "was deleted by Anna on 15 Jun 2026, 14:05"],
    ["ru", "Анна", "🗑 Удалить", "✅ Да", "удалил(а) Анна"],
  ] as const)(
    "says who deleted it and when, as /order does, and offers no one else's (%s)",
    async (language, name, remove, yes, said) => {
      const order = heldOrder();
      const other = phoneWithDigitsOf(order);
      // The other client's phone is synced into the mirror before the delete.
      const fresh = await freshBot();
      try {
        const op = fresh.user(OPERATOR, { languageCode: language, firstName: name });
        await op.send(order.number);
        await op.press(remove);
        await op.press(yes);
        expect(t.sandbox.store.orderById.get(order.id)?.isVisible).toBe(false);
        fresh.mark();
        await op.send(String(order.num));
        const bare = lastText(op);
        expect(bare).toContain(said);
        expect(bare).toContain(order.number);
        // Nothing of the client whose phone holds the same digits: no button, no name.
        expect(JSON.stringify(op.lastReply())).not.toContain(other);
        expect(buttons(op)).toEqual([]);
        await op.send(`/order ${order.num}`);
        expect(lastText(op)).toBe(bare);
        // Digits alone may be another workshop's order (each numbers its own): asked once, then known.
        expect(fresh.requests()).toBeLessThanOrEqual(1);
      } finally {
        await fresh.close();
      }
    },
  );
});

describe("a deleted order's bare number and another client's orders", () => {
  it("shows none of the orders whose client's phone holds the digits (en)", async () => {
    const order = heldOrder();
    const { store } = t.sandbox;
    const theirs = store.orders.find(
      (o) =>
        o.isVisible &&
        o.counteragentId !== order.counteragentId &&
        !used.has(o.counteragentId) &&
        t.mirror.get(o.id) !== undefined,
    );
    const client = store.counteragents.find((c) => c.id === theirs?.counteragentId);
    if (!theirs || !client) throw new Error("no other client with a held order");
    used.add(client.id);
    client.phones = [`+7 9167${String(order.num).padStart(6, "0")}`];
    // A fresh mirror reads the other client's order with that phone.
    const fresh = await freshBot();
    try {
      expect(
        fresh.mirror.list({ text: String(order.num).padStart(6, "0") }).items.map((h) => h.order.id),
      ).toContain(theirs.id);
      const op = fresh.user(OPERATOR, { languageCode: "en", firstName: "Anna" });
      await op.send(order.number);
      await op.press("🗑 Delete");
      await op.press("✅ Yes");
      await op.send(String(order.num));
      expect(lastText(op)).toContain("was deleted by Anna");
      expect(JSON.stringify(op.lastReply())).not.toContain(theirs.number);
      expect(JSON.stringify(op.lastReply())).not.toContain(client.name);
    } finally {
      await fresh.close();
    }
  });
});

describe("/deleted", () => {
  it.each([
    ["en", "owners' list of deleted orders", "Money and reports"],
    ["ru", "список удалённых заказов для владельцев", "Деньги и отчёты"],
  ] as const)(
    "a clerk is told it is the owners' list, not the money's (%s)",
    async (language, said, notSaid) => {
      const op = t.user(OPERATOR, { languageCode: language });
      await op.send("/deleted");
      expect(lastText(op)).toContain(said);
      expect(lastText(op)).not.toContain(notSaid);
      const owner = t.user(OWNER, { languageCode: language });
      await owner.send("/deleted");
      expect(lastText(owner)).not.toContain(said);
    },
  );
});
