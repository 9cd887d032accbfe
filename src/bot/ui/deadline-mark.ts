/**
 * A short deadline mark for an order list's button, so a list tells what is
 * due without opening each order: "⏰ 26.11" (due), "❗ 2 d overdue" (past it,
 * counted in calendar days in TIMEZONE), nothing for an order without a
 * deadline or one that is ready or handed over.
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import type { Locale } from "../../config/index.ts";
import { isDone, isOverdue } from "../../contract/status-groups.ts";
import type { Order } from "../../service/index.ts";
import { formatShortDay } from "./dates.ts";

const DAY_MS = 86_400_000;

/** The calendar day of `date` in `timezone`, as a day count (for differences). */
function dayNumber(date: Date, timezone: string): number {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: timezone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
  return Math.round(Date.parse(`${parts}T00:00:00Z`) / DAY_MS);
}

export function deadlineMark(
  order: Order,
  options: { t: TranslateFunction; now: Date; timezone: string; locale?: Locale },
): string | undefined {
  const { t, now, timezone } = options;
  const { deadline } = order;
  if (!deadline || isDone(order)) return undefined;
  if (isOverdue(order, now)) {
    const days = dayNumber(now, timezone) - dayNumber(deadline, timezone);
    return days <= 0 ? t("list-overdue-today") : t("list-overdue-days", { days });
  }
  return t("list-due", { date: formatShortDay(deadline, options.locale ?? "ru", timezone) });
}
