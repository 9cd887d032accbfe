/**
 * Findings of the fuzzer and the crash tests, one case each: presses by anyone
 * but the dialog's owner, non-canonical button numbers, a typed answer after a
 * crash that lost the newest step, a typed /cancel, the trail of a skipped
 * step, and buttons pressed where there is no chat to answer in.
 */
import { describe, expect, it } from "vitest";
import { parseIndex, pickIndex } from "../../../src/bot/dialog-kit/ask.ts";
import { DIALOG_NAMESPACE } from "../../../src/bot/dialog-kit/plugins.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import { buttonData, fillOrder, lastText, SKIP } from "../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot, VIEWER } from "../../helpers/dialog-fixture.ts";
import { takeOfferedName } from "../../helpers/offered-name.ts";
import { callsOf, type TestBot } from "../../helpers/test-bot.ts";
import { callbackUpdate, telegramUser } from "../../helpers/updates.ts";

const OPERATOR_2 = 102;
let sandbox: Sandbox;
let t: TestBot;

useDialogBot(
  { operators: [OPERATOR, OPERATOR_2], viewers: [VIEWER] },
  (started) => ({ sandbox, t } = started),
);

const callbackAnswers = (calls: { method: string; payload: Record<string, unknown> }[]) =>
  callsOf(calls, "answerCallbackQuery").map((c) => String(c.payload.text ?? ""));

describe("a press by someone else on the clerk's prompt", () => {
  it("a viewer's ✖ Cancel is refused and the dialog waits on", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    const viewer = t.user(VIEWER, { languageCode: "en" });
    await op.send("/new");
    const prompt = op.lastReply();
    if (!prompt) throw new Error("no prompt");
    const calls = await viewer.press("✖ Cancel", { message: prompt });
    expect(callbackAnswers(calls)).toEqual(["This button belongs to someone else's dialog."]);
    expect(callsOf(calls, "sendMessage")).toEqual([]);
    expect(callsOf(calls, "editMessageReplyMarkup")).toEqual([]);
    expect(op.lastReply()?.messageId).toBe(prompt.messageId);
    // The owner's own answer still counts.
    await op.press("Платный ремонт");
    expect(lastText(op)).toContain("Client:");
  });

  it("another operator's ✅ Create on the clerk's summary creates nothing", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    const other = t.user(OPERATOR_2, { languageCode: "en" });
    await fillOrder(op, { client: { query: "Чужой Нажим" } });
    const summary = op.lastReply();
    if (!summary) throw new Error("no summary");
    const before = sandbox.store.orders.length;
    const calls = await other.pressData(buttonData(summary, "✅ Create"), summary);
    expect(callbackAnswers(calls)).toEqual(["This button belongs to someone else's dialog."]);
    expect(sandbox.store.orders.length).toBe(before);
    expect(op.lastReply()?.messageId).toBe(summary.messageId);
    await op.press("✅ Create");
    expect(sandbox.store.orders.length).toBe(before + 1);
  });
});

describe("button numbers", () => {
  it("only the canonical form within range is an index", () => {
    expect(parseIndex("0", 3)).toBe(0);
    expect(parseIndex("2", 3)).toBe(2);
    expect(parseIndex("120", 200)).toBe(120);
    expect(parseIndex("3", 3)).toBeUndefined();
    for (const bad of ["00", "01", "007", "-1", "+1", " 1", "1 ", "1.0", "1e1", "", "1000", "٣"])
      expect(parseIndex(bad, 2000), bad).toBeUndefined();
    expect(pickIndex(["a", "b"], "1")).toBe("b");
    expect(pickIndex(["a", "b"], "00")).toBeUndefined();
  });

  it("dg:<tag>:00 picks nothing: a re-prompt, the step stays", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    const prompt = op.lastReply();
    if (!prompt) throw new Error("no prompt");
    const data = buttonData(prompt, "Платный ремонт");
    const tag = data.split(":")[1];
    for (const value of ["00", "01"]) {
      await op.pressData(`dg:${tag}:${value}`, op.lastReply());
      expect(lastText(op)).toContain("Please choose with a button below.");
      expect(lastText(op)).toContain("Order type:");
    }
  });
});

describe("a crash between a prompt and the saved state", () => {
  it("a typed answer to the lost newer prompt asks the saved step again", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.send("Крэш Тестов");
    await op.press("➕ New client");
    await takeOfferedName(op);
    await op.press("⏭ Skip"); // the new client's phone
    expect(lastText(op)).toContain("Device type");
    const dialogs = t.store.adapter<unknown>(DIALOG_NAMESPACE);
    // A copy: the memory store hands out the live object.
    const saved = structuredClone(await dialogs.read(String(OPERATOR)));
    expect(saved).toBeDefined();
    await op.send("Smartphone"); // the Faults prompt is sent...
    expect(lastText(op)).toContain("Faults");
    // ...and the bot dies before the state is saved: the older state is what storage holds.
    await dialogs.write(String(OPERATOR), saved);
    await op.send("Не включается");
    expect(lastText(op)).toContain("Let's repeat this step.");
    expect(lastText(op)).toContain("Device type");
    await op.send("Smartphone");
    expect(lastText(op)).toContain("Faults");
    // Without a crash, typed answers go on as usual.
    await op.send("Не включается");
    expect(lastText(op)).toContain("Check the order");
  });
});

describe("prompt trail", () => {
  it("a typed /cancel strips the open prompt's buttons", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    const prompt = op.lastReply();
    expect(prompt?.replyMarkup).toBeDefined();
    const calls = await op.send("/cancel");
    expect(callsOf(calls, "editMessageReplyMarkup")).toHaveLength(1);
    expect(prompt?.replyMarkup).toBeUndefined();
    expect(lastText(op)).toContain("Dialog cancelled");
  });

  it("a skipped step shows — instead of the Skip button's label", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.send("Пропуск Шагов");
    await op.press("➕ New client");
    await takeOfferedName(op);
    await op.press("⏭ Skip"); // the new client's phone
    await op.send("Smartphone");
    await op.send("Не включается");
    await op.press("👤 Client details");
    const phone = op.lastReply();
    await op.press(SKIP);
    expect(phone?.text).toBe("Client's phone: <b>—</b>");
    expect(phone?.text).not.toContain("Skip");
  });
});

describe("buttons without a chat to answer in", () => {
  const from = telegramUser(OPERATOR, { languageCode: "en" });
  const cases = [
    ["no message at all", "or:1", undefined],
    ["no message at all (a dialog button)", "dg:abc1:0", undefined],
    ["oo: on an inline message", "oo:1", "inl-1"],
    ["sl: on an inline message", "sl:m:-:-:2", "inl-2"],
  ] as const;
  for (const [name, data, inline] of cases) {
    it(`${name}: answered once, plainly, no apology`, async () => {
      const calls = await t.handle(callbackUpdate(from, data, undefined, inline));
      expect(callbackAnswers(calls)).toEqual(["This button works only in the chat with the bot."]);
      expect(calls.map((c) => c.method)).toEqual(["answerCallbackQuery"]);
    });
  }

  it("the card's 🔄 Refresh still works on an inline message", async () => {
    const order = sandbox.store.orders[0];
    if (!order) throw new Error("no order");
    const calls = await t.handle(callbackUpdate(from, `or:${order.id}`, undefined, "inl-3"));
    expect(callbackAnswers(calls)).not.toContain("This button works only in the chat with the bot.");
    expect(callsOf(calls, "answerCallbackQuery")).toHaveLength(1);
  });
});
