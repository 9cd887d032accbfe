import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderAction, orderOpenById, orderRefresh } from "../../../src/bot/ui/callbacks.ts";
import { stripHtml } from "../../../src/bot/ui/messages.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { callsOf, createTestBot, type TestBot } from "../../helpers/test-bot.ts";

const OPERATOR = 1;
let sandbox: Sandbox;
let t: TestBot;
let outsideOrder: { id: string; number: string };

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const [inside, outside] = sandbox.shops;
  if (!inside || !outside) throw new Error("the demo data has fewer than two workshops");
  const order = sandbox.store.orders.find((o) => o.shopId === outside.id && o.isVisible);
  if (!order) throw new Error("no order in the second workshop");
  outsideOrder = { id: order.id, number: order.number };
  t = await createTestBot({ sandbox, operators: [OPERATOR], config: { shopIds: [inside.id] } });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const shown = (calls: Awaited<ReturnType<TestBot["handle"]>>) =>
  calls.map((c) => JSON.stringify(c.payload)).join("\n");

describe("orders of a workshop outside SHOP_IDS", () => {
  it("are not shown by a forged refresh button", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/help");
    const calls = await op.pressData(orderRefresh.encode({ id: outsideOrder.id }));
    expect(shown(calls)).not.toContain(outsideOrder.number);
    expect(callsOf(calls, "answerCallbackQuery")).toHaveLength(1);
  });

  it("are not opened by an old-style list button", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/help");
    const calls = await op.pressData(orderOpenById.encode({ id: outsideOrder.id }));
    expect(shown(calls)).not.toContain(outsideOrder.number);
  });

  it("cannot have their status changed through a forged card action", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/help");
    const calls = await op.pressData(orderAction.encode({ action: "st", id: outsideOrder.id }));
    expect(shown(calls)).not.toContain(outsideOrder.number);
    expect(callsOf(calls, "sendMessage")).toHaveLength(0);
  });

  it("cannot be commented on through a forged action on a card of the configured workshop", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("1042");
    const card = op.lastReply();
    expect(card?.text).toContain("А001042");
    if (!card) throw new Error("no card");
    // Telegram gives the message's plain text with the press (the fake keeps the HTML sent).
    const plain = { ...card, text: stripHtml(card.text) };
    const calls = await op.pressData(orderAction.encode({ action: "cm", id: outsideOrder.id }), plain);
    // The card names another order: the press reads the order (1 GET) and finds it outside SHOP_IDS.
    expect(shown(calls)).not.toContain("Comment on order");
    expect(callsOf(calls, "answerCallbackQuery")).toHaveLength(1);
  });

  it("are still found when they belong to the configured workshop", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("1042");
    expect(op.lastReply()?.text).toContain("А001042");
    const calls = await op.press("🔄 Refresh");
    expect(
      callsOf(calls, "editMessageText").length + callsOf(calls, "answerCallbackQuery").length,
    ).toBeGreaterThan(0);
    expect(shown(calls)).not.toContain("no such record");
  });
});
