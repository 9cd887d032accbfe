/**
 * 🔔 on the card says whether you watch the order (issue 29.9): "🔔 Watch"
 * while you do not, "🔕 Watching · stop" while you do, on the pressed card at
 * once and on every card shown after; a second press stops and says so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";

let t: MirrorBot;

beforeAll(async () => {
  t = await createMirrorBot({ operators: [1], viewers: [3], orders: 60 });
});
afterAll(() => t.close());

const labels = (user: ReturnType<MirrorBot["user"]>) =>
  user
    .lastReply()
    ?.replyMarkup?.inline_keyboard.flat()
    .map((b) => b.text) ?? [];
const anOrder = (skip = 0) => t.sandbox.store.orders.filter((o) => o.isVisible)[skip];

describe("🔔 says its state", () => {
  it("Watch, then Watching · stop on the same card and the next; a second press stops (en)", async () => {
    const order = anOrder(0);
    const op = t.user(1, { languageCode: "en" });
    await op.send(order?.number ?? "");
    expect(labels(op)).toContain("🔔 Watch");
    const card = op.lastReply();
    await op.press("🔔 Watch");
    expect((await t.services.users.read(1)).watch).toEqual([order?.id]);
    // The pressed card's button changed in place.
    const pressed = op.replies().find((m) => m.messageId === card?.messageId);
    expect(pressed?.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toContain("🔕 Watching · stop");
    await op.send(order?.number ?? "");
    expect(labels(op)).toContain("🔕 Watching · stop");
    expect(labels(op)).not.toContain("🔔 Watch");
    await op.press("🔕 Watching · stop");
    expect((await t.services.users.read(1)).watch).toEqual([]);
    expect(labels(op)).toContain("🔔 Watch");
  });

  it("each reader sees their own state (ru, a viewer)", async () => {
    const order = anOrder(1);
    const viewer = t.user(3, { languageCode: "ru" });
    await viewer.send(order?.number ?? "");
    await viewer.press("🔔 Следить");
    await viewer.send(order?.number ?? "");
    expect(labels(viewer)).toContain("🔕 Слежу · снять");
    const op = t.user(1, { languageCode: "ru" });
    await op.send(order?.number ?? "");
    expect(labels(op)).toContain("🔔 Следить");
  });
});
