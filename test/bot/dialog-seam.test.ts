/**
 * The seam the dialogs build on: a conversation gets i18n in the user's chosen
 * locale (read through conversation.external), the core properties, auto-retry,
 * and persistent state in the bot's store (a new bot on the same store continues).
 */
import { type Conversation, createConversation } from "@grammyjs/conversations";
import { Composer } from "grammy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BotContext, BotServices, DialogContext } from "../../src/bot/context.ts";
import { ensureOperator } from "../../src/bot/policy/access.ts";
import { createMemoryStore } from "../../src/bot/store/storage.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { createTestBot, textsOf } from "../helpers/test-bot.ts";

const OPERATOR = 101;
const VIEWER = 202;

async function echoDialog(conversation: Conversation<BotContext, DialogContext>, ctx: DialogContext) {
  await ctx.reply(`${ctx.t("language-choose")} role=${ctx.role}`);
  const answer = await conversation.waitFor("message:text");
  const allowed = await conversation.external((outer: BotContext) => ensureOperator(outer));
  await answer.reply(`${answer.t("btn-refresh")} ${answer.message.text} write=${allowed}`);
}

/** The bot mounts conversations({ storage: dialogStorage, plugins: dialogPlugins }); a test dialog joins it. */
function dialogs(_services: BotServices) {
  const feature = new Composer<BotContext>();
  feature.use(createConversation(echoDialog, "echo"));
  feature.command("echo", (ctx) => ctx.conversation.enter("echo"));
  return [feature];
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

describe("dialog seam", () => {
  it("runs a dialog in the locale chosen with /language and keeps its state across a restart", async () => {
    const store = createMemoryStore();
    const first = await createTestBot({ sandbox, store, operators: [OPERATOR], deps: { features: dialogs } });
    const op = first.user(OPERATOR, { languageCode: "ru" });
    await op.send("/language");
    await op.press("🇬🇧 English");
    await op.send("/echo");
    expect(op.lastReply()?.text).toBe("Choose the language: role=operator");

    // A restart: a new bot on the same storage continues the dialog at its step.
    const second = await createTestBot({
      sandbox,
      store,
      operators: [OPERATOR],
      deps: { features: dialogs },
    });
    const again = second.user(OPERATOR, { languageCode: "ru" });
    const calls = await again.send("hello");
    expect(textsOf(calls)).toEqual(["🔄 Refresh hello write=true"]);
  });

  it("re-checks the role at the moment of a write", async () => {
    const t = await createTestBot({ sandbox, viewers: [VIEWER], deps: { features: dialogs } });
    const viewer = t.user(VIEWER, { languageCode: "en" });
    await viewer.send("/echo");
    const calls = await viewer.send("hello");
    expect(textsOf(calls)).toEqual([
      "👀 You can look orders up, but changes are for operators only.",
      "🔄 Refresh hello write=false",
    ]);
  });
});
