/**
 * Deadline (group "price and deadline"): quick buttons +1, +2, +3, +7 days at
 * CLOSING_TIME in TIMEZONE (docs/decisions.md, "Order creation"), labelled with their dates in the user's locale
 * ("Tue 24.11" / "вт 24.11"), or a typed date/time in the user's locale
 * formats; a moment in the past is refused with a re-prompt. The answered
 * prompt shows the date and time as understood, so "завтра" is visibly read right.
 * Skip keeps the current deadline.
 */
import type { DialogContext } from "../../context.ts";
import { accept, ask, type DialogRun, pickIndex, reject } from "../../dialog-kit/ask.ts";
import { type DateContext, daysAhead, parseDate } from "../../dialog-kit/parse.ts";
import { SKIP } from "../../dialog-kit/prompts.ts";
import { localeOf } from "../../i18n.ts";
import { formatDateTime, formatDay } from "../../ui/dates.ts";
import { escapeHtml } from "../../ui/text.ts";
import { withCurrent } from "./keep.ts";

const QUICK_DAYS = [1, 2, 3, 7] as const;

export async function askDeadline(
  run: DialogRun,
  ctx: DialogContext,
  current?: number,
): Promise<number | undefined> {
  const { config, clock } = ctx.services;
  const locale = await localeOf(ctx);
  const context = (at: number): DateContext => ({
    locale,
    timezone: config.timezone,
    now: new Date(at),
    defaultTime: config.closingTime,
  });
  // The buttons' dates are fixed when asked (through external: the same on every replay),
  // so a button means the day its label shows even if pressed after midnight.
  const askedAt = await run.dialog.external(() => clock.now().getTime());
  const quick = QUICK_DAYS.map((days) => daysAhead(days, context(askedAt)));
  const shown = (date: Date) => escapeHtml(formatDateTime(date, locale, config.timezone));
  const now = current === undefined ? undefined : formatDateTime(new Date(current), locale, config.timezone);
  return ask<number | undefined>(run, ctx, {
    text: withCurrent(ctx, ctx.t("new-ask-deadline"), now),
    acceptsText: true,
    buttons: [
      quick.map((date, index) => ({ text: formatDay(date, locale, config.timezone), value: String(index) })),
      [{ text: ctx.t("dlg-btn-skip"), value: SKIP }],
    ],
    parse: (a) => {
      if (a.kind === "button") {
        if (a.value === SKIP)
          return current === undefined ? accept(undefined) : accept(current, shown(new Date(current)));
        const date = pickIndex(quick, a.value);
        return date ? accept(date.getTime(), shown(date)) : reject(a.ctx.t("dlg-use-buttons"));
      }
      const date = parseDate(a.text, context(a.at));
      if (!date) return reject(a.ctx.t("dlg-bad-date"));
      if (date.getTime() <= a.at) {
        return reject(a.ctx.t("new-deadline-past", { date: formatDateTime(date, locale, config.timezone) }));
      }
      return accept(date.getTime(), shown(date));
    },
  });
}
