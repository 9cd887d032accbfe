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
import { type ReportFigures, reportFigures } from "../../desk/report-figures.ts";
import { deskShops } from "../../desk/scope.ts";
import { transactionsOf } from "../../desk/till.ts";
import type { OrdersOfPeriod } from "../../orders/index.ts";

/** Cash pages (50 transactions each) a report may read per period. */
const MONEY_PAGES: Record<PeriodKind, number> = { day: 2, week: 4, month: 8 };
/** Order list pages a report may read without the mirror (all three lists and the overdue count). */
const ORDER_PAGES = 10;

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
  /** Requests left when the report chose to spend none; undefined when it could spend. */
  quotaLow?: number;
  /** When the mirror last synced (orders from the mirror). */
  syncedAt?: Date | null;
  /** The period is over (an evening report sent after midnight): it is not "today" any more. */
  past?: boolean;
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
  const pages = Math.min(budget, MONEY_PAGES[kind]);
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
  const items = indexItems(await reference.cashItems().catch(() => []));
  return {
    period,
    figures: reportFigures(period, orders, transactions, items),
    orders,
    money,
    quotaLow,
    syncedAt: orders.source === "mirror" ? (orders.asOf ?? null) : undefined,
    past: period.close.getTime() <= now.getTime(),
  };
}
