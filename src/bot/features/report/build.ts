/**
 * One report's data, whoever asked (/report or the evening report): the
 * period's orders from the order reader (`services.orders.period`: the mirror
 * or the service, within a budget; orders/period-reader.ts), money from
 * the cash transactions of the period (`GET /cash` over the registers of the
 * configured workshops, 50 a request), reference data from the cache. With
 * the quota low it spends nothing and says what it could not know: a report
 * never takes the requests the staff need for their work.
 */
import { isServiceError, type ServiceClient } from "../../../service/index.ts";
import type { BotServices } from "../../context.ts";
import { indexItems } from "../../desk/money.ts";
import { type Period, type PeriodKind, periodOf } from "../../desk/period.ts";
import { type ReportFigures, reportFigures, withClosedCounts } from "../../desk/report-figures.ts";
import { deskShops } from "../../desk/scope.ts";
import { transactionsOf } from "../../desk/till.ts";
import type { OrdersOfPeriod } from "../../orders/index.ts";
import { sharePerWindow } from "../../orders/lookup-share.ts";
import { type MasterRating, masterRatings } from "../client-reviews/index.ts";

/** Cash pages (50 transactions each) a report may read per period. */
const MONEY_PAGES: Record<PeriodKind, number> = { day: 2, week: 4, month: 8 };
/** With a warm mirror (the orders' figures at no request) a report costs at most this: its money. */
const MIRROR_REPORT_REQUESTS = 3;
/** Order list pages a report may read without the mirror (all three lists and the overdue count). */
const ORDER_PAGES = 10;
/** Counts a report may spend dating its handed-over orders per bucket (orders/period-dating.ts). */
const DATING_REQUESTS: Record<PeriodKind, number> = { day: 12, week: 16, month: 32 };

interface ReportMoney {
  known: boolean;
  counted: number;
  total: number;
  requests: number;
  reason?: "quota" | "error";
}

export interface ReportData {
  period: Period;
  figures: ReportFigures;
  orders: OrdersOfPeriod;
  money: ReportMoney;
  /** Requests spent counting the handed-over orders per bucket (the chart's bars). */
  datingRequests: number;
  /** Requests left when the report chose to spend none; undefined when it could spend. */
  quotaLow?: number;
  /** When the mirror last synced (orders from the mirror). */
  syncedAt?: Date | null;
  /** The period is over (an evening report sent after midnight): it is not "today" any more. */
  past?: boolean;
  /** The listed masters' average stars from clients' reviews (by employee id), where any. */
  ratings?: ReadonlyMap<string, MasterRating>;
}

/** Requests a report may spend now: what reads may (none at the write reserve; the client decides). */
function spendable(client: ServiceClient): number {
  return client.readAllowance();
}

/** The report of the period of `kind` that holds `at` (default: now), counted up to `at`. */
export async function buildReport(services: BotServices, kind: PeriodKind, at?: Date): Promise<ReportData> {
  const { client, config, clock, reference } = services;
  const now = clock.now();
  const period = periodOf(kind, at ?? now, config.timezone);
  let budget = spendable(client);
  const quotaLow = budget === 0 ? (client.quota?.remaining ?? 0) : undefined;
  const orders = await services.orders.period(period, Math.min(budget, ORDER_PAGES));
  budget -= orders.requests;

  const money: ReportMoney = { known: false, counted: 0, total: 0, requests: 0 };
  let transactions: Awaited<ReturnType<typeof transactionsOf>>["items"] = [];
  // The mirror dated the finished orders itself: the money is all the report asks for.
  const warm = orders.source === "mirror" && orders.finishedFrom === "mirror" && orders.requests === 0;
  const pages = Math.min(budget, MONEY_PAGES[kind], warm ? MIRROR_REPORT_REQUESTS : Number.POSITIVE_INFINITY);
  if (pages <= 0) {
    money.reason = "quota";
  } else {
    try {
      const shops = await deskShops(services);
      const registers = (await Promise.all(shops.map((shop) => reference.cashRegisters(shop.id)))).flat();
      const read = await transactionsOf(
        client,
        registers.map((r) => r.id),
        period,
        pages,
      );
      transactions = read.items;
      Object.assign(money, {
        known: true,
        counted: read.items.length,
        total: read.total,
        requests: read.requests,
      });
    } catch (error) {
      if (!isServiceError(error)) throw error;
      money.reason = error.kind === "quota" ? "quota" : "error";
    }
  }
  budget -= money.requests;
  const items = indexItems(await reference.cashItems().catch(() => []));
  const read = reportFigures(period, orders, transactions, items);
  // One owner's counts are reads like a clerk's lookups: no more than one user's share of a window.
  const share = sharePerWindow(config.lookupShare, client.writeReserve);
  const dated = await dateClosed(
    services,
    period,
    read,
    orders,
    Math.min(budget, DATING_REQUESTS[kind], share),
  );
  // The masters' stars are the bot's own (clients' reviews): no request.
  const ratings = await masterRatings(
    services.store,
    dated.figures.masters.map((m) => m.id),
  ).catch(() => undefined);
  return {
    period,
    figures: dated.figures,
    ratings,
    orders,
    money,
    datingRequests: dated.requests,
    quotaLow,
    syncedAt: orders.source === "mirror" ? (orders.asOf ?? null) : undefined,
    past: period.close.getTime() <= now.getTime(),
  };
}

/**
 * The handed-over bars from the service's counts per bucket when the orders'
 * own dates (and the mirror's log) leave some undated (issue 29.12): a figure
 * the bot cannot date is not drawn as zero. A failure keeps what is known.
 */
async function dateClosed(
  services: BotServices,
  period: Period,
  figures: ReportFigures,
  orders: OrdersOfPeriod,
  budget: number,
): Promise<{ figures: ReportFigures; requests: number }> {
  // The mirror dates what it saw and says what it did not: its report asks no counts.
  const fromMirror = orders.finishedFrom === "mirror";
  if (fromMirror || figures.outKnown >= figures.closed || orders.missing.includes("closed") || budget <= 0)
    return { figures, requests: 0 };
  const now = period.end.getTime();
  const elapsed = period.buckets
    .filter((bucket) => bucket.start.getTime() < now)
    .map((bucket) => ({ start: bucket.start, end: new Date(Math.min(bucket.end.getTime(), now)) }));
  const dated = figures.perBucket.slice(0, elapsed.length).map((bucket) => bucket.out);
  // The service's own list counted them all: the first count is known.
  const total = orders.finishedFrom === "service" ? figures.closed : undefined;
  try {
    const counted = await services.orders.closedPerBucket(elapsed, dated, budget, total);
    return { figures: withClosedCounts(figures, counted.counts), requests: counted.requests };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return { figures, requests: 0 };
  }
}
