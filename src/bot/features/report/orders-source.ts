/**
 * Every read of orders the report makes, behind one small interface, so it
 * can move onto the one order reader as a whole. From the order mirror when
 * there is one (0 requests); else from the service's order lists filtered by
 * date (`dateCreate`, `dateFinish`, `dateClose`: one request per 50 orders,
 * within a request budget) and the overdue count (1 request). What a budget or
 * an error leaves unread is named in `missing`, never guessed.
 */
import type { OrderMirror } from "../../../mirror/index.ts";
import { isServiceError, MAX_PAGE_SIZE, type Order, type ServiceClient } from "../../../service/index.ts";
import type { Period } from "../../desk/period.ts";
import { within } from "../../desk/period.ts";
import { ordersOfShops } from "../../services/order-search.ts";

export type OrderFigure = "received" | "ready" | "closed" | "overdue";

export interface ReportOrders {
  /** Orders received, made ready or handed over in the period, each once. */
  orders: Order[];
  /** Open orders past their deadline now; undefined when not known. */
  overdue: number | undefined;
  source: "mirror" | "service";
  /** Figures that could not be read (budget, quota or an error). */
  missing: OrderFigure[];
  requests: number;
  /** Why something is missing: "quota" or "error". */
  reason?: "quota" | "error";
}

export interface ReportOrdersSource {
  read(period: Period, budget: number): Promise<ReportOrders>;
}

const touches = (order: Order, period: Period): boolean =>
  within(order.dateCreate, period) || within(order.dateFinish, period) || within(order.dateClose, period);

export function mirrorOrders(mirror: OrderMirror): ReportOrdersSource {
  return {
    async read(period) {
      const orders: Order[] = [];
      for (let page = 1; ; page++) {
        const found = mirror.list({ includeClosed: true, page, pageSize: MAX_PAGE_SIZE });
        for (const { order } of found.items)
          if (order.isVisible !== false && touches(order, period)) orders.push(order);
        if (found.items.length < MAX_PAGE_SIZE || page * MAX_PAGE_SIZE >= found.total) break;
      }
      const overdue = mirror.list({ overdue: true, pageSize: 1 }).total;
      return { orders, overdue, source: "mirror", missing: [], requests: 0 };
    },
  };
}

const FILTERS = [
  ["received", "dateCreate"],
  ["ready", "dateFinish"],
  ["closed", "dateClose"],
] as const;

export function serviceOrders(client: ServiceClient, shopIds: readonly string[]): ReportOrdersSource {
  return {
    async read(period, budget) {
      const byId = new Map<string, Order>();
      const missing: OrderFigure[] = [];
      let requests = 0;
      let reason: ReportOrders["reason"];
      const range: [number, number] = [period.start.getTime(), period.end.getTime()];
      const fail = (figure: OrderFigure, error: unknown) => {
        if (!isServiceError(error)) throw error;
        missing.push(figure);
        reason = error.kind === "quota" ? "quota" : "error";
      };
      let overdue: number | undefined;
      // The overdue count first: one request, and it says something whatever the period.
      if (requests < budget) {
        try {
          requests++;
          overdue = (await ordersOfShops(client, shopIds, { isDeadline: true }, { page: 1, pageSize: 1 }))
            .total;
        } catch (error) {
          fail("overdue", error);
        }
      } else missing.push("overdue");
      for (const [figure, field] of FILTERS) {
        let complete = false;
        try {
          for (let page = 1; requests < budget; page++) {
            requests++;
            const found = await ordersOfShops(
              client,
              shopIds,
              { [field]: range },
              { page, pageSize: MAX_PAGE_SIZE },
            );
            for (const order of found.items) byId.set(order.id, order);
            if (found.checked >= found.total) {
              complete = true;
              break;
            }
          }
          if (!complete) {
            missing.push(figure);
            reason ??= "quota";
          }
        } catch (error) {
          fail(figure, error);
        }
      }
      const orders = [...byId.values()].filter((order) => touches(order, period));
      return { orders, overdue, source: "service", missing, requests, reason };
    },
  };
}
