/**
 * The error boundary: a failing handler is logged with its update id and the
 * user gets a localized apology (or, when the bot's store refused, its reason);
 * the process never goes down because of one update.
 */
import type { I18n } from "@grammyjs/i18n";
import type { BotError, Context, Transformer } from "grammy";
import { LRUCache } from "lru-cache";
import type { Locale } from "../../config/index.ts";
import type { Logger } from "../../logger.ts";
import { redactBotToken } from "../../logger.ts";
import { StoreReadError, StoreWriteError } from "../store/errors.ts";

type MaybeTranslated = Context & {
  t?: (key: string, variables?: Record<string, string>) => string;
  log?: Logger;
};

/** Enough for the presses handled at once; ids are unique, so forgetting the oldest is safe. */
const TRACKED_ANSWERS = 1_000;
const answered = new LRUCache<string, true>({ max: TRACKED_ANSWERS });

/**
 * Notes every callback query an answer was tried for (on bot.api and on each
 * dialog's api): Telegram refuses a second answer, so the boundary must not try one.
 */
export const trackCallbackAnswers: Transformer = (prev, method, payload, signal) => {
  if (method === "answerCallbackQuery") {
    const id = (payload as { callback_query_id?: unknown }).callback_query_id;
    if (typeof id === "string") answered.set(id, true);
  }
  return prev(method, payload, signal);
};

export function errorHandler(i18n: I18n<never> | I18n<Context>, defaultLocale: Locale, logger: Logger) {
  return async (error: BotError<Context>): Promise<void> => {
    const ctx = error.ctx as MaybeTranslated;
    const log = ctx.log ?? logger.child({ update_id: ctx.update.update_id });
    const cause = error.error;
    // A store that refused (read-only, full, Redis down) is no bug: the user is told why.
    const refused = cause instanceof StoreWriteError || cause instanceof StoreReadError ? cause : undefined;
    (refused ? log.warn.bind(log) : log.error.bind(log))(
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
    const key = refused ? "store-refused" : "apology";
    const variables: Record<string, string> = refused ? { fault: refused.fault } : {};
    const apology =
      typeof ctx.t === "function"
        ? ctx.t(key, variables)
        : (i18n as I18n<Context>).t(defaultLocale, key, variables);
    try {
      if (ctx.callbackQuery) await apologizeForPress(ctx, apology);
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

/**
 * A press is answered at most once: as an alert when nothing answered it yet,
 * else (or when the answer fails) as a message in the chat, or to the user
 * privately for a button on an inline message.
 */
async function apologizeForPress(ctx: Context, apology: string): Promise<void> {
  const id = ctx.callbackQuery?.id;
  if (id !== undefined && !answered.has(id)) {
    try {
      await ctx.answerCallbackQuery({ text: apology, show_alert: true });
      return;
    } catch {
      // Expired or answered where we could not see it: the message below still reaches the user.
    }
  }
  const chatId = ctx.chat?.id ?? ctx.from?.id;
  if (chatId !== undefined) await ctx.api.sendMessage(chatId, apology);
}
