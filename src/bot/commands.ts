/**
 * The command menu, per language: registered with setMyCommands at start for
 * Telegram's languages, and for one chat when its user picks a language.
 */
import type { I18n } from "@grammyjs/i18n";
import type { Api, Context } from "grammy";
import type { BotCommandScope } from "grammy/types";
import type { Locale } from "../config/index.ts";
import { LOCALES } from "./i18n.ts";

export const COMMANDS = [
  "start",
  "order",
  "find",
  "new",
  "status",
  "overdue",
  "my",
  "me",
  "notify",
  "masters",
  "managers",
  "staff",
  "cancel",
  "language",
  "help",
] as const;

export function commandList(i18n: I18n<Context>, locale: Locale) {
  return COMMANDS.map((command) => ({ command, description: i18n.t(locale, `cmd-${command}`) }));
}

/** One list per language, plus the default (DEFAULT_LOCALE) for users of other languages. */
export async function registerCommands(api: Api, i18n: I18n<Context>, defaultLocale: Locale): Promise<void> {
  await api.setMyCommands(commandList(i18n, defaultLocale));
  for (const locale of LOCALES) {
    await api.setMyCommands(commandList(i18n, locale), { language_code: locale });
  }
}

/**
 * The menu of the chat the user picked a language in (private chat; in a group,
 * for that member only): the language-wide lists follow Telegram's language, not the choice.
 */
export async function setChatCommands(
  api: Api,
  i18n: I18n<Context>,
  locale: Locale,
  chat: { id: number; type: string },
  userId: number,
): Promise<void> {
  const scope: BotCommandScope =
    chat.type === "private"
      ? { type: "chat", chat_id: chat.id }
      : { type: "chat_member", chat_id: chat.id, user_id: userId };
  await api.setMyCommands(commandList(i18n, locale), { scope });
}
