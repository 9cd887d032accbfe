/**
 * Buttons pressed where there is no chat to answer in: a callback query with
 * neither a message nor an inline message (a forged client), or a button of a
 * chat feature on a message sent via inline mode. The features would fail with
 * "Missing information for API call" (and the error boundary would answer a
 * second time); here they get one clear answer instead. Mounted before the
 * dialogs and the features, after the access gate (strangers are refused there).
 */
import type { BotContext } from "../context.ts";
import { Composer } from "../middleware/composer.ts";
import { orderAction, orderRefresh, paperPrint, photosShow } from "../ui/callbacks.ts";

/**
 * What works on an inline message: the card's 🔄 Refresh, 📷 and 🧾 (photos and documents go to the presser's own chat);
 * a card action says "private chat only" itself.
 */
const INLINE_CAPABLE = [orderRefresh.filter, orderAction.filter, photosShow.filter, paperPrint.filter];

export const chatlessButtons = new Composer<BotContext>();

chatlessButtons.on("callback_query", async (ctx, next) => {
  if (ctx.chat !== undefined) return next();
  const { data, inline_message_id: inline } = ctx.callbackQuery;
  if (inline !== undefined && data !== undefined && INLINE_CAPABLE.some((filter) => filter.test(data))) {
    return next();
  }
  await ctx.answerCallbackQuery({ text: ctx.t("chat-only-button") });
});
