/**
 * A store that refuses writes (read-only or full DATA_DIR, Redis down) while an
 * update is handled: the user gets the store's reason, in their language, not
 * "something went wrong": a photo for an order, a /notify toggle.
 */
import type { Update } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStore, type FaultSwitch } from "../../../src/bot/store/storage.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";
import { callsOf, textsOf } from "../../helpers/test-bot.ts";
import { photoUpdate, telegramUser } from "../../helpers/updates.ts";

const OPERATOR = 1;
let t: MirrorBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function start(faults: FaultSwitch): Promise<MirrorBot> {
  t = await createMirrorBot({ operators: [OPERATOR], store: createMemoryStore({ faults }) });
  return t;
}

/** A photo from the operator, captioned with an order's number. */
function photoWithCaption(bot: MirrorBot, caption: string, lang: string): Update {
  const messageId = bot.telegram.nextMessageId(OPERATOR);
  bot.telegram.registerUserMessage(OPERATOR, messageId, caption);
  return photoUpdate(telegramUser(OPERATOR, { languageCode: lang }), messageId, "large-1", caption);
}

const anOrder = (bot: MirrorBot) => bot.sandbox.store.orders.find((o) => o.isVisible && o.number)!;

describe("a store that refuses writes, mid-update", () => {
  it.each([
    ["read-only", "en", "The bot's storage is read-only"],
    ["full", "en", "The bot's storage is full"],
    ["full", "ru", "Хранилище бота переполнено"],
  ] as const)("a photo on a %s store (%s) gets the store's reason", async (fault, lang, reason) => {
    const faults: FaultSwitch = {};
    const bot = await start(faults);
    const order = anOrder(bot);
    faults.writes = fault;
    const calls = await bot.handle(photoWithCaption(bot, order.number!, lang));
    const said = textsOf(calls).join("\n");
    expect(said).toContain(reason);
    expect(said).not.toMatch(/went wrong|что-то пошло не так/i);
  });

  it("a /notify toggle on a read-only store gets the store's reason and changes nothing", async () => {
    const faults: FaultSwitch = {};
    const bot = await start(faults);
    const op = bot.user(OPERATOR, { languageCode: "en" });
    await op.send("/notify");
    const before = await bot.services.users.read(OPERATOR);
    const toggle = op.lastReply()?.replyMarkup?.inline_keyboard.flat()[0]?.text;
    expect(toggle).toBeDefined();
    faults.writes = "read-only";
    const calls = await op.press(toggle!);
    const alerts = callsOf(calls, "answerCallbackQuery").map((c) => String(c.payload.text ?? ""));
    expect(alerts.join("\n")).toContain("The bot's storage is read-only");
    faults.writes = undefined;
    expect(await bot.services.users.read(OPERATOR)).toEqual(before);
  });
});
