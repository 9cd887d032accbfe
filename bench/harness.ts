/**
 * The real bot for bench modules: test/helpers' createTestBot (no vitest inside)
 * on one workshop, plus small helpers to read the chat and drive buttons
 * without vitest's expect.
 */
import type { MirrorBot } from "../test/helpers/mirror-bot.ts";
import { createTestBot, type TestBot, type TestBotOptions, type TestUser } from "../test/helpers/test-bot.ts";
import type { BenchRow } from "./types.ts";

export type { TestBot, TestUser } from "../test/helpers/test-bot.ts";

export const OPERATOR = 101;

/** A bench bot with one configured workshop and one operator. */
export function benchBot(shopId: string, options: TestBotOptions = {}): Promise<TestBot> {
  return createTestBot({
    operators: [OPERATOR],
    ...options,
    config: { shopIds: [shopId], ...options.config },
  });
}

export function lastText(user: TestUser): string {
  return user.lastReply()?.text ?? "";
}

export function buttons(user: TestUser): string[] {
  return (
    user
      .lastReply()
      ?.replyMarkup?.inline_keyboard.flat()
      .map((b) => b.text) ?? []
  );
}

/** Fails the bench loudly when the dialog is not where the script expects it. */
export function expectText(user: TestUser, fragment: string): void {
  const text = lastText(user);
  if (!text.includes(fragment)) {
    throw new Error(`bench: expected "${fragment}" in the bot's last message, got: ${text.slice(0, 300)}`);
  }
}

/** Presses the first button of the newest message whose text matches. */
export async function pressMatching(user: TestUser, pattern: RegExp): Promise<void> {
  const text = buttons(user).find((b) => pattern.test(b));
  if (text === undefined) {
    throw new Error(`bench: no button matching ${pattern} in: ${buttons(user).join(" | ")}`);
  }
  await user.press(text);
}

/** Counts the service requests one action costs. */
export async function requestsOf(t: TestBot, action: () => Promise<unknown>): Promise<number> {
  t.resetServiceRequests();
  await action();
  return t.serviceRequests();
}

/** Counts the requests one action costs at the sandbox of a mirror bot (the bot's and the mirror's alike). */
export async function mirrorRequestsOf(t: MirrorBot, action: () => Promise<unknown>): Promise<number> {
  t.mark();
  await action();
  return t.requests();
}

/** A row of the requests an action costs with a warm order mirror: at most `target`. */
export function warmMirrorRow(name: string, value: number, target: number): BenchRow {
  return {
    name: `requests, mirror warm: ${name}`,
    value,
    unit: "req",
    target: `<= ${target}`,
    ok: value <= target,
  };
}
