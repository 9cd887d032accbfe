/**
 * The staff's texts of issue 32.16, ru and en, through the fake Telegram and
 * the sandbox: "Now: flex. — Skip keeps it" (no double dot), a price kept shown
 * as money, a day-first date with dots read in English too, a mistyped command
 * answered with the one meant. The bot's clock is the test's (20 November 2026).
 */
import { describe, expect, it } from "vitest";
import { GROUP, lastText, openGroup, SKIP } from "../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../helpers/dialog-fixture.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { takeOfferedName } from "../../helpers/offered-name.ts";
import type { TestBot, TestUser } from "../../helpers/test-bot.ts";

let t: TestBot;
useDialogBot({ bot: () => ({ clock: new ManualClock(new Date("2026-11-20T09:00:00Z")) }) }, (started) => {
  t = started.t;
});

describe("the current value of a group's question", () => {
  it.each([
    ["en", "Now: <b>flex.</b> — Skip keeps it."],
    ["ru", "Сейчас: <b>flex.</b> — «Пропустить» оставит как есть."],
  ] as const)(
    "ends its own sentence: no double dot after a value ending in one (%s)",
    async (language, said) => {
      const op = await toSummary(language, `Точка Вконце ${language}`);
      await openGroup(op, DEVICE[language]);
      await op.send("flex.");
      await op.send("A1");
      await op.press(SKIP_IN[language]); // the serial number
      await openGroup(op, DEVICE[language]);
      expect(lastText(op)).toContain(said);
      expect(lastText(op)).not.toContain("..");
    },
  );

  it.each(["en", "ru"] as const)("a price kept reads as money, not a bare number (%s)", async (language) => {
    const op = await toSummary(language, `Цена Сейчас ${language}`);
    await openGroup(op, PRICE[language]);
    await op.send("3500");
    await op.press(SKIP_IN[language]); // the deadline
    await openGroup(op, PRICE[language]);
    const text = lastText(op).replace(/[\u202f\u00a0]/g, " ");
    expect(text).toContain(language === "en" ? "Now: <b>3,500 ₽</b>" : "Сейчас: <b>3 500 ₽</b>");
    expect(text).not.toContain("<b>3500</b>");
  });
});

describe("a deadline typed day-first with dots", () => {
  it.each([
    ["en", "Deadline: 5 Dec 2026, 15:00"],
    ["ru", "Срок: 5 дек"],
  ] as const)("is read in every language: 05.12 15:00 (%s)", async (language, said) => {
    const op = await toSummary(language, `Точечная Дата ${language}`);
    await openGroup(op, PRICE[language]);
    await op.press(SKIP_IN[language]); // price
    await op.send("05.12 15:00");
    expect(lastText(op)).toContain(said);
    expect(lastText(op)).toContain("15:00");
  });
});

const PRICE = { en: GROUP.price, ru: "💰 Цена, срок" } as const;
const DEVICE = { en: GROUP.device, ru: "📱 Марка, модель, серийный" } as const;
const SKIP_IN = { en: SKIP, ru: "⏭ Пропустить" } as const;

/** /new for a new client named by the search, up to the summary, in the clerk's language. */
async function toSummary(language: "en" | "ru", name: string): Promise<TestUser> {
  const op = t.user(OPERATOR, { languageCode: language });
  await op.send("/new");
  await op.press("Платный ремонт");
  await op.send(name);
  await op.press(language === "en" ? "➕ New client" : "➕ Новый клиент");
  await takeOfferedName(op);
  await op.press(SKIP_IN[language]); // the phone
  await op.send("Смартфон");
  await op.send("Не включается");
  expect(lastText(op)).toContain(language === "en" ? "Check the order" : "Проверьте заказ");
  return op;
}

describe("a mistyped command", () => {
  it.each([
    ["en", "There is no command /staus. Did you mean /status?"],
    ["ru", "Команды /staus нет. Может быть, /status?"],
  ] as const)("names the command meant (%s)", async (language, said) => {
    const op = t.user(OPERATOR, { languageCode: language });
    await op.send("/staus");
    expect(lastText(op)).toContain(said);
    await op.send("/qqqqqq");
    expect(lastText(op)).not.toContain("/qqqqqq");
  });
});
