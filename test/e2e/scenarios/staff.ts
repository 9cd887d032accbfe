/** `/masters`, `/managers`, `/staff`: the list, after picking the first workshop when the bot asks which. */
import type { Output } from "../fake-telegram/chats.ts";
import { TelegramUser } from "../fake-telegram/user.ts";

export async function staffList(user: TelegramUser, command: string): Promise<Output> {
  const first = await user.say(command);
  if (!/which workshop/i.test(first.text)) return first;
  const shop = TelegramUser.buttons(first)[0];
  if (!shop) throw new Error(`no workshop button under: ${first.text}`);
  await user.press(shop);
  return user.reply((o) => /\n1\. /.test(o.text));
}
