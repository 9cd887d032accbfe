/** Mounted last: whatever no feature took gets a short hint, and a pressed button always gets an answer. */
import { Composer } from "grammy";
import type { BotContext } from "../context.ts";

export const unhandledFeature = new Composer<BotContext>();

unhandledFeature.on("callback_query", async (ctx) => {
  // Unknown or forged data, or a button of a feature that no longer exists.
  await ctx.answerCallbackQuery({ text: ctx.t("unhandled-callback") });
});

unhandledFeature.on("message", async (ctx) => {
  // In groups only commands addressed to us come here (privacy mode); do not chat back at everything.
  if (ctx.chat.type !== "private" && !ctx.message.text?.startsWith("/")) return;
  await ctx.reply(ctx.t("unhandled"), { parse_mode: "HTML" });
});
