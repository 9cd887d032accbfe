/**
 * /language: buttons to switch; the choice is kept in the session (i18n
 * `useSession`: every chat's replies follow it) and in the user's settings
 * (what a notification, which has no update to negotiate from, is written in),
 * and the chat's command menu (the user's role's; in a group what works there)
 * follows it.
 */
import { InlineKeyboard } from "grammy";
import type { BotContext } from "../context.ts";
import { LOCALES, supportedLocale } from "../i18n.ts";
import { Composer } from "../middleware/composer.ts";
import { setChatCommands } from "../telegram/commands.ts";
import { languagePick } from "../ui/callbacks.ts";
import { editOrSame } from "../ui/messages.ts";

export const languageFeature = new Composer<BotContext>();

function languageKeyboard(ctx: BotContext): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const locale of LOCALES)
    keyboard.text(ctx.t(`language-name-${locale}`), languagePick.encode({ locale }));
  return keyboard;
}

languageFeature.command("language", async (ctx) => {
  await ctx.reply(ctx.t("language-choose"), { reply_markup: languageKeyboard(ctx) });
});

languageFeature.callbackQuery(languagePick.filter, async (ctx) => {
  const locale = supportedLocale(languagePick.decode(ctx.callbackQuery.data)?.locale);
  if (!locale) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  await ctx.i18n.setLocale(locale);
  // Best-effort too: the chat follows the choice even while the settings store is out of reach.
  await ctx.services.users
    .update(ctx.from.id, (settings) => {
      settings.locale = locale;
    })
    .catch((error: unknown) =>
      ctx.log.warn({ err: error }, "keeping the language in the user's settings failed"),
    );
  await ctx.answerCallbackQuery();
  // Best-effort: the language is switched whether or not Telegram takes the menu.
  if (ctx.chat)
    await setChatCommands(ctx.api, ctx.services.i18n, locale, ctx.chat, ctx.from.id, ctx.role).catch(
      (error: unknown) => ctx.log.warn({ err: error }, "setting the chat's command menu failed"),
    );
  // A second press of the same choice changes nothing ("same"): no second message. A message that
  // cannot be edited any more gets the confirmation as a new one; the answer above already happened.
  await editOrSame(ctx, ctx.t("language-set")).catch(() => ctx.reply(ctx.t("language-set")));
});
