/**
 * A date step: typed in the locale formats of the answer's language ("25.12", "25.12 15:00",
 * "завтра" / "12/25", "tomorrow"), or with `quick` a tap on +1, +2, +3, +7
 * days at CLOSING_TIME in TIMEZONE (docs/decisions.md, "Bot"), labelled with
 * their dates ("Tue 24.11" / "вт 24.11"). A moment in the past is refused with
 * a re-prompt unless `allowPast`. The answered prompt shows the date and time
 * as understood, so "завтра" is visibly read right.
 *
 *   const deadline = await askDate(run, ctx, { prompt: ctx.t("new-ask-deadline"), quick: true });
 */
import type { Locale } from "../../config/index.ts";
import type { DialogContext } from "../context.ts";
import { localeOf } from "../i18n.ts";
import { formatDateTime, formatDay } from "../ui/dates.ts";
import { escapeHtml } from "../ui/text.ts";
import { accept, ask, type Button, type DialogRun, now, pickIndex, reject, SKIP } from "./ask.ts";
import { type DateContext, dateWords, daysAhead, parseDate } from "./parse.ts";

/** The quick buttons: days from today, at the closing time. */
const QUICK_DAYS = [1, 2, 3, 7] as const;
const CLEAR = "c";

export interface AskDateOptions {
  /** The question (HTML); the caller adds what the value is now, if it shows one. */
  prompt: string;
  /** +1, +2, +3, +7 days at CLOSING_TIME as buttons. */
  quick?: boolean;
  /** ⏭ Skip: answers `current` (undefined when there is none). */
  skippable?: boolean;
  /** 🗑 No date: answers undefined even when there is a `current` date. */
  allowClear?: boolean;
  /** What ⏭ Skip keeps (Unix ms). */
  current?: number | undefined;
  /** Accepts a moment in the past (a date something happened, not a deadline). */
  allowPast?: boolean;
}

/** The chosen moment (Unix ms), or undefined for Skip without a current date or 🗑 No date. */
export async function askDate(
  run: DialogRun,
  ctx: DialogContext,
  options: AskDateOptions,
): Promise<number | undefined> {
  const { config } = ctx.services;
  const locale = await localeOf(ctx);
  const context = (at: number, dateLocale: Locale = locale): DateContext => ({
    locale: dateLocale,
    timezone: config.timezone,
    now: new Date(at),
    defaultTime: config.closingTime,
    words: dateWords(ctx.services.i18n),
  });
  // The buttons' dates are fixed when asked (through external: the same on every replay),
  // so a button means the day its label shows even if pressed after midnight.
  const askedAt = await now(run, ctx);
  const quick = options.quick ? QUICK_DAYS.map((days) => daysAhead(days, context(askedAt))) : [];
  const shown = (date: Date, shownLocale: Locale) =>
    escapeHtml(formatDateTime(date, shownLocale, config.timezone));
  const { current } = options;
  const buttons: Button[][] = [];
  if (quick.length > 0)
    buttons.push(
      quick.map((date, index) => ({ text: formatDay(date, locale, config.timezone), value: String(index) })),
    );
  const extra: Button[] = [];
  if (options.allowClear) extra.push({ text: ctx.t("dlg-btn-no-date"), value: CLEAR });
  if (options.skippable) extra.push({ text: ctx.t("dlg-btn-skip"), value: SKIP });
  if (extra.length > 0) buttons.push(extra);
  return ask<number | undefined>(run, ctx, {
    text: options.prompt,
    acceptsText: true,
    buttons,
    parse: async (a) => {
      // The answer's own locale: the one its re-prompt is written in, and the one "12/25" is typed in.
      const answerLocale = await localeOf(a.ctx);
      if (a.kind === "button") {
        if (a.value === SKIP && options.skippable)
          return current === undefined
            ? accept(undefined)
            : accept(current, shown(new Date(current), answerLocale));
        if (a.value === CLEAR && options.allowClear) return accept(undefined);
        const date = pickIndex(quick, a.value);
        return date ? accept(date.getTime(), shown(date, answerLocale)) : reject(a.ctx.t("dlg-use-buttons"));
      }
      const date = parseDate(a.text, context(a.at, answerLocale));
      if (!date) return reject(a.ctx.t("dlg-bad-date"));
      if (!options.allowPast && date.getTime() <= a.at) {
        return reject(
          a.ctx.t("dlg-date-past", { date: formatDateTime(date, answerLocale, config.timezone) }),
        );
      }
      return accept(date.getTime(), shown(date, answerLocale));
    },
  });
}
