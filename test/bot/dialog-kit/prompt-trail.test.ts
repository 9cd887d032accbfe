/**
 * The review fixes that shape the chat as a whole: answered prompts lose their
 * buttons and show the answer, no keyboard has an empty row (the fake Telegram
 * refuses one), staff lists ask for the workshop when several are configured.
 */
import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import { buttonData, buttons, lastText } from "../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot, VIEWER } from "../../helpers/dialog-fixture.ts";
import { FakeTelegram } from "../../helpers/fake-telegram.ts";
import { callsOf, createTestBot, type TestBot } from "../../helpers/test-bot.ts";

let sandbox: Sandbox;
let t: TestBot; // no SHOP_IDS: all three demo workshops

useDialogBot({ viewers: [VIEWER], allShops: true }, (started) => ({ sandbox, t } = started));

describe("fake Telegram", () => {
  it("refuses a reply_markup with an empty inline keyboard row, like a strict Telegram", async () => {
    const telegram = new FakeTelegram();
    const send = (inline_keyboard: unknown) =>
      telegram.fetch("https://api.telegram.org/bot1:x/sendMessage", {
        method: "POST",
        body: JSON.stringify({ chat_id: 1, text: "hi", reply_markup: { inline_keyboard } }),
      });
    const refused = await send([[{ text: "A", callback_data: "a" }], []]);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { description: string }).description).toContain("row is empty");
    expect((await send([[{ text: "A", callback_data: "a" }]])).status).toBe(200);
  });
});

describe("answered prompts", () => {
  it("an answer by button edits the prompt: no buttons, the chosen value appended", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    const shopPrompt = op.lastReply();
    const calls = await op.press("Сервис на Ленина");
    expect(callsOf(calls, "editMessageText")).toHaveLength(1);
    expect(shopPrompt?.text).toBe("Workshop: <b>Сервис на Ленина</b>");
    expect(shopPrompt?.replyMarkup).toBeUndefined();
    const typePrompt = op.lastReply();
    await op.press("Гарантийный ремонт");
    expect(typePrompt?.text).toBe("Order type: <b>Гарантийный ремонт</b>");
    expect(typePrompt?.replyMarkup).toBeUndefined();
  });

  it("a re-prompt strips the copy it replaces; a typed answer removes the buttons; stale presses stay harmless", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    const first = op.lastReply();
    if (!first) throw new Error("no prompt");
    const oldData = buttonData(first, "Сервис на Ленина");
    await op.send("somewhere");
    expect(lastText(op)).toContain("Please choose with a button");
    expect(first.replyMarkup).toBeUndefined();
    const again = op.lastReply();
    await op.press("Сервис Север");
    expect(again?.text).toBe("Workshop: <b>Сервис Север</b>");
    const stale = await op.pressData(oldData, first);
    expect(callsOf(stale, "answerCallbackQuery")[0]?.payload.text).toContain("outdated");
    await op.press("Платный ремонт");
    const clientPrompt = op.lastReply();
    expect(buttons(op)).toContain("➕ New client");
    await op.send("Иван Следов");
    expect(clientPrompt?.replyMarkup).toBeUndefined();
    expect(clientPrompt?.text).toContain("type a phone number or a name");
  });

  it("✖ Cancel removes the prompt's buttons", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    const prompt = op.lastReply();
    await op.press("✖ Cancel");
    expect(prompt?.replyMarkup).toBeUndefined();
    expect(lastText(op)).toContain("Dialog cancelled");
  });

  it("a failing edit (message too old) does not fail the dialog", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    t.telegram.failNext("editMessageText", {
      error_code: 400,
      description: "Bad Request: message can't be edited",
    });
    await op.press("Сервис на Ленина");
    expect(lastText(op)).toContain("Order type");
    await op.press("Платный ремонт");
    expect(lastText(op)).toContain("Client:");
  });
});

describe("staff lists with several workshops", () => {
  it("asks which workshop, lists only its staff, and paging keeps the workshop", async () => {
    const viewer = t.user(VIEWER, { languageCode: "en" });
    await viewer.send("/staff");
    expect(lastText(viewer)).toContain("which workshop");
    expect(buttons(viewer)).toEqual(["Сервис на Ленина", "Сервис Север", "Сервис Юг"]);
    const before = t.serviceRequests();
    await viewer.press("Сервис Север");
    const list = lastText(viewer);
    expect(list).toContain("Workshop: Сервис Север");
    const north = sandbox.shops[1]?.id ?? "";
    const others = sandbox.store.ref.employees.filter((e) => !e.shopIds.includes(north));
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(list).not.toContain(other.name);
    if (buttons(viewer).includes("Next ▶️")) {
      await viewer.press("Next ▶️");
      expect(lastText(viewer)).toContain("Workshop: Сервис Север");
      expect(lastText(viewer)).toContain("page 2");
    }
    // The workshop list and the staff list came from the cache after the first load.
    const spent = t.serviceRequests() - before;
    await viewer.send("/staff");
    await viewer.press("Сервис Север");
    expect(t.serviceRequests() - before).toBe(spent);
  });

  it("keeps the name filter through the workshop pick, in Russian too", async () => {
    const viewer = t.user(VIEWER, { languageCode: "ru" });
    await viewer.send("/masters орлов");
    expect(lastText(viewer)).toContain("какая мастерская");
    await viewer.press("Сервис на Ленина");
    expect(lastText(viewer)).toContain("Орлов");
    expect(lastText(viewer)).toContain("Фильтр: «орлов»");
  });

  it("goes straight to the list with one workshop configured", async () => {
    const one = await createTestBot({
      sandbox,
      viewers: [VIEWER],
      config: { shopIds: [sandbox.shops[0]?.id ?? ""] },
    });
    const viewer = one.user(VIEWER, { languageCode: "en" });
    await viewer.send("/masters");
    expect(lastText(viewer)).toContain("Masters");
    expect(lastText(viewer)).toContain("Workshop: Сервис на Ленина");
    await one.close();
  });
});
