/**
 * The error boundary: a failing handler is logged with its update id and the
 * user gets a localized apology; the process never goes down because of one update.
 */

import type { I18n } from "@grammyjs/i18n";
import type { BotError, Context } from "grammy";
import type { Locale } from "../config.ts";
import type { Logger } from "../logger.ts";
import { redactBotToken } from "../logger.ts";

type MaybeTranslated = Context & { t?: (key: string) => string; log?: Logger };

export function errorHandler(i18n: I18n<never> | I18n<Context>, defaultLocale: Locale, logger: Logger) {
  return async (error: BotError<Context>): Promise<void> => {
    const ctx = error.ctx as MaybeTranslated;
    const log = ctx.log ?? logger.child({ update_id: ctx.update.update_id });
    const cause = error.error;
    log.error(
      {
        update_id: ctx.update.update_id,
        err:
          cause instanceof Error
            ? { name: cause.name, message: redactBotToken(cause.message), stack: cause.stack }
            : String(cause),
      },
      "update failed",
    );
    // Errors before the i18n middleware have no ctx.t: fall back to the default locale.
    const apology = typeof ctx.t === "function" ? ctx.t("apology") : i18n.t(defaultLocale, "apology");
    try {
      if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: apology, show_alert: true });
      else if (ctx.inlineQuery) await ctx.answerInlineQuery([], { cache_time: 0, is_personal: true });
      else if (ctx.chat && ctx.message) await ctx.reply(apology);
    } catch (answerError) {
      // Telegram itself may be the failing part; the log above already has the original error.
      log.warn(
        { err: answerError instanceof Error ? redactBotToken(answerError.message) : String(answerError) },
        "could not apologize",
      );
    }
  };
}
