/**
 * `/report` (owners, private chat): today by default, with buttons for the
 * week and the month. The text first, then the chart as a photo.
 */
import { InlineKeyboard, InputFile } from "grammy";
import type { BotContext } from "../../context.ts";
import { showTyping } from "../../crm/call.ts";
import { isPeriodKind, PERIODS, type PeriodKind } from "../../desk/period.ts";
import { deskGate, reportPeriod } from "../../desk/scope.ts";
import { localeOf } from "../../i18n.ts";
import { Composer } from "../../middleware/composer.ts";
import { buildReport } from "./build.ts";
import { chartPng } from "./chart-png.ts";
import { chartInput, periodLabel, reportText } from "./text.ts";

export const reportFeature = new Composer<BotContext>();

reportFeature.command("report", deskGate, (ctx) => sendReport(ctx, "day"));

reportFeature.callbackQuery(reportPeriod.filter, deskGate, async (ctx) => {
  const period = reportPeriod.decode(ctx.callbackQuery.data)?.period;
  if (!isPeriodKind(period)) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  await ctx.answerCallbackQuery();
  await sendReport(ctx, period);
});

function periodKeyboard(t: (key: string) => string): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const kind of PERIODS) keyboard.text(t(`report-btn-${kind}`), reportPeriod.encode({ period: kind }));
  return keyboard;
}

async function sendReport(ctx: BotContext, kind: PeriodKind): Promise<void> {
  showTyping(ctx);
  const data = await buildReport(ctx.services, kind);
  const locale = await localeOf(ctx);
  const { timezone } = ctx.services.config;
  await ctx.reply(reportText(ctx.t, data, locale, timezone), { reply_markup: periodKeyboard(ctx.t) });
  const png = await chartPng(chartInput(ctx.t, data, locale, timezone), ctx.log);
  if (!png) return;
  await ctx.replyWithPhoto(new InputFile(png, "report.png"), {
    caption: ctx.t("report-chart-caption", { period: periodLabel(ctx.t, data, locale, timezone) }),
  });
}
