/**
 * Step 5. Deadline: quick buttons +1, +2, +3, +7 days at CLOSING_TIME in
 * TIMEZONE (decisions.md), or a typed date/time in the user's locale formats;
 * a moment in the past is refused with a re-prompt.
 */
import type { DialogContext } from "../../context.ts";
import { accept, ask, type DialogRun, reject } from "../../dialog-kit/ask.ts";
import { daysAhead, parseDate } from "../../dialog-kit/parse.ts";
import { SKIP } from "../../dialog-kit/prompts.ts";
import { localeOf } from "../../i18n.ts";
import { formatDateTime } from "../../ui/dates.ts";

const QUICK_DAYS = [1, 2, 3, 7] as const;

export async function askDeadline(run: DialogRun, ctx: DialogContext): Promise<number | undefined> {
  const { config } = ctx.services;
  const locale = await localeOf(ctx);
  const context = (at: number) => ({
    locale,
    timezone: config.timezone,
    now: new Date(at),
    defaultTime: config.closingTime,
  });
  return ask<number | undefined>(run, ctx, {
    text: ctx.t("new-ask-deadline"),
    acceptsText: true,
    buttons: [
      QUICK_DAYS.map((days) => ({ text: ctx.t("new-btn-days", { days }), value: String(days) })),
      [{ text: ctx.t("dlg-btn-skip"), value: SKIP }],
    ],
    parse: (a) => {
      if (a.kind === "button") {
        if (a.value === SKIP) return accept(undefined);
        const days = QUICK_DAYS.find((d) => String(d) === a.value);
        return days ? accept(daysAhead(days, context(a.at)).getTime()) : reject(a.ctx.t("dlg-use-buttons"));
      }
      const date = parseDate(a.text, context(a.at));
      if (!date) return reject(a.ctx.t("dlg-bad-date"));
      if (date.getTime() <= a.at) {
        return reject(a.ctx.t("new-deadline-past", { date: formatDateTime(date, locale, config.timezone) }));
      }
      return accept(date.getTime());
    },
  });
}
