/**
 * The chart, loaded on first use: the Skia canvas is a native module of some
 * megabytes that a bot without owners (or before the first report) never needs.
 * A chart that cannot be drawn is logged and left out: the report's text stands.
 */
import type { Logger } from "../../../logger.ts";
import type { ChartInput } from "../../desk/chart.ts";

export async function chartPng(input: ChartInput, log: Pick<Logger, "warn">): Promise<Buffer | undefined> {
  try {
    const { renderReportChart } = await import("../../desk/chart.ts");
    return await renderReportChart(input);
  } catch (error) {
    log.warn({ err: String(error) }, "the report chart was not drawn");
    return undefined;
  }
}
