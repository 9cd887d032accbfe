/**
 * A report as the owner reads it: text first (each figure names its period),
 * then the chart. Pure functions of the report's data, a translate function,
 * the locale and TIMEZONE: the same for /report and the evening report.
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import type { Locale } from "../../../config/index.ts";
import type { ChartInput } from "../../desk/chart.ts";
import { formatDateTime, formatDay, formatShortDay } from "../../ui/dates.ts";
import { formatAmount } from "../../ui/money.ts";
import { cutHtml, escapeHtml } from "../../ui/text.ts";
import type { ReportData } from "./build.ts";

const HOUR = 60 * 60 * 1000;
const MASTERS_SHOWN = 15;
/** The fewest orders with known dates an average is shown over. */
const AVERAGE_MIN_ORDERS = 5;

export function periodLabel(
  t: TranslateFunction,
  data: ReportData,
  locale: Locale,
  timezone: string,
): string {
  const { period } = data;
  switch (period.kind) {
    case "day":
      return t(data.past ? "report-period-date" : "report-period-day", {
        from: formatDay(period.start, locale, timezone),
      });
    case "week":
      return t("report-period-week", {
        from: formatDay(period.start, locale, timezone),
        to: formatDay(new Date(period.close.getTime() - HOUR), locale, timezone),
      });
    default:
      return t("report-period-month", {
        month: new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "ru-RU", {
          month: "long",
          year: "numeric",
          timeZone: timezone,
        }).format(period.start),
      });
  }
}

/** "4.6" / "4,6": one decimal in the reader's way. */
function formatRating(average: number, locale: Locale): string {
  return average.toLocaleString(locale === "en" ? "en-GB" : "ru-RU", {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

function duration(t: TranslateFunction, ms: number): string {
  const hours = Math.round(ms / HOUR);
  if (hours < 48) return t("report-duration-hours", { hours });
  return t("report-duration-days", { days: Math.floor(hours / 24), hours: hours % 24 });
}

export function reportText(t: TranslateFunction, data: ReportData, locale: Locale, timezone: string): string {
  const label = periodLabel(t, data, locale, timezone);
  const period = label;
  const { figures, orders, money } = data;
  const amount = (n: number) => formatAmount(n, locale);
  const lines = [t("report-title", { period: label })];
  if (data.quotaLow !== undefined) lines.push(t("desk-quota-low", { remaining: data.quotaLow }));
  lines.push("");
  const missing = new Set(orders.missing);
  if (!missing.has("received")) lines.push(t("report-received", { period, count: figures.received }));
  if (!missing.has("ready")) lines.push(t("report-ready", { period, count: figures.ready }));
  if (!missing.has("closed")) lines.push(t("report-closed", { period, count: figures.closed }));
  if (!money.known) {
    lines.push(t("report-money-unknown", { period, reason: t(`report-reason-${money.reason ?? "error"}`) }));
  } else if (money.counted < money.total) {
    lines.push(
      t("report-money-partial", {
        period,
        amount: amount(figures.money),
        counted: money.counted,
        total: money.total,
      }),
    );
  } else {
    lines.push(t("report-money", { period, amount: amount(figures.money) }));
  }
  if (!missing.has("ready")) {
    // Only over enough orders whose dates are known: two odd ones make no figure an owner can use.
    if (figures.averageReadyMs !== undefined && figures.averagedOver >= AVERAGE_MIN_ORDERS)
      lines.push(
        t("report-avg", { period, time: duration(t, figures.averageReadyMs), count: figures.averagedOver }),
      );
    else if (figures.ready === 0) lines.push(t("report-avg-none", { period }));
    else
      lines.push(
        t("report-avg-few", {
          period,
          known: figures.averagedOver,
          count: figures.ready,
          min: AVERAGE_MIN_ORDERS,
        }),
      );
  }
  lines.push(
    orders.overdue === undefined
      ? t("report-overdue-unknown")
      : t("report-overdue", { count: orders.overdue }),
  );
  if (!missing.has("ready") || !missing.has("closed")) {
    lines.push("");
    if (figures.masters.length === 0) lines.push(t("report-masters-none", { period }));
    else {
      lines.push(t("report-masters", { period }));
      for (const master of figures.masters.slice(0, MASTERS_SHOWN)) {
        const name = master.id === undefined ? t("report-master-none") : escapeHtml(master.name ?? master.id);
        // Money below zero is refunds above what was taken: said so, not a bare "−700 ₽" (issue 32.16).
        const key = master.money < 0 ? "report-master-refunds" : "report-master";
        const rating = master.id === undefined ? undefined : data.ratings?.get(master.id);
        const stars = rating
          ? ` · ${t("report-master-rating", { average: formatRating(rating.average, locale), count: rating.count })}`
          : "";
        lines.push(t(key, { name, count: master.orders, amount: amount(master.money) }) + stars);
      }
    }
  }
  lines.push("");
  if (figures.outKnown < figures.closed)
    lines.push(t("report-chart-out-partial", { known: figures.outKnown, count: figures.closed }));
  if (missing.size > 0) {
    const what = [...missing].map((figure) => t(`report-missing-${figure}`)).join(", ");
    lines.push(t("report-missing", { what }));
  }
  if (orders.source === "mirror") {
    const age = data.syncedAt ? formatDateTime(data.syncedAt, locale, timezone) : t("value-none");
    const requests = orders.requests + money.requests + data.datingRequests;
    // A warm mirror dated the finished orders itself; else the service was asked, or could not be.
    const warm = orders.finishedFrom === "mirror" && orders.reason === undefined;
    lines.push(t(warm ? "report-source-mirror-warm" : "report-source-mirror", { age, requests }));
    if (warm && orders.watchingSince)
      lines.push(t("report-mirror-since", { since: formatDateTime(orders.watchingSince, locale, timezone) }));
    else if (!warm && orders.finishedFrom === "mirror") lines.push(t("report-finished-from-mirror"));
  } else {
    lines.push(
      t("report-source-service", { requests: orders.requests + money.requests + data.datingRequests }),
    );
  }
  return cutHtml(lines.join("\n").trim());
}

export function chartInput(
  t: TranslateFunction,
  data: ReportData,
  locale: Locale,
  timezone: string,
): ChartInput {
  const { period, figures } = data;
  return {
    locale,
    title: periodLabel(t, data, locale, timezone),
    // Hours read alike in both languages; days in the reader's order ("24.11", "Nov 24").
    labels: period.buckets.map((b) =>
      period.kind === "day" ? b.label : formatShortDay(b.start, locale, timezone),
    ),
    received: figures.perBucket.map((b) => b.in),
    // No time known for any handed-over order (the service's lists without the mirror): no bars of zero.
    handedOver:
      figures.closed > 0 && figures.outKnown === 0 ? undefined : figures.perBucket.map((b) => b.out),
    money: figures.perBucket.map((b) => b.money),
    texts: {
      in: t("report-chart-in"),
      out: t("report-chart-out"),
      money: t("report-chart-money"),
      orders: t("report-chart-orders"),
    },
  };
}
