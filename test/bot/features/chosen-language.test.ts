/**
 * The language chosen with /language wins over the Telegram client's language
 * everywhere: texts, dates and amounts, shown and parsed, inside dialogs too
 * (they see no session), and the command menu of the user's chat follows it.
 */

import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import { buttons, fillOrder, GROUP, lastText, openGroup, SKIP } from "../../helpers/dialog-driver.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { takeOfferedName } from "../../helpers/offered-name.ts";
import { useSandboxBot } from "../../helpers/sandbox-bot.ts";
import { callsOf, type TestBot, type TestUser } from "../../helpers/test-bot.ts";

/** One operator per test: each keeps its own language and dialog. */
const [EN_ON_RU, RU_ON_EN, MENU, MENU_FAILS] = [111, 112, 113, 114];
let sandbox: Sandbox;
let t: TestBot;

useSandboxBot(
  (started) => ({
    operators: [EN_ON_RU, RU_ON_EN, MENU, MENU_FAILS],
    config: { shopIds: [started.shops[0]?.id ?? ""] },
    // 2026-11-24 is a Tuesday (12:00 in Moscow).
    clock: new ManualClock(new Date("2026-11-24T09:00:00Z")),
  }),
  (started) => ({ sandbox, t } = started),
);

async function choose(user: TestUser, label: string): Promise<void> {
  await user.send("/language");
  await user.press(label);
}

/** /new in Russian up to the deadline prompt. */
async function toDeadlineRu(ru: TestUser): Promise<void> {
  await ru.send("/new");
  await ru.press("Платный ремонт");
  await ru.send("Язык Выбранный");
  await ru.press("➕ Новый клиент");
  await takeOfferedName(ru);
  await ru.press("⏭ Пропустить"); // the new client's phone
  await ru.send("Смартфон");
  await ru.send("Не включается");
  await ru.press("💰 Цена, срок");
  await ru.press("⏭ Пропустить"); // price
}

describe("the language chosen with /language", () => {
  it("English chosen on a Russian Telegram: dialog dates and amounts are English, shown and parsed", async () => {
    const op = t.user(EN_ON_RU, { languageCode: "ru" });
    await choose(op, "🇬🇧 English");
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.send("Chosen English");
    await op.press("➕ New client");
    await takeOfferedName(op);
    await op.press("⏭ Skip"); // the new client's phone
    await op.send("Smartphone");
    await op.send("Does not start");
    await openGroup(op, GROUP.price);
    await op.press(SKIP); // price
    expect(lastText(op)).toContain("Deadline");
    expect(buttons(op).slice(0, 4)).toEqual(["Wed Nov 25", "Thu Nov 26", "Fri Nov 27", "Tue Dec 1"]);
    // The English month/day form is read as such, and echoed in English.
    const prompt = op.lastReply();
    await op.send("12/25");
    expect(prompt?.text).toContain("<b>25 Dec 2026, 19:00</b>");
    await op.send("/cancel");

    await fillOrder(op, {
      client: { query: "Chosen English" },
      prepayment: async (u) => {
        await u.press("Касса Ленина (cash, bank)");
        await u.press("💵 Cash");
        await u.send("1,500.50");
      },
    });
    expect(lastText(op)).toContain("1,500.50 ₽");
  });

  it("Russian chosen on an English Telegram: dialog dates and amounts are Russian, shown and parsed", async () => {
    const op = t.user(RU_ON_EN, { languageCode: "en" });
    await choose(op, "🇷🇺 Русский");
    await toDeadlineRu(op);
    expect(buttons(op).slice(0, 4)).toEqual(["ср 25.11", "чт 26.11", "пт 27.11", "вт 01.12"]);
    const prompt = op.lastReply();
    await op.send("25.12");
    expect(prompt?.text).toContain("<b>25 дек. 2026, 19:00</b>");
  });

  it("sets the command menu of the user's chat in the chosen language", async () => {
    const op = t.user(MENU, { languageCode: "ru" });
    await op.send("/language");
    const calls = await op.press("🇬🇧 English");
    const set = callsOf(calls, "setMyCommands");
    expect(set).toHaveLength(1);
    expect(set[0]?.payload.scope).toEqual({ type: "chat", chat_id: MENU });
    const commands = set[0]?.payload.commands as { command: string; description: string }[];
    expect(commands.find((c) => c.command === "language")?.description).toBe("Change the language");
    await op.send("/language");
    const back = callsOf(await op.press("🇷🇺 Русский"), "setMyCommands");
    const russian = back[0]?.payload.commands as { command: string; description: string }[];
    expect(russian.find((c) => c.command === "language")?.description).toBe("Сменить язык");
  });

  it("inline answers and cards outside dialogs follow the choice too", async () => {
    const op = t.user(MENU, { languageCode: "ru" });
    await choose(op, "🇬🇧 English");
    const hint = callsOf(await op.inline("10"), "answerInlineQuery")[0]?.payload.button;
    expect(hint).toMatchObject({ text: "Type an order number (at least 3 characters)" });
    await op.send("1042");
    expect(lastText(op)).toContain("<b>Order А001042</b>");
  });

  it("a double press of a language button says it once (the second edit changes nothing)", async () => {
    const op = t.user(MENU, { languageCode: "ru" });
    await op.send("/language");
    // Both presses come from the message as it was asked (the second before the edit reached the client).
    const asked = structuredClone(op.lastReply());
    const english = asked?.replyMarkup?.inline_keyboard.flat().find((b) => b.text === "🇬🇧 English");
    const data = english && "callback_data" in english ? (english.callback_data ?? "") : "";
    const first = await op.pressData(data, asked);
    expect(callsOf(first, "editMessageText")).toHaveLength(1);
    const second = await op.pressData(data, asked);
    expect(callsOf(second, "answerCallbackQuery")).toHaveLength(1);
    expect(callsOf(second, "sendMessage")).toHaveLength(0);
    expect(lastText(op)).toBe("✅ The language is now English.");
  });

  it("a failing setMyCommands still switches the language and says so", async () => {
    const op = t.user(MENU_FAILS, { languageCode: "ru" });
    await op.send("/language");
    t.telegram.failNext("setMyCommands", { error_code: 400, description: "Bad Request: chat not found" });
    await op.press("🇬🇧 English");
    expect(lastText(op)).toBe("✅ The language is now English.");
    await op.send("/cancel");
    expect(lastText(op)).not.toMatch(/[а-я]/i);
  });
});
