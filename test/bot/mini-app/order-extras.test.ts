/**
 * The staff's order page beyond status and comment (issue 38.3): the master's
 * verdict as the card shows it (🔄 reads the full record: one request), and the photos the bot keeps sent to the user's
 * chat (they are Telegram's files), at 0 requests; a viewer may look at them too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPhotoStore } from "../../../src/bot/state/order-photos.ts";
import { createMiniAppBot, type MiniAppBot } from "../../helpers/mini-app.ts";

const OPERATOR = 811;
const VIEWER = 812;
let t: MiniAppBot;

beforeAll(async () => {
  t = await createMiniAppBot({
    operators: [OPERATOR],
    viewers: [VIEWER],
    orders: 60,
    start: new Date("2026-11-18T09:00:00Z"),
  });
});
afterAll(() => t.close());

describe("an order on the page", () => {
  it("shows the master's verdict (🔄: one request), and sends the kept photos to the chat at 0 requests", async () => {
    const order = t.sandbox.store.orders.find((o) => o.isVisible && t.mirror.get(o.id))!;
    // The verdict with a status move, as a master enters it after diagnosis (the sync sees the move).
    const next = [...t.sandbox.store.statusById.values()].find(
      (s) => s.id !== order.statusId && s.group === "inWork",
    )!;
    t.sandbox.others.change(order.id, { recommendation: "  Replace the battery  ", statusId: next.id });
    await t.clock.advance(60_000);
    await t.sync();
    await createPhotoStore(t.services.store).add(order.id, [
      { id: "file-a", by: OPERATOR, at: 1 },
      { id: "file-b", by: OPERATOR, at: 2 },
    ]);
    // The mirror's list record has no verdict; 🔄 on the page reads the full record (one request).
    const held = await t.call(`order?id=${order.id}`, t.initDataFor(VIEWER));
    t.mark();
    const { body } = await t.call(`order?id=${order.id}&refresh=1`, t.initDataFor(VIEWER));
    expect(t.requests()).toBe(1);
    expect(held.body.order.number).toBe(body.order.number);
    expect(body.order.verdict).toBe("Replace the battery");
    t.mark();
    expect(body.photos).toBe(2);
    const sent = await t.call("photos", t.initDataFor(VIEWER), { orderId: order.id });
    expect(sent.body).toMatchObject({ ok: true });
    const album = t.telegram.calls.filter((c) => c.method === "sendMediaGroup").at(-1);
    expect(album?.payload.chat_id).toBe(VIEWER);
    expect(JSON.stringify(album?.payload.media)).toContain("file-b");
    expect(t.requests()).toBe(0);
  });

  it("says so when the order has no photos", async () => {
    const order = t.sandbox.store.orders.filter((o) => o.isVisible && t.mirror.get(o.id)).at(-1)!;
    const sent = await t.call("photos", t.initDataFor(OPERATOR), { orderId: order.id });
    expect(sent.body).toMatchObject({ ok: false, message: "The order has no photos kept." });
  });
});
