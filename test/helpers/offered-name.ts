/** The intake's new-client name step (issue 32.9): the searched name, offered in one tap, is taken. */
import type { TestUser } from "./test-bot.ts";

export async function takeOfferedName(op: TestUser): Promise<void> {
  const offered = op
    .lastReply()
    ?.replyMarkup?.inline_keyboard.flat()
    .find((b) => b.text.startsWith("👤 "));
  if (!offered) throw new Error(`No name offered: ${op.lastReply()?.text ?? "no reply"}`);
  await op.press(offered.text);
}
