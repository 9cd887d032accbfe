/**
 * A period's orders (the owner's reports): received in [start, end), made ready
 * and handed over in it, and the open orders past their deadline now.
 *
 * - MIRROR=off: the service's lists filtered by `dateCreate`, `dateFinish` and
 *   `dateClose` (1 request per 50 records) and `isDeadline` (1 request for the
 *   count), within the caller's budget.
 * - Mirror on, its first fill done: everything from the mirror (0 requests).
 *   Made ready and handed over: the service's dates on the full records it
 *   holds, else the ready and closing status changes its change log saw in the
 *   period (the log's time is when a sync saw the change, within a sync's
 *   interval of when it was made). The log holds every change since the
 *   mirror's first fill (`watchingSince`): what was finished before that, in
 *   the period, the bot cannot date and says so.
 * - Mirror on, still filling: received and overdue from it; made ready and
 *   handed over from the service's `dateFinish` / `dateClose` lists while the
 *   budget allows, else what the mirror knows.
 * The time an order became ready or was handed over comes from its record when
 * it has one, else from the mirror's log; unknown otherwise.
 * What a budget or an error leaves unread is named in `missing`, never guessed.
 */

import { CLOSED_GROUP } from "../../contract/status-groups.ts";
import type { MirrorChange, OrderMirror } from "../../mirror/index.ts";
import { isServiceError, MAX_PAGE_SIZE, type Order } from "../../service/index.ts";
import { ordersOfShops } from "./by-number.ts";
import type { SourceDeps } from "./service-reader.ts";
import type { OrdersOfPeriod, PeriodFigure, TimeRange } from "./types.ts";

type ListFigure = Exclude<PeriodFigure, "overdue">;
type ServiceLists = Omit<OrdersOfPeriod, "source" | "finishedFrom" | "asOf">;

const FILTER_OF: Record<ListFigure, "dateCreate" | "dateFinish" | "dateClose"> = {
  received: "dateCreate",
  ready: "dateFinish",
  closed: "dateClose",
};

const within = (date: Date | undefined, range: TimeRange): boolean =>
  date !== undefined && date.getTime() >= range.start.getTime() && date.getTime() < range.end.getTime();

/** Reads the service's lists of these figures within `budget` requests. */
async function serviceLists(
  deps: Pick<SourceDeps, "client" | "shopIds">,
  range: TimeRange,
  budget: number,
  figures: readonly PeriodFigure[],
): Promise<ServiceLists> {
  const { client, shopIds } = deps;
  const out: ServiceLists = {
    received: [],
    ready: [],
    closed: [],
    overdue: undefined,
    missing: [],
    requests: 0,
  };
  const dates: [number, number] = [range.start.getTime(), range.end.getTime()];
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
        const filter = { [FILTER_OF[figure]]: dates };
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
      if (!isServiceError(error)) throw error;
      out.missing.push(figure);
      out.reason = error.kind === "quota" ? "quota" : "error";
    }
  }
  return out;
}

/** A period's orders from the service alone (MIRROR=off). */
export async function servicePeriod(
  deps: Pick<SourceDeps, "client" | "shopIds">,
  range: TimeRange,
  budget: number,
): Promise<OrdersOfPeriod> {
  const lists = await serviceLists(deps, range, budget, ["overdue", "received", "ready", "closed"]);
  return { ...lists, source: "service", finishedFrom: "service" };
}

interface LoggedTimes {
  ready: Map<string, Date>;
  closed: Map<string, Date>;
}

/** When the mirror's log saw each order become ready and handed over (status entering the closed group). */
function loggedTimes(mirror: OrderMirror, range: TimeRange): LoggedTimes {
  const ready = new Map<string, Date>();
  const closed = new Map<string, Date>();
  const note = (change: MirrorChange) => {
    if (!within(change.detectedAt, range)) return;
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
function completed(order: Order, mirror: OrderMirror, times: LoggedTimes): Order {
  const held = mirror.get(order.id)?.order;
  return {
    ...order,
    dateCreate: order.dateCreate ?? held?.dateCreate,
    dateFinish: order.dateFinish ?? held?.dateFinish ?? times.ready.get(order.id),
    dateClose: order.dateClose ?? held?.dateClose ?? times.closed.get(order.id),
    master: order.master ?? held?.master,
  };
}

/** A period's orders over the mirror: received and overdue from it, the finished ones from the service while the budget allows. */
export async function mirrorPeriod(
  mirror: OrderMirror,
  deps: Pick<SourceDeps, "client" | "shopIds">,
  range: TimeRange,
  budget: number,
): Promise<OrdersOfPeriod> {
  const received: Order[] = [];
  const finishedHere: Order[] = [];
  const times = loggedTimes(mirror, range);
  for (let page = 1; ; page++) {
    const found = mirror.list({ includeClosed: true, page, pageSize: MAX_PAGE_SIZE });
    for (const { order } of found.items) {
      if (order.isVisible === false) continue;
      if (within(order.dateCreate, range)) received.push(order);
      if (
        times.ready.has(order.id) ||
        times.closed.has(order.id) ||
        within(order.dateFinish, range) ||
        within(order.dateClose, range)
      )
        finishedHere.push(completed(order, mirror, times));
    }
    if (found.items.length < MAX_PAGE_SIZE || page * MAX_PAGE_SIZE >= found.total) break;
  }
  const overdue = mirror.list({ overdue: true, pageSize: 1 }).total;
  const stats = mirror.stats();
  const base = { received, overdue, source: "mirror" as const, asOf: stats.lastSyncAt ?? null };
  const fromMirror = {
    ready: finishedHere.filter((o) => within(o.dateFinish, range)),
    closed: finishedHere.filter((o) => within(o.dateClose, range)),
    finishedFrom: "mirror" as const,
    missing: [],
  };
  // A warm mirror saw every status change since its first fill: no request for them.
  if (stats.watchingSince) {
    const since = stats.watchingSince.getTime() > range.start.getTime() ? stats.watchingSince : undefined;
    return { ...base, ...fromMirror, requests: 0, ...(since ? { watchingSince: since } : {}) };
  }
  // Still filling: the service knows exactly which orders became ready or were handed over.
  const lists = budget >= 2 ? await serviceLists(deps, range, budget, ["ready", "closed"]) : undefined;
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
    ...fromMirror,
    requests: lists?.requests ?? 0,
    reason: lists?.reason ?? "quota",
  };
}
