/**
 * /start and /help: what this user can do, by role, in short groups: finding
 * orders, the write commands (operators only), staff lists, settings. Viewers
 * never see a command they may not use.
 */
import { Composer } from "grammy";
import { canWrite, seesMoney } from "../access.ts";
import type { BotContext } from "../context.ts";
import { escapeHtml } from "../ui/text.ts";

export const startFeature = new Composer<BotContext>();

export function helpText(ctx: BotContext): string {
  const operator = canWrite(ctx.role);
  return [
    ctx.t("help-find", { bot: ctx.me.username }),
    ...(operator ? [ctx.t("help-write"), ctx.t("help-overdue")] : []),
    // The owner's desk: nobody else is told it exists.
    ...(seesMoney(ctx.role) ? [ctx.t("help-desk", { time: reportTime(ctx) })] : []),
    // The order mirror's features when it is on; else search, /me and /my, which work without it.
    ctx.t(ctx.services.mirror ? "help-mirror" : "help-search"),
    ctx.t("help-staff"),
    ctx.t(operator ? "help-other-operator" : "help-other-viewer"),
  ].join("\n\n");
}

startFeature.command("start", async (ctx) => {
  const name = escapeHtml(ctx.from?.first_name ?? "");
  const greeting = ctx.t(canWrite(ctx.role) ? "start-operator" : "start-viewer", { name });
  await ctx.reply(`${greeting}\n\n${helpText(ctx)}`);
});

startFeature.command("help", async (ctx) => {
  await ctx.reply(`${ctx.t("start-help-title")}\n\n${helpText(ctx)}`);
});

/** REPORT_TIME as "20:00". */
function reportTime(ctx: BotContext): string {
  const { hours, minutes } = ctx.services.config.reportTime;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}
