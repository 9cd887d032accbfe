/**
 * Report periods: calendar periods in TIMEZONE (docs/decisions.md, "The owner's
 * desk"): today, the week from Monday, the month; the current one runs up
 * to now. A period is cut into the buckets its chart shows: hours for a day,
 * days for a week or a month.
 */
import { TZDate } from "@date-fns/tz";

export const PERIODS = ["day", "week", "month"] as const;
export type PeriodKind = (typeof PERIODS)[number];

interface Bucket {
  start: Date;
  /** Exclusive. */
  end: Date;
  /** "09" (an hour) or "24.11" (a day); the chart writes days in the reader's locale (ui/dates.ts). */
  label: string;
}

export interface Period {
  kind: PeriodKind;
  start: Date;
  /** Now (exclusive end of what is counted). */
  end: Date;
  /** When the period as a whole ends (the next one starts). */
  close: Date;
  buckets: Bucket[];
}

export const isPeriodKind = (value: string | undefined): value is PeriodKind =>
  PERIODS.some((kind) => kind === value);

const pad2 = (n: number): string => String(n).padStart(2, "0");

export function periodOf(kind: PeriodKind, now: Date, timezone: string): Period {
  const local = new TZDate(now.getTime(), timezone);
  const y = local.getFullYear();
  const m = local.getMonth();
  const d = local.getDate();
  // Monday first: getDay() is 0 on Sunday.
  const sinceMonday = (local.getDay() + 6) % 7;
  const at = (year: number, month: number, day: number, hour = 0) =>
    new Date(new TZDate(year, month, day, hour, 0, 0, timezone).getTime());
  const start = kind === "day" ? at(y, m, d) : kind === "week" ? at(y, m, d - sinceMonday) : at(y, m, 1);
  const close =
    kind === "day" ? at(y, m, d + 1) : kind === "week" ? at(y, m, d - sinceMonday + 7) : at(y, m + 1, 1);
  const buckets: Bucket[] = [];
  if (kind === "day") {
    for (let hour = 0; hour < 24; hour++) {
      const from = at(y, m, d, hour);
      if (from.getTime() > now.getTime()) break;
      buckets.push({ start: from, end: at(y, m, d, hour + 1), label: pad2(hour) });
    }
  } else {
    const first = new TZDate(start.getTime(), timezone);
    for (let i = 0; ; i++) {
      const from = at(first.getFullYear(), first.getMonth(), first.getDate() + i);
      if (from.getTime() > now.getTime() || from.getTime() >= close.getTime()) break;
      const day = new TZDate(from.getTime(), timezone);
      buckets.push({
        start: from,
        end: at(first.getFullYear(), first.getMonth(), first.getDate() + i + 1),
        label: `${pad2(day.getDate())}.${pad2(day.getMonth() + 1)}`,
      });
    }
  }
  return { kind, start, end: now, close, buckets };
}

export const within = (date: Date | undefined, period: { start: Date; end: Date }): boolean =>
  date !== undefined && date.getTime() >= period.start.getTime() && date.getTime() < period.end.getTime();

/** The bucket a moment falls in, or -1. */
export function bucketIndex(buckets: readonly Bucket[], date: Date): number {
  const t = date.getTime();
  return buckets.findIndex((b) => t >= b.start.getTime() && t < b.end.getTime());
}
