/**
 * Dates as users read them: in the shop's TIMEZONE, in the user's locale.
 *
 * Hot path (every card has two dates): the wall-clock fields come from one cached
 * Intl.DateTimeFormat per timezone, and month and weekday names from date-fns'
 * locales, so the texts stay date-fns' ("фев.", "Sep") rather than Intl's
 * ("февр.", "Sept"). A TZDate per date cost ~40 µs (it creates and queries Intl per call).
 */
import type { Locale as DateFnsLocale, Day, Month } from "date-fns";
// Per-locale entry points: the "date-fns/locale" index loads every locale (~1000 modules).
import { enGB } from "date-fns/locale/en-GB";
import { ru } from "date-fns/locale/ru";
import { LRUCache } from "lru-cache";
import type { Locale } from "../../config/index.ts";

const DATE_LOCALES: Record<Locale, DateFnsLocale> = { ru, en: enGB };

/** A moment as a clock on the wall in some timezone shows it. */
interface WallClock {
  year: number;
  /** 0-11 */
  month: Month;
  day: number;
  hour: number;
  minute: number;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** One formatter per timezone (a handful per process): creating one is the expensive part. */
function clockOf(timezone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timezone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    clocks.set(timezone, clock);
  }
  return clock;
}

/**
 * Wall clocks already read, per timezone and minute (formatToParts is the costly
 * part of a card's dates; a card shows the same few moments again and again).
 * A minute is one wall clock: today's offsets are whole minutes.
 */
const readClocks = new LRUCache<string, Readonly<WallClock>>({ max: 4_096 });

function wallClock(date: Date, timezone: string): Readonly<WallClock> {
  const key = `${timezone}\n${Math.floor(date.getTime() / 60_000)}`;
  let clock = readClocks.get(key);
  if (!clock) {
    clock = readWallClock(date, timezone);
    readClocks.set(key, clock);
  }
  return clock;
}

function readWallClock(date: Date, timezone: string): WallClock {
  const out: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const part of clockOf(timezone).formatToParts(date)) {
    const value = Number(part.value);
    if (part.type === "year") out.year = value;
    else if (part.type === "month") out.month = (value - 1) as Month;
    else if (part.type === "day") out.day = value;
    else if (part.type === "hour") out.hour = value;
    else if (part.type === "minute") out.minute = value;
  }
  return out;
}

const pad2 = (n: number) => String(n).padStart(2, "0");
const hhmm = (c: WallClock) => `${pad2(c.hour)}:${pad2(c.minute)}`;
/** date-fns' MMM: "дек.", "Dec". */
const monthName = (c: WallClock, locale: Locale) =>
  DATE_LOCALES[locale].localize.month(c.month, { width: "abbreviated", context: "formatting" });
const sameDay = (a: WallClock, b: WallClock) => a.year === b.year && a.month === b.month && a.day === b.day;

/** "25 дек. 2026, 15:00" / "25 Dec 2026, 15:00" */
export function formatDateTime(date: Date, locale: Locale, timezone: string): string {
  const c = wallClock(date, timezone);
  return `${c.day} ${monthName(c, locale)} ${c.year}, ${hhmm(c)}`;
}

/** "25 дек. 2026" / "25 Dec 2026" */
export function formatDate(date: Date, locale: Locale, timezone: string): string {
  const c = wallClock(date, timezone);
  return `${c.day} ${monthName(c, locale)} ${c.year}`;
}

/** "15:00", or "25 дек., 15:00" when the moment is not today (e.g. a quota reset after midnight). */
export function formatTime(date: Date, locale: Locale, timezone: string, now: Date): string {
  const c = wallClock(date, timezone);
  if (sameDay(c, wallClock(now, timezone))) return hhmm(c);
  // One form per language (issue 29.17): "28 нояб., 00:05", "Nov 28, 00:05".
  return locale === "en"
    ? `${monthName(c, locale)} ${c.day}, ${hhmm(c)}`
    : `${c.day} ${monthName(c, locale)}, ${hhmm(c)}`;
}

/** Weekday names as people write them: "Tue" in English (EEE), "вт" in Russian (EEEEEE; EEE is "втр"). */
const DAY_WIDTHS: Record<Locale, "abbreviated" | "short"> = { ru: "short", en: "abbreviated" };

/**
 * "вт 24.11" / "Tue Nov 24": a day near today, short enough for a button. English
 * names the month (issue 29.17): a typed English date is month first (12/25), so
 * a day-first "24.11" beside it would read two ways.
 */
export function formatDay(date: Date, locale: Locale, timezone: string): string {
  const c = wallClock(date, timezone);
  const weekday = new Date(Date.UTC(c.year, c.month, c.day)).getUTCDay() as Day;
  const name = DATE_LOCALES[locale].localize.day(weekday, {
    width: DAY_WIDTHS[locale],
    context: "formatting",
  });
  return locale === "en"
    ? `${name} ${monthName(c, locale)} ${c.day}`
    : `${name} ${pad2(c.day)}.${pad2(c.month + 1)}`;
}

/** "24.11" / "Nov 24": a day in a short mark (a list's deadline, a chart's axis), in the reader's one form. */
export function formatShortDay(date: Date, locale: Locale, timezone: string): string {
  const c = wallClock(date, timezone);
  return locale === "en" ? `${monthName(c, locale)} ${c.day}` : `${pad2(c.day)}.${pad2(c.month + 1)}`;
}
