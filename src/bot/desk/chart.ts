/**
 * The report's chart as a PNG, drawn on the server by Chart.js on a Skia
 * canvas (@napi-rs/canvas: a prebuilt binary, no browser): orders received and
 * handed over per bucket as bars, money taken on orders as a line on its own
 * axis. Text in DejaVu Sans, shipped in assets/fonts (Cyrillic included) and
 * loaded explicitly: the host's fonts are never used. Sized for a phone: the
 * picture shows about a third of its size there, so no text is under 28 px.
 */
import { createCanvas } from "@napi-rs/canvas";
import { Chart, type ChartConfiguration, registerables } from "chart.js";
import type { Locale } from "../../config/index.ts";
import { SHIPPED_FONT_FAMILY, SHIPPED_FONT_FILES, shippedFont } from "../ui/shipped-font.ts";

export const CHART_FONT_FAMILY = SHIPPED_FONT_FAMILY;
export const CHART_FONT_FILES = SHIPPED_FONT_FILES;

const WIDTH = 1080;
const HEIGHT = 760;

let ready = false;
function setUp(): void {
  if (ready) return;
  Chart.register(...registerables);
  shippedFont();
  ready = true;
}

export interface ChartInput {
  locale: Locale;
  title: string;
  labels: string[];
  received: number[];
  /** Absent: not known (no bars, no legend entry rather than bars of zero). */
  handedOver?: number[];
  money: number[];
  texts: { in: string; out: string; money: string; orders: string };
}

const COLORS = { in: "#3b82f6", out: "#22c55e", money: "#f59e0b", grid: "#e5e7eb", text: "#111827" };

export async function renderReportChart(input: ChartInput): Promise<Buffer> {
  setUp();
  const canvas = createCanvas(WIDTH, HEIGHT);
  const context = canvas.getContext("2d");
  // A white page: Telegram's dark theme would show a transparent PNG black on black.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, WIDTH, HEIGHT);
  const compact = new Intl.NumberFormat(input.locale === "en" ? "en-GB" : "ru-RU", {
    notation: "compact",
    maximumFractionDigits: 1,
  });
  const font = (size: number, weight: "normal" | "bold" = "normal") => ({
    family: CHART_FONT_FAMILY,
    size,
    weight,
  });
  const config: ChartConfiguration<"bar" | "line"> = {
    type: "bar",
    data: {
      labels: input.labels,
      datasets: [
        {
          type: "bar",
          label: input.texts.in,
          data: input.received,
          backgroundColor: COLORS.in,
          yAxisID: "orders",
          order: 2,
        },
        ...(input.handedOver
          ? [
              {
                type: "bar" as const,
                label: input.texts.out,
                data: input.handedOver,
                backgroundColor: COLORS.out,
                yAxisID: "orders",
                order: 2,
              },
            ]
          : []),
        {
          type: "line",
          label: input.texts.money,
          // Both axes start at 0 on one base line (issue 32.16): a bucket of more refunds than
          // payments is drawn at 0, the report's text says what it was.
          data: input.money.map((value) => Math.max(0, value)),
          borderColor: COLORS.money,
          backgroundColor: COLORS.money,
          borderWidth: 4,
          borderJoinStyle: "round",
          pointRadius: input.labels.length > 20 ? 3 : 6,
          yAxisID: "money",
          order: 1,
        },
      ],
    },
    options: {
      responsive: false,
      animation: false,
      devicePixelRatio: 1,
      color: COLORS.text,
      layout: { padding: { left: 16, right: 16, top: 8, bottom: 8 } },
      plugins: {
        title: {
          display: true,
          text: input.title,
          font: font(38, "bold"),
          color: COLORS.text,
          padding: { bottom: 12 },
        },
        legend: {
          position: "bottom",
          labels: { font: font(30), color: COLORS.text, boxWidth: 34, padding: 24 },
        },
      },
      scales: {
        x: {
          ticks: { font: font(28), color: COLORS.text, maxRotation: 0, autoSkip: true, autoSkipPadding: 16 },
          grid: { display: false },
        },
        orders: {
          type: "linear",
          position: "left",
          beginAtZero: true,
          title: { display: true, text: input.texts.orders, font: font(28), color: COLORS.text },
          ticks: { font: font(28), color: COLORS.text, precision: 0 },
          grid: { color: COLORS.grid },
        },
        money: {
          type: "linear",
          position: "right",
          min: 0,
          ticks: { font: font(28), color: COLORS.money, callback: (value) => compact.format(Number(value)) },
          grid: { display: false },
        },
      },
    },
  };
  // Chart.js takes any 2D context; the Skia one has what it draws with.
  const chart = new Chart(context as unknown as ConstructorParameters<typeof Chart>[0], config);
  try {
    return await canvas.encode("png");
  } finally {
    chart.destroy();
  }
}
