/**
 * The reader with MIRROR=off: every list and miss asks the service (one
 * request a page; a phone search two or more), with the bot's short-lived
 * caches around it (saved lists, the figures a full record lacks). Search by
 * name goes through the orders' `filter`, by phone through the counteragents'
 * `phone`; /my through the list's `masterId` and `managerId`.
 */

import type { StatusCount, StatusCountFilter } from "../../mirror/index.ts";
import { isServiceError, type Order, type ServiceClient, type Status } from "../../service/index.ts";
import type { Store } from "../store/storage.ts";
import { getOrder, type NumberShapes, type OrderQuery, ordersOfNumber, ordersOfShops } from "./by-number.ts";
import { rememberFigures, withKnownFigures } from "./figures.ts";
import type { ListQuery } from "./list-query.ts";
import { isOpen, localPage, mineOrder, phoneDigitsOf } from "./order-rules.ts";
import { servicePeriod } from "./period-reader.ts";
import { type StuckRule, stuckOrders } from "./stuck.ts";
import type { HeldOrder, OrderPage, OrdersOfPeriod, PageAt, TimeRange } from "./types.ts";

/** Counteragents of one phone search whose orders are listed (each costs a request). */
const PHONE_CLIENTS = 3;
/** Records of one /my request per role: an employee's open orders fit in one. */
const MINE_FETCH = 50;

export interface SourceDeps {
  client: ServiceClient;
  shopIds: readonly string[];
  store: Store;
  shapes: NumberShapes;
  now: () => Date;
  /** What makes an order stuck: STUCK_DAYS and the statuses' groups (from the reference cache). */
  stuck: () => Promise<Omit<StuckRule, "now"> & { statuses: readonly Status[] }>;
}

/** Spends one request of the user's lookup share (throws when it is spent). */
type Spend = () => Promise<void>;

/** Where the reader's answers come from: what it holds (no request) and what it asks. */
export interface OrderSource {
  /** The orders of a number held locally; undefined when only the service can tell. */
  heldNumber(query: OrderQuery): Order[] | undefined;
  /** Deleted orders of a number held locally (the mirror's copies); none without it. */
  deletedNumber(query: OrderQuery): Order[];
  /** The deleted copy of an order held locally, if the reader holds one. */
  deletedHeld(id: string): Order | undefined;
  number(query: OrderQuery, at: PageAt, spend: Spend): Promise<OrderPage>;
  list(query: Exclude<ListQuery, OrderQuery>, at: PageAt, spend: Spend): Promise<OrderPage>;
  /** `fresh`: with `refresh`, a held copy synced within the sync interval will do (the mirror's). */
  byId(id: string, refresh: boolean, spend: Spend, fresh?: boolean): Promise<HeldOrder>;
  held(id: string): HeldOrder | undefined;
  instant(text: string, limit: number): HeldOrder[] | undefined;
  heldCount(): number | undefined;
  statusCounts(filter: StatusCountFilter): StatusCount[] | undefined;
  period(range: TimeRange, budget: number): Promise<OrdersOfPeriod>;
}

export function serviceSource(deps: SourceDeps): OrderSource {
  const { client, shopIds } = deps;
  /** The figures of what a list brought stand in for those a full record may lack (figures.ts). */
  const kept = async (page: OrderPage): Promise<OrderPage> => {
    await rememberFigures({ store: deps.store }, page.items);
    return page;
  };
  return {
    heldNumber: () => undefined,
    deletedNumber: () => [],
    deletedHeld: () => undefined,
    async number(query, at, spend) {
      await spend();
      return kept(await ordersOfNumber(client, shopIds, query, deps.shapes, at));
    },
    list: async (query, at, spend) => kept(await listPage(deps, query, at, spend)),
    async byId(id, _refresh, spend) {
      await spend();
      return { order: await withKnownFigures({ store: deps.store }, await getOrder(client, shopIds, id)) };
    },
    held: () => undefined,
    instant: () => undefined,
    heldCount: () => undefined,
    statusCounts: () => undefined,
    period: (range, budget) => servicePeriod(deps, range, budget),
  };
}

/** A page of a list other than a number's. */
async function listPage(
  deps: SourceDeps,
  query: Exclude<ListQuery, OrderQuery>,
  at: PageAt,
  spend: Spend,
): Promise<OrderPage> {
  const { client, shopIds } = deps;
  switch (query.kind) {
    case "overdue":
      await spend();
      return ordersOfShops(client, shopIds, { isDeadline: true }, at);
    case "search": {
      const phone = phoneDigitsOf(query.text);
      if (phone) return localPage(await ordersOfPhone(deps, phone, spend), at);
      await spend();
      return ordersOfShops(client, shopIds, { filter: query.text }, at);
    }
    case "mine":
      return localPage(await ordersOfEmployee(deps, query.employeeId, spend), at);
    case "stuck":
      return stuckPage(deps, at, spend);
    case "board": {
      // Without the mirror the board has no counts; a page of a status is one request.
      // A workshop outside SHOP_IDS (a forged press) has nothing the bot may show: no request.
      if (query.shopId && shopIds.length > 0 && !shopIds.includes(query.shopId))
        return { items: [], total: 0, checked: 0, scoped: false };
      await spend();
      const page = await ordersOfShops(
        client,
        query.shopId ? [query.shopId] : shopIds,
        { statusIds: [query.statusId] },
        at,
      );
      const { employeeId } = query;
      if (!employeeId) return page;
      const items = page.items.filter((o) => o.master?.id === employeeId || o.manager?.id === employeeId);
      return { ...page, items, scoped: true };
    }
  }
}

/**
 * A page of the stuck orders: one request (the open statuses unchanged since the
 * cutoff); the mirror keeps no date of an order's last change, so it asks too.
 */
export async function stuckPage(deps: SourceDeps, at: PageAt, spend: Spend): Promise<OrderPage> {
  const rule = await deps.stuck();
  await spend();
  return stuckOrders(deps.client, deps.shopIds, { ...rule, now: deps.now() }, at);
}

/** The orders of the clients with this phone (the first few), newest first. */
async function ordersOfPhone(deps: SourceDeps, phone: string, spend: Spend): Promise<Order[]> {
  await spend();
  const clients = await deps.client.counteragents.list({ phone, page: 1, pageSize: PHONE_CLIENTS });
  const orders: Order[] = [];
  for (const person of clients.items.slice(0, PHONE_CLIENTS)) {
    await spend();
    const page = await ordersOfShops(
      deps.client,
      deps.shopIds,
      { counteragentId: person.id },
      { page: 1, pageSize: 50 },
    );
    orders.push(...page.items);
  }
  return newestFirst(orders);
}

/** /my: the open orders with this employee as master or manager, overdue first (as the mirror lists them). */
async function ordersOfEmployee(deps: SourceDeps, employeeId: string, spend: Spend): Promise<Order[]> {
  const byId = new Map<string, Order>();
  for (const role of ["masterId", "managerId"] as const) {
    await spend();
    const page = await ordersOfShops(
      deps.client,
      deps.shopIds,
      { [role]: employeeId },
      {
        page: 1,
        pageSize: MINE_FETCH,
      },
    ).catch((error: unknown) => {
      // Not a master (or not a manager): the service refuses the filter; that side has no orders.
      if (isServiceError(error) && error.kind === "bad_request") return undefined;
      throw error;
    });
    for (const order of page?.items ?? []) if (isOpen(order)) byId.set(order.id, order);
  }
  const now = deps.now().getTime();
  return [...byId.values()].sort((a, b) => mineOrder(a, b, now));
}

function newestFirst(orders: Order[]): Order[] {
  const unique = [...new Map(orders.map((order) => [order.id, order])).values()];
  return unique.sort((a, b) => (b.dateCreate?.getTime() ?? 0) - (a.dateCreate?.getTime() ?? 0));
}
