import { Composer } from "grammy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BotContext } from "../../../src/bot/context.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { asTelegramMessage } from "../../helpers/fake-telegram.ts";
import { callsOf, createTestBot, type TestBot } from "../../helpers/test-bot.ts";
import { callbackUpdate, telegramUser } from "../../helpers/updates.ts";

const APOLOGY = "Sorry, something went wrong on our side. Please try again.";

/** Buttons whose handlers fail: after answering the press, before it, and after a refused answer. */
function failingButtons(): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.callbackQuery("fail-after-answer", async (ctx) => {
    await ctx.answerCallbackQuery({ text: "Working…" });
    throw new Error("boom after the answer");
  });
  feature.callbackQuery("fail-before-answer", () => {
    throw new Error("boom before any answer");
  });
  return feature;
}

let t: TestBot;
const from = telegramUser(1, { languageCode: "en" });

/** A press of a button with `data` on the bot's newest message in the user's chat. */
function press(data: string) {
  return callbackUpdate(from, data, asTelegramMessage(t.telegram.botMessages(1).at(-1), from));
}

describe("the error boundary answers a press at most once", () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    t = await createTestBot({ operators: [1], sandbox, deps: { features: () => [failingButtons()] } });
    await t.user(1, { languageCode: "en" }).send("/start");
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it("a press answered before the failure: no second answer, the apology comes as a message", async () => {
    const calls = await t.handle(press("fail-after-answer"));
    expect(callsOf(calls, "answerCallbackQuery").map((c) => c.payload.text)).toEqual(["Working…"]);
    expect(callsOf(calls, "sendMessage").map((c) => [c.payload.chat_id, c.payload.text])).toEqual([
      [1, expect.stringContaining(APOLOGY)],
    ]);
  });

  it("a press not answered yet: the apology is its one answer, as an alert", async () => {
    const calls = await t.handle(press("fail-before-answer"));
    const answers = callsOf(calls, "answerCallbackQuery");
    expect(answers).toHaveLength(1);
    expect(answers[0]?.payload).toMatchObject({ text: expect.stringContaining(APOLOGY), show_alert: true });
    expect(callsOf(calls, "sendMessage")).toHaveLength(0);
  });

  it("when Telegram refuses the apology's answer (expired press), the apology comes as a message", async () => {
    t.telegram.failNext("answerCallbackQuery", {
      error_code: 400,
      description: "Bad Request: query is too old and response timeout expired or query ID is invalid",
    });
    const calls = await t.handle(press("fail-before-answer"));
    expect(callsOf(calls, "answerCallbackQuery")).toHaveLength(1);
    expect(callsOf(calls, "sendMessage").map((c) => c.payload.text)).toEqual([
      expect.stringContaining(APOLOGY),
    ]);
  });
});
