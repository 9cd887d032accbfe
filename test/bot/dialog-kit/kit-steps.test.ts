/**
 * The shared dialog steps (dialog-kit) in a dialog of their own, as a new
 * dialog would use them: each with good and bad input in ru and en; a bad
 * answer is re-asked in the user's language and the dialog goes on.
 */
import { createConversation } from "@grammyjs/conversations";
import { Composer } from "grammy";
import { describe, expect, it } from "vitest";
import type { BotContext, BotServices, DialogContext } from "../../../src/bot/context.ts";
import { type Dialog, startRun } from "../../../src/bot/dialog-kit/ask.ts";
import { askDate } from "../../../src/bot/dialog-kit/ask-date.ts";
import { askMoney } from "../../../src/bot/dialog-kit/ask-money.ts";
import { askStaff, STAFF_PAGE } from "../../../src/bot/dialog-kit/ask-staff.ts";
import { askText, askYesNo } from "../../../src/bot/dialog-kit/prompts.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import type { Employee } from "../../../src/service/index.ts";
import { buttons, lastText } from "../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../helpers/dialog-fixture.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import type { TestBot, TestUser } from "../../helpers/test-bot.ts";

const RU = OPERATOR + 1;
/** Starts a dialog on a Russian Telegram and answers it on an English one. */
const SWITCHED = OPERATOR + 2;
/** 10:00 UTC = 13:00 in Moscow (the bot's TIMEZONE here, whatever the suite's), closing time 19:00. */
const NOW = Date.UTC(2026, 10, 25, 10, 0);
/** A workshop id the reference answers with more masters than one page holds. */
const CROWDED = "crowded";
const crowd: Employee[] = Array.from({ length: STAFF_PAGE + 3 }, (_, i) => ({
  id: `m${i}`,
  name: `Мастер ${String(i + 1).padStart(2, "0")}`,
})) as Employee[];

/** `/kit <step>`: runs one step and replies with what it answered. */
async function kitDialog(dialog: Dialog, ctx: DialogContext, step: string, shopId: string): Promise<void> {
  const run = await startRun(dialog);
  let value: unknown;
  if (step === "date") value = await askDate(run, ctx, { prompt: "Date?", quick: true, allowClear: true });
  if (step === "money") value = await askMoney(run, ctx, { prompt: "Amount?" });
  if (step === "range") value = await askMoney(run, ctx, { prompt: "Amount?", min: 100, max: 5000 });
  if (step === "zero") value = await askMoney(run, ctx, { prompt: "Amount?", min: 0, max: 5000 });
  if (step === "skip") value = await askMoney(run, ctx, { prompt: "Amount?", skippable: true });
  if (step === "text") value = await askText(run, ctx, { prompt: "Text?", min: 3, max: 10 });
  if (step === "yesno") value = await askYesNo(run, ctx, { prompt: "Sure?" });
  if (step === "staff" || step === "crowd")
    value = await askStaff(run, ctx, {
      role: "master",
      shopId: step === "crowd" ? CROWDED : shopId,
      prompt: step === "crowd" ? undefined : "Who?",
      empty: "nobody",
    });
  await ctx.reply(`result: ${JSON.stringify(value ?? null)}`);
}

function kitFeature(shopId: string) {
  return (services: BotServices) => {
    const masters = services.reference.masters.bind(services.reference);
    services.reference.masters = (id: string) => (id === CROWDED ? Promise.resolve(crowd) : masters(id));
    const feature = new Composer<BotContext>();
    feature.use(createConversation<BotContext, DialogContext>(kitDialog, "kit"));
    feature.command("kit", (ctx) => ctx.conversation.enter("kit", ctx.match, shopId));
    return [feature];
  };
}

let t: TestBot;
let sandbox: Sandbox;
let shopId: string;
useDialogBot(
  {
    operators: [OPERATOR, RU, SWITCHED],
    bot: (_sandbox, shopId) => ({
      clock: new ManualClock(new Date(NOW)),
      // The expected instants are Moscow's (UTC+3): pinned, so the clock matrix's other zones do not move them.
      config: { timezone: "Europe/Moscow" },
      deps: { features: kitFeature(shopId) },
    }),
  },
  (started) => ({ t, sandbox, shopId } = started),
);

const en = (): TestUser => t.user(OPERATOR, { languageCode: "en" });
const ru = async (): Promise<TestUser> => {
  const user = t.user(RU, { languageCode: "ru" });
  await user.send("/cancel");
  return user;
};
/** What the step answered, parsed from the dialog's last reply. */
const result = (user: TestUser): unknown => JSON.parse(lastText(user).replace(/^result: /, ""));

describe("askDate", () => {
  it("re-asks unreadable and past dates, then takes a typed date at the closing time (en)", async () => {
    const op = en();
    await op.send("/kit date");
    await op.send("13/45");
    expect(lastText(op)).toContain("I could not read the date");
    await op.send("1/1/2020");
    expect(lastText(op)).toContain("is in the past");
    await op.send("12/25");
    expect(result(op)).toBe(Date.UTC(2026, 11, 25, 16, 0));
  });

  it("offers +1, +2, +3, +7 days at the closing time and a 🗑 No date (ru)", async () => {
    const op = await ru();
    await op.send("/kit date");
    expect(buttons(op)).toEqual(["чт 26.11", "пт 27.11", "сб 28.11", "ср 02.12", "🗑 Без даты", "✖ Отмена"]);
    await op.send("абв");
    expect(lastText(op)).toContain("Не понял дату");
    await op.press("сб 28.11");
    expect(result(op)).toBe(Date.UTC(2026, 10, 28, 16, 0));
    await op.send("/kit date");
    await op.press("🗑 Без даты");
    expect(result(op)).toBeNull();
    await op.send("/kit date");
    await op.send("завтра 12:30");
    expect(result(op)).toBe(Date.UTC(2026, 10, 26, 9, 30));
  });
});

describe("askDate in the answer's language", () => {
  it("a dialog asked in Russian reads an English answer's '12/25' and '25.12' as 25 December (en), and '25.12' back in Russian", async () => {
    const asked = t.user(SWITCHED, { languageCode: "ru" });
    const answering = t.user(SWITCHED, { languageCode: "en" });
    await asked.send("/kit date");
    expect(buttons(asked)).toContain("🗑 Без даты");
    await answering.send("12/25");
    expect(result(answering)).toBe(Date.UTC(2026, 11, 25, 16, 0));
    await asked.send("/kit date");
    // Dots are day-first in every language (issue 32.16): English reads 25.12 as 25 December too.
    await answering.send("25.12");
    expect(result(answering)).toBe(Date.UTC(2026, 11, 25, 16, 0));
    await asked.send("/kit date");
    await asked.send("25.12");
    expect(result(asked)).toBe(Date.UTC(2026, 11, 25, 16, 0));
  });
});

describe("askMoney", () => {
  it("re-asks abc, -5, 1e309, blank and absurd amounts; reads '1,500' as English (en)", async () => {
    const op = en();
    await op.send("/kit money");
    for (const bad of ["abc", "-5", "1e309", "1.505"]) {
      await op.send(bad);
      expect(lastText(op), bad).toContain("A positive amount is needed");
    }
    await op.send("   ");
    expect(lastText(op)).toContain("Amount?");
    await op.send("999999999999");
    expect(lastText(op)).toContain("The amount is too large: at most 100,000,000 ₽.");
    await op.send("1,500");
    expect(result(op)).toBe(1500);
  });

  it("reads '1 500,50' and refuses an ambiguous '1,500' (ru)", async () => {
    const op = await ru();
    await op.send("/kit money");
    await op.send("1,500");
    expect(lastText(op)).toContain("Нужна положительная сумма");
    await op.send("1 500,50");
    expect(result(op)).toBe(1500.5);
  });

  it("skippable: ⏭ Skip answers nothing, a typed amount its number, a bad one is re-asked (en, ru)", async () => {
    const op = en();
    await op.send("/kit skip");
    await op.send("abc");
    expect(lastText(op)).toContain("A positive amount is needed");
    await op.press("⏭ Skip");
    expect(result(op)).toBe(null);
    const rus = await ru();
    await rus.send("/kit skip");
    await rus.send("-5");
    expect(lastText(rus)).toContain("Нужна положительная сумма");
    await rus.send("2 500");
    expect(result(rus)).toBe(2500);
  });

  it("keeps to min and max, saying which (en, ru); min 0 lets a zero through", async () => {
    const op = en();
    await op.send("/kit range");
    await op.send("50");
    expect(lastText(op)).toContain("The amount is too small: at least 100 ₽.");
    await op.send("6000");
    expect(lastText(op)).toContain("at most 5,000 ₽.");
    await op.send("100");
    expect(result(op)).toBe(100);
    const rus = await ru();
    await rus.send("/kit range");
    await rus.send("6000");
    expect(lastText(rus)).toMatch(/не больше 5\s000 ₽/);
    await rus.send("0");
    expect(lastText(rus)).toContain("Нужна положительная сумма");
    await rus.send("/cancel");
    await rus.send("/kit zero");
    await rus.send("0");
    expect(result(rus)).toBe(0);
  });
});

describe("askText", () => {
  it("states its limits and keeps to them (en, ru)", async () => {
    const op = en();
    await op.send("/kit text");
    expect(lastText(op)).toContain("From 3 to 10 characters.");
    await op.send("ab");
    expect(lastText(op)).toContain("Too short: at least 3 characters.");
    await op.send("abcdefghijk");
    expect(lastText(op)).toContain("Too long: 10 characters at most.");
    await op.send("🔧🔧🔧🔧🔧🔧🔧🔧🔧🔧");
    expect(result(op)).toBe("🔧🔧🔧🔧🔧🔧🔧🔧🔧🔧");
    const rus = await ru();
    await rus.send("/kit text");
    expect(lastText(rus)).toContain("От 3 до 10 символов.");
    await rus.send("аб");
    expect(lastText(rus)).toContain("Слишком коротко: не меньше 3 символов.");
    await rus.send("экран");
    expect(result(rus)).toBe("экран");
  });
});

describe("askYesNo", () => {
  it("takes the buttons and the words, re-asks anything else (en, ru)", async () => {
    const op = en();
    await op.send("/kit yesno");
    await op.send("maybe");
    expect(lastText(op)).toContain("Sure?");
    await op.send("no");
    expect(result(op)).toBe(false);
    const rus = await ru();
    await rus.send("/kit yesno");
    await rus.send("да");
    expect(result(rus)).toBe(true);
  });
});

describe("askStaff", () => {
  it("picks by button or by a part of the name; an unknown name is re-asked (en)", async () => {
    const op = en();
    await op.send("/kit staff");
    const [first] = buttons(op);
    expect(first).toBeTruthy();
    await op.send("Nobody Like This");
    expect(lastText(op)).toContain("No such person here");
    await op.press(first!);
    expect((result(op) as { name: string }).name).toBe(first);
  });

  it("pages a long list, and a typed name finds someone on another page (ru)", async () => {
    const op = await ru();
    await op.send("/kit crowd");
    expect(lastText(op)).toBe("Мастер:");
    expect(buttons(op)).toEqual([...crowd.slice(0, STAFF_PAGE).map((m) => m.name), "Ещё ▶", "✖ Отмена"]);
    await op.press("Ещё ▶");
    expect(buttons(op)).toEqual([...crowd.slice(STAFF_PAGE).map((m) => m.name), "◀ Назад", "✖ Отмена"]);
    await op.press("Мастер 10");
    expect(result(op)).toEqual({ id: "m9", name: "Мастер 10" });
    await op.send("/kit crowd");
    await op.send("мастер 1");
    expect(lastText(op)).toContain("Не нашёл такого сотрудника");
    await op.send("мастер 11");
    expect(result(op)).toEqual({ id: "m10", name: "Мастер 11" });
  });

  it("a service failure while loading the list offers 🔁 Try again and the dialog survives (en)", async () => {
    const op = en();
    t.services.reference.invalidate("masters", shopId);
    sandbox.faults.set({ errorRate: 1 });
    await op.send("/kit staff");
    expect(buttons(op)).toContain("🔁 Try again");
    sandbox.faults.clear();
    await op.press("🔁 Try again");
    expect(lastText(op)).toContain("Who?");
    await op.press(buttons(op)[0]!);
    expect(lastText(op)).toMatch(/^result: \{"id":/);
  });
});
