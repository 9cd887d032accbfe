/**
 * Every read of orders the report makes, behind one small interface, so it
 * can move onto the one order reader as a whole.
 *
 * - Received (created in the period) and overdue now: from the order mirror
 *   (0 requests), else the service's list filtered by `dateCreate` (1 request
 *   per 50) and `isDeadline` (1 request).
 * - Made ready and handed over: the service's lists filtered by `dateFinish`
 *   and `dateClose` select them exactly (1 request per 50; list records do
 *   not carry those dates); with the quota low and the mirror on, what the
 *   mirror knows instead: the dates of its full records and the ready and
 *   closing status changes its log saw in the period.
 * The time an order became ready or was handed over comes from its record
 * when it has one, else from the mirror's log; unknown otherwise.
 * What a budget or an error leaves unread is named in `missing`, never guessed.
 */

import type { MirrorChange, OrderMirror } from "../../../mirror/index.ts";
import { CLOSED_GROUP } from "../../../mirror/records.ts";
import { isServiceError, MAX_PAGE_SIZE, type Order, type ServiceClient } from "../../../service/index.ts";
import type { Period } from "../../desk/period.ts";
import { within } from "../../desk/period.ts";
import { ordersOfShops } from "../../services/order-search.ts";

export type OrderFigure = "received" | "ready" | "closed" | "overdue";
type ListFigure = Exclude<OrderFigure, "overdue">;

export interface ReportOrders {
  received: Order[];
  ready: Order[];
  closed: Order[];
  /** Open orders past their deadline now; undefined when not known. */
  overdue: number | undefined;
  /** Where received and overdue came from. */
  source: "mirror" | "service";
  /** Where made ready and handed over came from ("mirror": only what it saw). */
  finishedFrom: "mirror" | "service";
  /** Figures that could not be read (budget, quota or an error). */
  missing: OrderFigure[];
  requests: number;
  /** Why something is missing. */
  reason?: "quota" | "error";
}

export interface ReportOrdersSource {
  read(period: Period, budget: number): Promise<ReportOrders>;
}

const FILTER_OF: Record<ListFigure, "dateCreate" | "dateFinish" | "dateClose"> = {
  received: "dateCreate",
  ready: "dateFinish",
  closed: "dateClose",
};

/** Reads the service's lists of these figures within `budget` requests. */
async function serviceLists(
  client: ServiceClient,
  shopIds: readonly string[],
  period: Period,
  budget: number,
  figures: readonly OrderFigure[],
): Promise<Omit<ReportOrders, "source" | "finishedFrom">> {
  const out: Omit<ReportOrders, "source" | "finishedFrom"> = {
    received: [],
    ready: [],
    closed: [],
    overdue: undefined,
    missing: [],
    requests: 0,
  };
  const range: [number, number] = [period.start.getTime(), period.end.getTime()];
  const fail = (figure: OrderFigure, error: unknown) => {
    if (isServiceError(error)) {
      out.missing.push(figure);
      out.reason = error.kind === "quota" ? "quota" : "error";
    } else throw error;
  };
  for (const figure of figures) {
    if (out.requests >= budget) {
      out.missing.push(figure);
      out.reason ??= "quota";
      continue;
    }
    try {
      if (figure === "overdue") {
        out.requests++;
        out.overdue = (
          await ordersOfShops(client, shopIds, { isDeadline: true }, { page: 1, pageSize: 1 })
        ).total;
        continue;
      }
      const found = new Map<string, Order>();
      let complete = false;
      for (let page = 1; out.requests < budget; page++) {
        out.requests++;
        const filter = { [FILTER_OF[figure]]: range };
        const answer = await ordersOfShops(client, shopIds, filter, { page, pageSize: MAX_PAGE_SIZE });
        for (const order of answer.items) found.set(order.id, order);
        if (answer.checked >= answer.total) {
          complete = true;
          break;
        }
      }
      out[figure] = [...found.values()];
      if (!complete) {
        out.missing.push(figure);
        out.reason ??= "quota";
      }
    } catch (error) {
      fail(figure, error);
    }
  }
  return out;
}

export function serviceOrders(client: ServiceClient, shopIds: readonly string[]): ReportOrdersSource {
  return {
    async read(period, budget) {
      const figures: OrderFigure[] = ["overdue", "received", "ready", "closed"];
      const lists = await serviceLists(client, shopIds, period, budget, figures);
      return { ...lists, source: "service", finishedFrom: "service" };
    },
  };
}

/** When the mirror's log saw each order become ready and handed over (status entering the closed group). */
function loggedTimes(
  mirror: OrderMirror,
  period: Period,
): { ready: Map<string, Date>; closed: Map<string, Date> } {
  const ready = new Map<string, Date>();
  const closed = new Map<string, Date>();
  const note = (change: MirrorChange) => {
    if (!within(change.detectedAt, period)) return;
    const id = change.order.id;
    if (change.kind === "ready") ready.set(id, change.detectedAt);
    const type =
      (change.to as { type?: unknown } | undefined)?.type ??
      (change.order.status as { type?: unknown })?.type;
    if (change.kind === "status" && type === CLOSED_GROUP) closed.set(id, change.detectedAt);
  };
  for (let seq = 0; ; ) {
    const entries = mirror.changesSince(seq, 1000);
    if (entries.length === 0) break;
    for (const entry of entries) note(entry.change);
    seq = entries.at(-1)?.seq ?? seq;
  }
  return { ready, closed };
}

/** The order with the times the mirror knows filled in where its record has none. */
function completed(order: Order, mirror: OrderMirror, times: ReturnType<typeof loggedTimes>): Order {
  const held = mirror.get(order.id)?.order;
  return {
    ...order,
    dateCreate: order.dateCreate ?? held?.dateCreate,
    dateFinish: order.dateFinish ?? held?.dateFinish ?? times.ready.get(order.id),
    dateClose: order.dateClose ?? held?.dateClose ?? times.closed.get(order.id),
    master: order.master ?? held?.master,
  };
}

export function mirrorOrders(
  mirror: OrderMirror,
  client: ServiceClient,
  shopIds: readonly string[],
): ReportOrdersSource {
  return {
    async read(period, budget) {
      const received: Order[] = [];
      const finishedHere: Order[] = [];
      const times = loggedTimes(mirror, period);
      for (let page = 1; ; page++) {
        const found = mirror.list({ includeClosed: true, page, pageSize: MAX_PAGE_SIZE });
        for (const { order } of found.items) {
          if (order.isVisible === false) continue;
          if (within(order.dateCreate, period)) received.push(order);
          if (
            times.ready.has(order.id) ||
            times.closed.has(order.id) ||
            within(order.dateFinish, period) ||
            within(order.dateClose, period)
          )
            finishedHere.push(completed(order, mirror, times));
        }
        if (found.items.length < MAX_PAGE_SIZE || page * MAX_PAGE_SIZE >= found.total) break;
      }
      const overdue = mirror.list({ overdue: true, pageSize: 1 }).total;
      const base = { received, overdue, source: "mirror" as const };
      // The service knows exactly which orders became ready or were handed over: asked while the quota allows.
      const lists =
        budget >= 2 ? await serviceLists(client, shopIds, period, budget, ["ready", "closed"]) : undefined;
      if (lists && lists.missing.length === 0) {
        return {
          ...base,
          ready: lists.ready.map((o) => completed(o, mirror, times)),
          closed: lists.closed.map((o) => completed(o, mirror, times)),
          finishedFrom: "service",
          missing: [],
          requests: lists.requests,
        };
      }
      return {
        ...base,
        ready: finishedHere.filter((o) => within(o.dateFinish, period)),
        closed: finishedHere.filter((o) => within(o.dateClose, period)),
        finishedFrom: "mirror",
        missing: [],
        requests: lists?.requests ?? 0,
        reason: lists?.reason ?? "quota",
      };
    },
  };
}
