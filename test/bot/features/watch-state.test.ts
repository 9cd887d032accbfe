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

describe("🔔 on an older card", () => {
  it("a card shown before watching still says Watch: its press keeps watching, never stops it (en)", async () => {
    const order = anOrder(3);
    const op = t.user(1, { languageCode: "en" });
    await op.send(order?.number ?? "");
    const older = op.lastReply();
    await op.send(order?.number ?? "");
    await op.press("🔔 Watch"); // on the newer card
    expect((await t.services.users.read(1)).watch).toContain(order?.id);
    // The older card was not touched: it still says Watch, and that is what its press must do.
    const bell = older?.replyMarkup?.inline_keyboard.flat().find((b) => b.text === "🔔 Watch");
    expect(bell).toBeDefined();
    await op.press("🔔 Watch", { message: older });
    expect((await t.services.users.read(1)).watch).toContain(order?.id);
    const relabelled = op.replies().find((m) => m.messageId === older?.messageId);
    expect(relabelled?.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toContain(
      "🔕 Watching · stop",
    );
    // And its press now stops, as it says.
    await op.press("🔕 Watching · stop", { message: relabelled });
    expect((await t.services.users.read(1)).watch).not.toContain(order?.id);
  });
});

describe("🔔 on a card in a group", () => {
  it("a member's press does not relabel the shared card with that member's state (en)", async () => {
    const { callbackUpdate, messageUpdate, telegramUser } = await import("../../helpers/updates.ts");
    const GROUP = -100_4242;
    const order = anOrder(2);
    const from = telegramUser(1, { languageCode: "en" });
    await t.handle(messageUpdate(from, order?.number ?? "", 9001, GROUP));
    const card = t.telegram.botMessages(GROUP).at(-1);
    const bell = card?.replyMarkup?.inline_keyboard.flat().find((b) => b.text === "🔔 Watch");
    expect(bell).toBeDefined();
    const data = bell && "callback_data" in bell ? bell.callback_data : "";
    const message = {
      message_id: card?.messageId ?? 0,
      date: Math.floor(Date.now() / 1000),
      chat: { id: GROUP, type: "supergroup", title: "Shop" },
      text: card?.text ?? "",
      reply_markup: card?.replyMarkup,
    };
    const calls = await t.handle(callbackUpdate(from, data ?? "", message as never));
    expect((await t.services.users.read(1)).watch).toContain(order?.id);
    // Everyone in the group reads this card: the press answers its presser only.
    expect(calls.filter((c) => c.method === "editMessageReplyMarkup")).toHaveLength(0);
    const after = t.telegram.botMessages(GROUP).find((m) => m.messageId === card?.messageId);
    expect(after?.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toContain("🔔 Watch");
  });
});
