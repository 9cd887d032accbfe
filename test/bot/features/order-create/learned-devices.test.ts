/**
 * Device buttons are learned from created orders only (issue 29.5): a type
 * typed in an intake that was cancelled, or a fault typed at the device step
 * and put right before Create, never becomes a button for everyone.
 */
import { describe, expect, it } from "vitest";
import { buttons, lastText } from "../../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../../helpers/dialog-fixture.ts";
import { takeOfferedName } from "../../../helpers/offered-name.ts";
import type { TestBot } from "../../../helpers/test-bot.ts";

let t: TestBot;

useDialogBot({}, (started) => ({ t } = started));

/** /new up to the device step with a new client (name, phone skipped). */
async function toDevice(op: ReturnType<TestBot["user"]>, name: string, ru: boolean): Promise<void> {
  await op.send("/new");
  await op.press("Платный ремонт");
  await op.send(name);
  await op.press(ru ? "➕ Новый клиент" : "➕ New client");
  await takeOfferedName(op);
  await op.press(ru ? "⏭ Пропустить" : "⏭ Skip");
}

describe("learned device types", () => {
  it("a type typed in a cancelled intake teaches nothing; a created one does (en)", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await toDevice(op, "Отменённый Приём", false);
    await op.send("Телевизор Брошенный");
    await op.send("/cancel");
    await toDevice(op, "Следующий Приём", false);
    expect(lastText(op)).toContain("Device type");
    expect(buttons(op)).not.toContain("Телевизор Брошенный");
    await op.send("Кофемашина");
    await op.send("Не греет");
    await op.press("✅ Create");
    await toDevice(op, "Третий Приём", false);
    expect(buttons(op)[0]).toBe("Кофемашина");
    await op.send("/cancel");
  });

  it("a fault typed at the device step and put right with ✏️ Edit is not learned (ru)", async () => {
    const ru = t.user(OPERATOR, { languageCode: "ru" });
    await toDevice(ru, "Ошибка Шага", true);
    await ru.send("Не включается экран"); // a fault where the device type was asked
    await ru.send("Не включается экран");
    await ru.press("✏️ Изменить");
    await ru.press("Тип устройства");
    await ru.send("Планшет");
    await ru.press("✅ Создать");
    await toDevice(ru, "После Ошибки", true);
    expect(buttons(ru)).not.toContain("Не включается экран");
    expect(buttons(ru)[0]).toBe("Планшет");
    await ru.send("/cancel");
  });
});
