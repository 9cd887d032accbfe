/**
 * The set-up the dialog test files share: one sandbox and one bot per file, by
 * default limited to the first demo workshop (one workshop: /new skips the
 * workshop step). Before each test the sandbox's faults are cleared and the
 * clerk's dialog is cancelled, so a failed test leaves nothing open behind it.
 *
 *   let sandbox: Sandbox; let t: TestBot; let shopId: string;
 *   useDialogBot({ viewers: [VIEWER] }, (started) => ({ sandbox, t, shopId } = started));
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import type { ManualClock } from "./manual-clock.ts";
import { createTestBot, type TestBot, type TestBotOptions } from "./test-bot.ts";

/** The clerk of every dialog test; the first of `operators`. */
export const OPERATOR = 101;
/** A viewer, for the files that configure one (`viewers: [VIEWER]`). */
export const VIEWER = 202;
/** Neither operator nor viewer. */
export const STRANGER = 303;

export interface DialogBot {
  sandbox: Sandbox;
  t: TestBot;
  /** The first demo workshop (the only one the bot works with unless `allShops`). */
  shopId: string;
}

export interface DialogBotOptions {
  operators?: number[];
  viewers?: number[];
  /** All demo workshops instead of the first one only. */
  allShops?: boolean;
  /** More options of the bot, once the sandbox is up (e.g. configured statuses, a wrapped fetch). */
  bot?: (sandbox: Sandbox, shopId: string) => TestBotOptions;
  /** One clock for the sandbox (its seed's dates follow it) and the bot: a test of dated figures sets it. */
  clock?: ManualClock;
}

export function useDialogBot(options: DialogBotOptions, started: (bot: DialogBot) => void): void {
  let sandbox: Sandbox | undefined;
  let t: TestBot | undefined;
  beforeAll(async () => {
    const { clock } = options;
    sandbox = await startSandbox({
      port: 0,
      ...(clock ? { clock: { now: () => clock.now().getTime() } } : {}),
    });
    const shopId = sandbox.shops[0]?.id ?? "";
    const extra = options.bot?.(sandbox, shopId) ?? {};
    t = await createTestBot({
      sandbox,
      operators: options.operators ?? [OPERATOR],
      viewers: options.viewers ?? [],
      ...(clock ? { clock } : {}),
      ...extra,
      config: options.allShops ? { ...extra.config } : { shopIds: [shopId], ...extra.config },
    });
    started({ sandbox, t, shopId });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });
  beforeEach(async () => {
    sandbox?.faults.clear();
    await t?.user(OPERATOR, { languageCode: "en" }).send("/cancel");
  });
}
