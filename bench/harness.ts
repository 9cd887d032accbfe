/**
 * The real bot for bench modules: test/helpers' createTestBot (no vitest inside)
 * on one workshop, plus small helpers to read the chat and drive buttons
 * without vitest's expect.
 */
import { createTestBot, type TestBot, type TestBotOptions, type TestUser } from "../test/helpers/test-bot.ts";

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
