/** Parsers of typed answers: amounts, phones, dates in the user's locale formats (date-fns, in TIMEZONE). */
import { TZDate, tz } from "@date-fns/tz";
// Per-function entry points: the "date-fns" index loads all ~1000 modules (~2 s, ~250 MB RSS at start).
import { addDays } from "date-fns/addDays";
import { isValid } from "date-fns/isValid";
import { parse } from "date-fns/parse";
import { set } from "date-fns/set";
import { startOfDay } from "date-fns/startOfDay";
import type { Locale } from "../../config/index.ts";
import { phoneQueryDigits } from "../../contract/phone.ts";

/** The largest amount one payment may carry (a typo guard: no repair costs more). */
export const MAX_AMOUNT = 100_000_000;

type AmountReading = { ok: true; value: number } | { ok: false; error: "unreadable" | "too-large" };

/**
 * "1500", "1 500", "1500,50", "1500.5 ₽", "1,500.50" -> 1500.5; unreadable unless a
 * positive amount with at most 2 decimals (zero too with `zero`), too large above
 * MAX_AMOUNT. Commas are thousands separators in the English shape with a decimal
 * point ("1,500.50"), and in English also without one ("1,500" = 1500); otherwise a
 * comma is the decimal sign, so without a locale (or in Russian, where "1,500" would
 * have three decimals) an ambiguous "1,500" is refused rather than read as 1.5 or 1500.
 */
export function readAmount(text: string, locale?: Locale, options: { zero?: boolean } = {}): AmountReading {
  // The currency as people type it after the amount: ₽, р, р., руб, руб., рублей, rub, rur.
  const bare = text
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(/^(?:₽|\$|€)/, "")
    .replace(/(?:₽|\$|€|руб(?:л[а-яё]*)?\.?|р\.?|rub\.?|rur\.?)$/i, "");
  const grouped =
    /^\d{1,3}(,\d{3})+\.\d{1,2}$/.test(bare) || (locale === "en" && /^\d{1,3}(,\d{3})+$/.test(bare));
  const cleaned = grouped ? bare.replace(/,/g, "") : bare.replace(",", ".");
  // 15 digits: beyond them a number is no amount anyone meant, and Number() starts rounding.
  if (!/^\d{1,15}(\.\d{1,2})?$/.test(cleaned)) return { ok: false, error: "unreadable" };
  const value = Number(cleaned);
  if (value < 0 || (value === 0 && !options.zero)) return { ok: false, error: "unreadable" };
  return value > MAX_AMOUNT ? { ok: false, error: "too-large" } : { ok: true, value };
}

/** The amount, or undefined when it is unreadable or too large. */
export function parseAmount(text: string): number | undefined {
  const reading = readAmount(text);
  return reading.ok ? reading.value : undefined;
}

/**
 * Characters that show nothing: format characters (zero-width space and joiners, marks of
 * direction, the soft hyphen, BOM) and the blank "letters" (Hangul fillers, the blank Braille
 * cell). The joiners inside an emoji or a word are kept in what is stored; nothing of these
 * counts as something typed.
 */
const INVISIBLE = /[\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/gu;
const JOINERS = /[\u200C\u200D]/;

/** Typed text as kept: without invisible characters (joiners between visible ones stay), trimmed. */
export function visibleText(text: string): string {
  const kept = text.replace(INVISIBLE, (char, at: number) =>
    JOINERS.test(char) && at > 0 && at < text.length - 1 ? char : "",
  );
  const trimmed = kept.trim();
  // Only joiners and spaces left: nothing was typed.
  return trimmed.replace(/[\s\u200C\u200D]/g, "") === "" ? "" : trimmed;
}

/** The non-empty lines of a typed text, trimmed: a list field (faults, equipment, appearance). */
export function textLines(text: string): string[] {
  return text.split("\n").map(visibleText).filter(Boolean);
}

/** Digits of something that looks like a phone (5..15 digits: src/contract/phone.ts); undefined otherwise. */
export const phoneQuery = (text: string): string | undefined => phoneQueryDigits(text, 5);

export function parseNumber(text: string): number | undefined {
  const cleaned = text.replace(/\s/g, "").replace(",", ".");
  if (!/^-?\d{1,12}(\.\d{1,6})?$/.test(cleaned)) return undefined;
  return Number(cleaned);
}

export interface DateContext {
  locale: Locale;
  timezone: string;
  now: Date;
  /** Time of day for a date typed without one (the workshop's closing time). */
  defaultTime: { hours: number; minutes: number };
  /** The words for days and "at" (dateWords: from the locale files). */
  words: DateWords;
}

/** Words typed for a day (how many days from today) and before a time, in every language. */
export interface DateWords {
  days: ReadonlyMap<string, number>;
  at: readonly string[];
}

/** Anything that translates a key in a locale: the bot's I18n. */
interface Translator {
  t(locale: string, key: string): string;
  locales: readonly string[];
}

const DAY_KEYS = { "date-word-today": 0, "date-word-tomorrow": 1, "date-word-day-after": 2 } as const;
const wordsOf = new WeakMap<Translator, DateWords>();

/** The date words of every locale (locales/<locale>/date-words.ftl), read once per I18n. */
export function dateWords(i18n: Translator): DateWords {
  let words = wordsOf.get(i18n);
  if (!words) {
    const split = (text: string) =>
      text
        .split("|")
        .map((w) => w.trim().toLowerCase().replace(/\s+/g, " "))
        .filter(Boolean);
    const days = new Map<string, number>();
    const at: string[] = [];
    for (const locale of i18n.locales) {
      for (const [key, offset] of Object.entries(DAY_KEYS))
        for (const word of split(i18n.t(locale, key))) days.set(word, offset);
      at.push(...split(i18n.t(locale, "date-word-at")));
    }
    words = { days, at };
    wordsOf.set(i18n, words);
  }
  return words;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// A date with dots is day-first in every language ("05.12" is 5 December in English too: issue
// 32.16); the slash is month-first in English only.
const WITH_YEAR: Record<Locale, string[]> = {
  ru: ["d.M.yyyy", "d.M.yy", "yyyy-MM-dd"],
  en: ["M/d/yyyy", "M/d/yy", "d.M.yyyy", "d.M.yy", "yyyy-MM-dd", "d MMM yyyy"],
};
const WITHOUT_YEAR: Record<Locale, string[]> = {
  ru: ["d.M"],
  en: ["M/d", "d.M", "d MMM", "MMM d"],
};
/**
 * A typed date, optionally with a time ("25.12", "25.12 15:00", "25.12.2026",
 * "12/25", "завтра 12:00", "tomorrow"). Without a year: this year, or the next
 * one when the day has passed. Returns undefined when unreadable.
 */
export function parseDate(input: string, c: DateContext): Date | undefined {
  const zone = tz(c.timezone);
  const ref = new TZDate(c.now, c.timezone);
  const text = input.trim().toLowerCase().replace(/\s+/g, " ");
  const at = c.words.at.map((word) => `${escapeRegExp(word)} `).join("|");
  const timeMatch = new RegExp(`^(.*?)[ ,]*(?:${at})?(\\d{1,2})[:.](\\d{2})$`, "u").exec(text);
  let datePart = text;
  let time = c.defaultTime;
  if (timeMatch && /\D/.test(timeMatch[1] ?? "")) {
    const hours = Number(timeMatch[2]);
    const minutes = Number(timeMatch[3]);
    if (hours > 23 || minutes > 59) return undefined;
    datePart = (timeMatch[1] ?? "").trim();
    time = { hours, minutes };
  }
  let day: Date | undefined;
  const offset = c.words.days.get(datePart);
  if (offset !== undefined) day = addDays(startOfDay(ref), offset);
  for (const format of WITH_YEAR[c.locale]) {
    if (day) break;
    const parsed = parse(datePart, format, ref, { in: zone });
    // "yyyy" also reads "26" as the year 26: leave two-digit years to "yy".
    if (isValid(parsed) && parsed.getFullYear() >= 1900) day = parsed;
  }
  for (const format of WITHOUT_YEAR[c.locale]) {
    if (day) break;
    const parsed = parse(datePart, format, ref, { in: zone });
    if (isValid(parsed))
      day = parsed < startOfDay(ref) ? set(parsed, { year: parsed.getFullYear() + 1 }) : parsed;
  }
  if (!day) return undefined;
  return set(new TZDate(day, c.timezone), {
    hours: time.hours,
    minutes: time.minutes,
    seconds: 0,
    milliseconds: 0,
  });
}

/** `days` days from today at the closing time, in TIMEZONE. */
export function daysAhead(days: number, c: Omit<DateContext, "locale">): Date {
  const ref = new TZDate(c.now, c.timezone);
  return set(addDays(startOfDay(ref), days), {
    hours: c.defaultTime.hours,
    minutes: c.defaultTime.minutes,
    seconds: 0,
    milliseconds: 0,
  });
}
