/** Dates as users read them: in the shop's TIMEZONE, in the user's locale (date-fns). */
import { TZDate } from "@date-fns/tz";
// Per-function and per-locale entry points: the "date-fns" and "date-fns/locale" indexes load
// every function and every locale (~1000 modules, ~2 s and ~250 MB RSS at start).
import { format } from "date-fns/format";
import { enGB } from "date-fns/locale/en-GB";
import { ru } from "date-fns/locale/ru";
import type { Locale } from "../../config.ts";

const DATE_LOCALES = { ru, en: enGB } as const;

/** "25 дек. 2026, 15:00" / "25 Dec 2026, 15:00" */
export function formatDateTime(date: Date, locale: Locale, timezone: string): string {
  return format(new TZDate(date, timezone), "d MMM yyyy, HH:mm", { locale: DATE_LOCALES[locale] });
}

/** "15:00", or "25 дек., 15:00" when the moment is not today (e.g. a quota reset after midnight). */
export function formatTime(date: Date, locale: Locale, timezone: string, now: Date): string {
  const zoned = new TZDate(date, timezone);
  const sameDay = format(zoned, "yyyy-MM-dd") === format(new TZDate(now, timezone), "yyyy-MM-dd");
  return format(zoned, sameDay ? "HH:mm" : "d MMM, HH:mm", { locale: DATE_LOCALES[locale] });
}

/** Weekday patterns as people write them: "Tue" in English, "вт" in Russian (date-fns' EEE is "втр"). */
const DAY_PATTERNS: Record<Locale, string> = { ru: "EEEEEE dd.MM", en: "EEE dd.MM" };

/** "Tue 24.11" / "вт 24.11": a day near today, short enough for a button. */
export function formatDay(date: Date, locale: Locale, timezone: string): string {
  return format(new TZDate(date, timezone), DAY_PATTERNS[locale], { locale: DATE_LOCALES[locale] });
}
