import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KNOWN_NUM, type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { callsOf, createTestBot, type TestBot, textsOf } from "../helpers/test-bot.ts";

const OPERATOR = 101;

let sandbox: Sandbox;
let t: TestBot;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  t = await createTestBot({ sandbox, operators: [OPERATOR] });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

describe("order lookup", () => {
  it("finds an order by a bare number and shows its card", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    const calls = await op.send(String(KNOWN_NUM));
    expect(callsOf(calls, "sendChatAction")).toHaveLength(1);
    const reply = op.lastReply();
    expect(reply?.text).toContain("А-001042");
    expect(reply?.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toContain("🔄 Refresh");
  });

  it("shows a list for a partial number", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    const calls = await op.send("/order А-0010");
    console.log(textsOf(calls));
    console.log(JSON.stringify(op.lastReply()?.replyMarkup));
  });
});
