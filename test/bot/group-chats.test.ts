import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { BOT_INFO } from "../helpers/fake-telegram.ts";
import { createTestBot, type TestBot } from "../helpers/test-bot.ts";
import { messageUpdate, telegramUser } from "../helpers/updates.ts";

const OPERATOR = 101;
const STRANGER = 303;
const GROUP = -100_777;

let sandbox: Sandbox;
let t: TestBot;
let messageId = 5000;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  t = await createTestBot({ sandbox, operators: [OPERATOR] });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const inGroup = (userId: number, text: string) =>
  t.handle(messageUpdate(telegramUser(userId, { languageCode: "en" }), text, messageId++, GROUP));
const sent = (calls: { method: string }[]) => calls.filter((c) => c.method === "sendMessage");

describe("group chats", () => {
  it("stay quiet at a stranger's ordinary messages and at commands for other bots", async () => {
    expect(sent(await inGroup(STRANGER, "hello everyone"))).toHaveLength(0);
    expect(sent(await inGroup(STRANGER, "1042"))).toHaveLength(0);
    expect(sent(await inGroup(STRANGER, "/start@other_bot"))).toHaveLength(0);
    expect(t.serviceRequests()).toBe(0);
  });

  it("still refuse a stranger's command addressed to this bot", async () => {
    const calls = sent(await inGroup(STRANGER, `/order@${BOT_INFO.username} 1042`));
    expect(calls).toHaveLength(1);
    expect(JSON.stringify(calls[0])).toContain(String(STRANGER));
    expect(sent(await inGroup(STRANGER, "/order 1042"))).toHaveLength(1);
  });

  it("do not answer staff's commands meant for another bot", async () => {
    expect(sent(await inGroup(OPERATOR, "/order@other_bot 1042"))).toHaveLength(0);
    expect(sent(await inGroup(OPERATOR, "/start@other_bot"))).toHaveLength(0);
    expect(sent(await inGroup(OPERATOR, `/nonsense@${BOT_INFO.username}`))).toHaveLength(1);
  });
});
