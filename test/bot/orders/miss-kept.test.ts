/**
 * An order created in the CRM after the mirror's last sync, looked up by its
 * number as the workshop prints it (prefix and zero padding) or by its digits:
 * the first lookup costs one request, the order is kept, the next lookup costs
 * none and the card's 🔔 Watch works on it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";

let t: MirrorBot;
beforeAll(async () => {
  t = await createMirrorBot({ operators: [1, 2], config: { timezone: "Europe/Moscow" } });
});
afterAll(() => t.close());
beforeEach(() => t.mark());

/** A new order made by the CRM's other users, behind the mirror's back. */
function createdBehindTheMirror(): { id: string; number: string; num: number } {
  const shopId = t.sandbox.store.ref.shops[0]!.id;
  const id = t.sandbox.others.create(shopId, { problem: ["Не включается"] });
  const order = t.sandbox.store.orders.find((o) => o.id === id)!;
  t.mark();
  return { id, number: order.number, num: order.num };
}

describe("an order read through a mirror miss is kept", () => {
  it("by its printed number: one request, then none; 🔔 Watch works (en)", async () => {
    const order = createdBehindTheMirror();
    expect(t.mirror.get(order.id)).toBeUndefined();
    const user = t.user(1, { languageCode: "en" });
    await user.send(order.number);
    expect(user.lastReply()?.text).toContain(order.number);
    expect(t.requests()).toBe(1);
    expect(t.mirror.get(order.id)?.order.id).toBe(order.id);
    await user.send(order.number);
    expect(user.lastReply()?.text).toContain(order.number);
    expect(t.requests()).toBe(1);
    const calls = await user.press("🔔 Watch");
    const answer = calls.find((c) => c.method === "answerCallbackQuery");
    expect(String(answer?.payload.text)).toContain("You will be told");
    expect(t.requests()).toBe(1);
  });

  it("by its digits, in Russian: one request, then none", async () => {
    const order = createdBehindTheMirror();
    const user = t.user(2, { languageCode: "ru" });
    await user.send(String(order.num));
    expect(user.lastReply()?.text).toContain(order.number);
    await user.send(`#${order.num}`);
    expect(user.lastReply()?.text).toContain(order.number);
    expect(t.requests()).toBe(1);
  });

  it("a Latin look-alike spelling with a hyphen finds the same order and keeps it", async () => {
    const order = createdBehindTheMirror();
    const user = t.user(1, { languageCode: "en" });
    await user.send(`A-${order.number.slice(1)}`);
    expect(user.lastReply()?.text).toContain(order.number);
    await user.send(order.number);
    expect(t.requests()).toBe(1);
  });

  it("a part of a number still searches the service (no whole number to keep)", async () => {
    const order = createdBehindTheMirror();
    const user = t.user(1, { languageCode: "en" });
    const part = order.number.slice(0, -1); // "А00106": every number starting so
    await user.send(part);
    expect(t.requests()).toBe(1);
    expect(user.lastReply()?.text ?? "").not.toContain("went wrong");
  });

  it("a number nobody has costs one request and says nothing was found", async () => {
    const user = t.user(1, { languageCode: "en" });
    await user.send("А999999");
    expect(t.requests()).toBe(1);
    expect(user.lastReply()?.text).toMatch(/no order|not found|nothing/i);
  });
});
