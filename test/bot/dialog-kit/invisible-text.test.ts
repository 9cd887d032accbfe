/**
 * Text that shows nothing (zero-width spaces, word joiners, direction marks,
 * blank "letters") is no answer: the intake's faults and the diagnosis' verdict
 * re-ask in the user's language, and nothing invisible replaces what the order holds.
 */
import { describe, expect, it } from "vitest";
import { textLines, visibleText } from "../../../src/bot/dialog-kit/parse.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import { lastText } from "../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../helpers/dialog-fixture.ts";
import { takeOfferedName } from "../../helpers/offered-name.ts";
import type { TestBot } from "../../helpers/test-bot.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;
useDialogBot({}, (started) => ({ sandbox, t, shopId } = started));

const INVISIBLE = ["\u200B", "\u200B\u200B\u200B", "\u2060\u200E\uFEFF", "\u3164", "\u00AD \u200B", "\u2800"];

describe("visible text", () => {
  it.each(INVISIBLE)("%j reads as nothing typed", (text) => {
    expect(visibleText(text)).toBe("");
    expect(textLines(`${text}\n${text}`)).toEqual([]);
  });

  it("drops invisible characters around and inside text, keeps joiners inside an emoji", () => {
    expect(visibleText("\u200BНе\u200B включается\u2060")).toBe("Не включается");
    expect(textLines("Не включается\n\u200B\nтреснул экран")).toEqual(["Не включается", "треснул экран"]);
    expect(visibleText("👨\u200D🔧")).toBe("👨\u200D🔧");
  });
});

describe("invisible answers in dialogs", () => {
  it("the intake's faults: re-asked (en), then a real fault goes on", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.send("Невидимый Текст");
    await op.press("➕ New client");
    await takeOfferedName(op);
    await op.press("⏭ Skip"); // the new client's phone
    await op.send("Smartphone");
    expect(lastText(op)).toContain("Faults");
    for (const text of INVISIBLE) {
      await op.send(text);
      expect(lastText(op)).toContain("This text shows nothing");
    }
    await op.send("Не включается");
    expect(lastText(op)).toContain("Check the order");
  });

  it("the diagnosis' verdict: re-asked (ru), and the order keeps its verdict", async () => {
    const order = sandbox.store.orders.find(
      (o) =>
        o.shopId === shopId &&
        o.isVisible &&
        ["new", "inWork"].includes(sandbox.store.statusById.get(o.statusId)?.group ?? ""),
    )!;
    const before = order.recommendation;
    const op = t.user(OPERATOR, { languageCode: "ru" });
    await op.send(`/order ${order.number}`);
    await op.press("🩺 Диагностика");
    await op.press("🩺 Заключение");
    await op.send("\u200B");
    expect(lastText(op)).toContain("В этом тексте ничего не видно");
    await op.send("/cancel");
    expect(sandbox.store.orders.find((o) => o.id === order.id)?.recommendation).toBe(before);
  });
});
