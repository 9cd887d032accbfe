/**
 * One e2e stack per test file: the fake Telegram server, the sandbox process
 * and the bot process, started in beforeAll and stopped in afterAll. When a
 * test fails, the output of both processes is printed.
 */
import { afterAll, beforeAll, beforeEach, vi } from "vitest";
import { type FakeTelegram, startFakeTelegram } from "../fake-telegram/server.ts";
import { type BotMode, BotProcess } from "./bot-process.ts";
import { SandboxApi } from "./sandbox-api.ts";
import { type SandboxProcess, startSandboxProcess } from "./sandbox-process.ts";

export const OPERATOR = 1001;
export const SECOND_OPERATOR = 1002;
export const VIEWER = 2001;
export const STRANGER = 3001;
const BOT_TOKEN = "123456789:E2E-test-token_abcdef";

export interface Stack {
  telegram: FakeTelegram;
  sandbox: SandboxProcess;
  bot: BotProcess;
  /** The sandbox's HTTP API, to check what the bot did there. */
  api: SandboxApi;
}

export interface StackOptions {
  mode?: BotMode;
  sandboxArgs?: string[];
  /** Start the sandbox whose faults can be changed at run time. */
  controllableSandbox?: boolean;
  botEnv?: Record<string, string>;
}

/** Registers the hooks; the returned function gives the running stack inside tests. */
export function useStack(options: StackOptions = {}): () => Stack {
  // Real processes and real waits: more room than unit tests get (the shared default is 20 s).
  vi.setConfig({ testTimeout: 60_000 });
  let stack: Stack | undefined;
  let sandbox: SandboxProcess | undefined;
  let telegram: FakeTelegram | undefined;
  let bot: BotProcess | undefined;

  beforeAll(async () => {
    [telegram, sandbox] = await Promise.all([
      startFakeTelegram({ token: BOT_TOKEN }),
      startSandboxProcess({
        args: options.sandboxArgs,
        controllable: options.controllableSandbox,
      }),
    ]);
    bot = await BotProcess.start({
      telegram,
      sandbox: sandbox.info,
      operators: [OPERATOR, SECOND_OPERATOR],
      viewers: [VIEWER],
      mode: options.mode,
      env: options.botEnv,
    });
    stack = { telegram, sandbox, bot, api: new SandboxApi(sandbox.info) };
  }, 60_000);

  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      process.stderr.write(
        `${bot?.output() ?? ""}\n${sandbox?.child.output(50) ?? ""}\n${telegramCalls(telegram)}\n`,
      );
    });
  });

  afterAll(async () => {
    await bot?.stop();
    await sandbox?.stop();
    await telegram?.close();
  }, 30_000);

  return () => {
    if (!stack) throw new Error("the e2e stack did not start (see beforeAll)");
    return stack;
  };
}

/** The bot's last Telegram calls with their times (ms since the first), to see where a slow run waited. */
function telegramCalls(telegram: FakeTelegram | undefined, last = 120): string {
  const calls = telegram?.state.calls.filter((c) => c.method !== "getUpdates" || c.status !== 200) ?? [];
  const start = calls[0]?.at ?? 0;
  return calls
    .slice(-last)
    .map((c) => {
      const chat = c.payload.chat_id ?? c.payload.callback_query_id ?? c.payload.inline_query_id ?? "";
      return `[telegram +${c.at - start} ms] ${c.method} ${c.status} ${String(chat)}`;
    })
    .join("\n");
}
