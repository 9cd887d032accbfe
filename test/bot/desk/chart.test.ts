/** The report's chart: a real PNG drawn with the shipped font, in the reader's language. */
import { existsSync } from "node:fs";
import { GlobalFonts } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import {
  CHART_FONT_FAMILY,
  CHART_FONT_FILES,
  type ChartInput,
  renderReportChart,
} from "../../../src/bot/desk/chart.ts";
import { periodOf } from "../../../src/bot/desk/period.ts";
import type { ReportFigures } from "../../../src/bot/desk/report-figures.ts";
import type { ReportData } from "../../../src/bot/features/report/build.ts";
import { chartInput } from "../../../src/bot/features/report/text.ts";

const TIMEZONE = "Europe/Moscow";
/** The report data of one period, empty but for the buckets the chart's axis labels. */
function reportOf(kind: "day" | "week", now: Date): ReportData {
  const period = periodOf(kind, now, TIMEZONE);
  const figures = {
    closed: 0,
    outKnown: 0,
    perBucket: period.buckets.map(() => ({ in: 1, out: 0, money: 0 })),
  };
  return { period, figures: figures as unknown as ReportFigures } as ReportData;
}
const key = (k: string) => k;

const input = (locale: "ru" | "en"): ChartInput => ({
  locale,
  title: locale === "ru" ? "неделя пн 23.11 – вс 29.11" : "week Mon 23.11 – Sun 29.11",
  labels: ["23.11", "24.11", "25.11"],
  received: [4, 7, 2],
  handedOver: [3, 5, 1],
  money: [12_500, 30_200, 4_000],
  texts:
    locale === "ru"
      ? { in: "Принято", out: "Выдано", money: "Получено по заказам, ₽", orders: "Заказы" }
      : { in: "Received", out: "Handed over", money: "Taken on orders, ₽", orders: "Orders" },
});

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe("the report chart", () => {
  it("is a PNG wide enough for a phone, drawn with the font the project ships", async () => {
    for (const file of CHART_FONT_FILES) expect(existsSync(file)).toBe(true);
    const png = await renderReportChart(input("ru"));
    expect(pngSize(png)).toEqual({ width: 1080, height: 760 });
    expect(GlobalFonts.families.some((f) => f.family === CHART_FONT_FAMILY)).toBe(true);
  });

  it("speaks the reader's language and shows the data", async () => {
    const ru = await renderReportChart(input("ru"));
    const en = await renderReportChart(input("en"));
    expect(ru.equals(en)).toBe(false);
    const other = await renderReportChart({ ...input("en"), received: [0, 0, 9] });
    expect(other.equals(en)).toBe(false);
  });

  it("leaves out the handed-over bars (and their legend) when their times are not known", async () => {
    const zeros = await renderReportChart({ ...input("en"), handedOver: [0, 0, 0] });
    const unknown = await renderReportChart({ ...input("en"), handedOver: undefined });
    expect(pngSize(unknown).width).toBe(1080);
    expect(unknown.equals(zeros)).toBe(false);
  });

  it("draws an empty period without failing", async () => {
    const png = await renderReportChart({
      ...input("en"),
      labels: [],
      received: [],
      handedOver: [],
      money: [],
    });
    expect(pngSize(png).width).toBe(1080);
  });

  it("labels the days on its axis in the reader's order: 24.11 in Russian, Nov 24 in English", async () => {
    // Wednesday 25 November, 00:30 in Moscow (21:30 UTC the day before): the week so far is Mon-Wed.
    const now = new Date(Date.UTC(2026, 10, 24, 21, 30));
    const week = reportOf("week", now);
    expect(chartInput(key, week, "ru", TIMEZONE).labels).toEqual(["23.11", "24.11", "25.11"]);
    expect(chartInput(key, week, "en", TIMEZONE).labels).toEqual(["Nov 23", "Nov 24", "Nov 25"]);
    // Hours read alike.
    expect(chartInput(key, reportOf("day", now), "en", TIMEZONE).labels).toEqual(["00"]);
    const en = await renderReportChart({
      ...input("en"),
      labels: chartInput(key, week, "en", TIMEZONE).labels,
    });
    expect(pngSize(en).width).toBe(1080);
  });
});
