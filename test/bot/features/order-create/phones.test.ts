/**
 * Phones typed in the intake (issue 29.3): read as numbers of the shop's
 * country, so `8 903 555-1-22` (ten digits with the trunk 8) is no phone and is
 * asked again; a new client is asked for a phone (skippable).
 */
import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import { lastText, SKIP } from "../../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../../helpers/dialog-fixture.ts";
import { takeOfferedName } from "../../../helpers/offered-name.ts";
import type { TestBot } from "../../../helpers/test-bot.ts";

let sandbox: Sandbox;
let t: TestBot;

useDialogBot({}, (started) => ({ sandbox, t } = started));

const clientOf = (name: string) => sandbox.store.counteragents.find((c) => c.name === name);

describe("a phone searched that is no whole number", () => {
  it("8 903 555-1-22 is not kept: the phone is asked again, and a right one is saved (en)", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.send("8 903 555-1-22");
    expect(lastText(op)).toContain("Nobody found with the phone");
    await op.send("Десять Цифр");
    expect(lastText(op)).toContain("“8 903 555-1-22” is not a whole phone number");
    expect(lastText(op)).toContain("Client's phone:");
    await op.send("8 903 555-1-22");
    expect(lastText(op)).toContain("That is not a phone number here");
    await op.send("8 903 555-11-22");
    expect(lastText(op)).toContain("Device type");
    await op.send("Smartphone");
    await op.send("Не включается");
    expect(lastText(op)).toContain("Десять Цифр (new)\n   Phone: +7 903 555-11-22");
    await op.press("✅ Create");
    expect(clientOf("Десять Цифр")?.phones).toEqual(["+7 903 555-11-22"]);
  });

  it("the same in Russian; Skip leaves the client without a phone", async () => {
    const ru = t.user(OPERATOR, { languageCode: "ru" });
    await ru.send("/new");
    await ru.press("Платный ремонт");
    await ru.send("8 903 555-1-22");
    await ru.send("Без Телефона");
    expect(lastText(ru)).toContain("«8 903 555-1-22» — не полный номер телефона");
    await ru.send("+8903555122");
    expect(lastText(ru)).toContain("Это не номер телефона");
    await ru.press("⏭ Пропустить");
    expect(lastText(ru)).toContain("Тип устройства");
    await ru.send("Смартфон");
    await ru.send("Не включается");
    await ru.press("✅ Создать");
    expect(clientOf("Без Телефона")?.phones).toEqual([]);
  });
});

describe("a new client named by the search is asked for a phone", () => {
  it("asks it (skippable) and saves it as the CRM shows numbers (en)", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.send("Новый Сразу");
    await op.press("➕ New client");
    await takeOfferedName(op);
    expect(lastText(op)).toContain("Client's phone:");
    expect(
      op
        .lastReply()
        ?.replyMarkup?.inline_keyboard.flat()
        .map((b) => b.text),
    ).toContain(SKIP);
    await op.send("+7 (916) 000 12 34");
    await op.send("Smartphone");
    await op.send("Не включается");
    await op.press("✅ Create");
    expect(clientOf("Новый Сразу")?.phones).toEqual(["+7 916 000-12-34"]);
  });
});

describe("the shop's country is a setting", () => {
  it("PHONE_COUNTRY=GB reads a British national number (en)", async () => {
    const { createTestBot } = await import("../../../helpers/test-bot.ts");
    const british = await createTestBot({
      sandbox,
      operators: [OPERATOR + 50],
      config: { shopIds: [sandbox.shops[0]?.id ?? ""], phoneCountry: "GB" },
    });
    try {
      const op = british.user(OPERATOR + 50, { languageCode: "en" });
      await op.send("/new");
      await op.press("Платный ремонт");
      await op.send("Brit Client");
      await op.press("➕ New client");
      await takeOfferedName(op);
      await op.send("8 903 555-11-22"); // a Russian form: no British number
      expect(lastText(op)).toContain("That is not a phone number here");
      await op.send("020 7946 0958");
      expect(lastText(op)).toContain("Device type");
      await op.send("/cancel");
    } finally {
      await british.close();
    }
  });
});
