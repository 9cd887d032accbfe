/**
 * An upgrade from the version before the dialogs' stored shape changed: a
 * half-typed intake saved by it is told ("the bot was updated; your intake was
 * not kept: /new"), in the user's language, and the next answer is not taken
 * for a search; a dialog of the current version is untouched.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createTestBot, type TestBot } from "../../helpers/test-bot.ts";

let t: TestBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A chat's dialog state as the plugin stores it, saved by dialog version `version`. */
const saved = (version: number, kind: string) => ({
  version: [1, version],
  state: { [kind]: [{ args: "[]", replay: { send: [], receive: [] }, interrupts: [] }] },
});

describe("a dialog saved by an older version", () => {
  it("an intake is told in Russian, and the next answer is no search", async () => {
    t = await createTestBot({ operators: [1] });
    await t.store.adapter("dialogs").write("1", saved(3, "create-order"));
    const clerk = t.user(1, { languageCode: "ru" });
    const before = t.serviceRequests();
    await clerk.send("Иванов");
    expect(clerk.replies().map((m) => m.text)).toEqual([
      "ℹ️ Бот обновился, и начатый заказ не сохранился. Начните его заново: /new",
    ]);
    expect(t.serviceRequests()).toBe(before);
    expect(await t.store.adapter("dialogs").read("1")).toBeUndefined();
    // Told once: the next message is handled as usual.
    await clerk.send("/cancel");
    expect(clerk.lastReply()?.text).toBe("Сейчас нечего отменять.");
  });

  it("another dialog kind is told in English with the general text; a command still runs", async () => {
    t = await createTestBot({ operators: [1] });
    await t.store.adapter("dialogs").write("1", saved(3, "status-change"));
    const clerk = t.user(1, { languageCode: "en" });
    await clerk.send("/cancel");
    expect(clerk.replies().map((m) => m.text)).toEqual([
      "ℹ️ The bot was updated; your dialog was not kept. Start it again.",
      "There is nothing to cancel.",
    ]);
  });

  it("a state of the current version is left to the dialogs", async () => {
    t = await createTestBot({ operators: [1] });
    const clerk = t.user(1, { languageCode: "en" });
    await clerk.send("/new");
    const asked = clerk.replies().length;
    await clerk.send("/cancel");
    expect(
      clerk
        .replies()
        .slice(asked)
        .map((m) => m.text),
    ).toEqual(["Dialog cancelled. Nothing was changed."]);
  });
});
