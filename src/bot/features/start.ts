/** /start and /help: what this user can do, by role. */
import { Composer } from "grammy";
import type { BotContext } from "../context.ts";
import { escapeHtml } from "../ui/text.ts";

export const startFeature = new Composer<BotContext>();

startFeature.command("start", async (ctx) => {
  const name = escapeHtml(ctx.from?.first_name ?? "");
  const key = ctx.role === "operator" ? "start-operator" : "start-viewer";
  await ctx.reply(ctx.t(key, { name, bot: ctx.me.username }), { parse_mode: "HTML" });
});

startFeature.command("help", async (ctx) => {
  await ctx.reply(ctx.t("help"), { parse_mode: "HTML" });
});
