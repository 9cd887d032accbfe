/**
 * When the service's quota resets, as a user reads it: "15:42 (GMT+3, in 13 min)".
 * Telegram does not tell a user's time zone, so the time (in TIMEZONE) names its
 * zone, and the countdown reads right whatever zone the reader is in.
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import type { Locale } from "../../config/index.ts";
import { formatTime } from "./dates.ts";

/** Beyond this the countdown says little ("in 300 min"): the time and zone alone. */
const COUNTDOWN_MAX_MINUTES = 90;

const zones = new Map<string, Intl.DateTimeFormat>();

/** "UTC+3", "UTC": the zone's offset at that moment (summer time included). */
function zoneName(date: Date, timezone: string): string {
  let format = zones.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: timezone, timeZoneName: "shortOffset" });
    zones.set(timezone, format);
  }
  const offset = format.formatToParts(date).find((part) => part.type === "timeZoneName")?.value;
  // Intl says "GMT+3" / "GMT"; "UTC+3" is the form both languages read.
  return offset ? offset.replace(/^GMT(\+0)?/, "UTC") : timezone;
}

export function resetTime(
  t: TranslateFunction,
  resetAt: Date,
  locale: Locale,
  timezone: string,
  now: Date,
): string {
  const time = formatTime(resetAt, locale, timezone, now);
  const zone = zoneName(resetAt, timezone);
  const left = resetAt.getTime() - now.getTime();
  if (left <= 0 || left > COUNTDOWN_MAX_MINUTES * 60_000) return t("quota-reset-at", { time, zone });
  return t("quota-reset-soon", { time, zone, minutes: Math.ceil(left / 60_000) });
}
