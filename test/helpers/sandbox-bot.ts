/**
 * One sandbox and one bot for a test file (or a describe block): started
 * before its tests with the options `bot` gives once the sandbox is up,
 * closed after them.
 *
 *   let sandbox: Sandbox; let t: TestBot;
 *   useSandboxBot(() => ({ operators: [OPERATOR] }), (started) => ({ sandbox, t } = started));
 */
import { afterAll, beforeAll } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { createTestBot, type TestBot, type TestBotOptions } from "./test-bot.ts";

export interface SandboxBot {
  sandbox: Sandbox;
  t: TestBot;
}

export function useSandboxBot(
  bot: (sandbox: Sandbox) => Omit<TestBotOptions, "sandbox">,
  started: (started: SandboxBot) => void,
): void {
  let sandbox: Sandbox | undefined;
  let t: TestBot | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    t = await createTestBot({ ...bot(sandbox), sandbox });
    started({ sandbox, t });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });
}
