/**
 * Money below zero in /report (issue 32.16): a master whose orders had more
 * refunded than taken in the period reads so ("(без мастера): 1 · −700 ₽ (за
 * период по этим заказам вернули больше, чем приняли)"), never a bare −700 ₽;
 * and the chart's money axis starts at 0 with the orders' (a bucket of
 * refunds is drawn at 0, not below the base line). ru and en; fixed dates.
 */
import { describe, expect, it } from "vitest";
import { type ChartInput, renderReportChart } from "../../../src/bot/desk/chart.ts";
import { periodOf } from "../../../src/bot/desk/period.ts";
import type { ReportFigures } from "../../../src/bot/desk/report-figures.ts";
import type { ReportData } from "../../../src/bot/features/report/build.ts";
import { reportText } from "../../../src/bot/features/report/text.ts";
import { createI18n } from "../../../src/bot/i18n.ts";

const TIMEZONE = "Europe/Moscow";
const NOW = new Date("2026-11-25T15:00:00Z");
const i18n = createI18n("ru");

function data(masters: { id?: string; name?: string; orders: number; money: number }[]): ReportData {
  const period = periodOf("day", NOW, TIMEZONE);
  const figures = {
    received: 2,
    ready: 1,
    closed: 1,
    money: 1500,
    masters,
    averagedOver: 0,
    outKnown: 1,
    perBucket: period.buckets.map(() => ({ in: 0, out: 0, money: 0 })),
  };
  return {
    period,
    figures: figures as unknown as ReportFigures,
    orders: { missing: [], overdue: 0, source: "service", requests: 1 },
    money: { known: true, counted: 1, total: 1, requests: 1 },
    datingRequests: 0,
  } as unknown as ReportData;
}

const text = (locale: "ru" | "en", report: ReportData) =>
  reportText((key, args) => i18n.t(locale, key, args), report, locale, TIMEZONE).replace(
    /[\u202f\u00a0]/g,
    " ",
  );

describe("a master's money below zero", () => {
  it.each([
    [
      "ru",
      "(без мастера): 1 · −700 ₽ (за период по этим заказам вернули больше, чем приняли)",
      "Петров Иван: 2 · 2 200 ₽",
    ],
    [
      "en",
      "(no master): 1 · −700 ₽ (more refunded than taken on these orders in the period)",
      "Петров Иван: 2 · 2,200 ₽",
    ],
  ] as const)(
    "is said to be refunds; a master in the plus reads as before (%s)",
    (locale, refunds, plain) => {
      const said = text(
        locale,
        data([
          { id: "m1", name: "Петров Иван", orders: 2, money: 2200 },
          { orders: 1, money: -700 },
        ]),
      );
      expect(said.replace("-700", "−700")).toContain(refunds);
      expect(said).toContain(plain);
      expect(said).not.toMatch(/Петров Иван: 2 · 2[ ,]200 ₽ \(/);
    },
  );
});

const chart = (locale: "ru" | "en", money: number[]): ChartInput => ({
  locale,
  title: "день",
  labels: ["09", "10", "11"],
  received: [2, 1, 3],
  handedOver: [1, 0, 2],
  money,
  texts:
    locale === "ru"
      ? { in: "Принято", out: "Выдано", money: "Получено по заказам, ₽", orders: "Заказы" }
      : { in: "Received", out: "Handed over", money: "Taken on orders, ₽", orders: "Orders" },
});

describe("the chart's money axis", () => {
  it.each(["ru", "en"] as const)(
    "starts at 0: a bucket of refunds is drawn as 0, the axis does not go below (%s)",
    async (locale) => {
      const refunds = await renderReportChart(chart(locale, [-700, 0, 0]));
      const zeros = await renderReportChart(chart(locale, [0, 0, 0]));
      expect(refunds.equals(zeros)).toBe(true);
      // Money that is there is drawn (the picture differs from an empty day's).
      const taken = await renderReportChart(chart(locale, [-700, 1200, 0]));
      expect(taken.equals(zeros)).toBe(false);
    },
  );
});
