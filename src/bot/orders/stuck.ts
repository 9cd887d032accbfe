/**
 * Stuck orders (README, "The workshop"): open (status
 * group neither finish nor closed) and either unchanged for STUCK_DAYS (their
 * `lastAction`) or past their status's time norm (`statusDeadline`). The one
 * query of them, for the morning digest and /overdue's "stuck" page: list
 * records carry `lastAction` only as a filter, and the mirror keeps no date of
 * the last change, so it is one list request a page (the open statuses and
 * `lastAction` up to the cutoff), each record checked again here.
 */
import { isDone, isDoneGroup, statusGroupOf } from "../../contract/status-groups.ts";
import type { Order, ServiceClient, Status } from "../../service/index.ts";
import { type OrderPage, ordersOfShops } from "./by-number.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface StuckRule {
  now: Date;
  stuckDays: number;
  /** The group of an order's status (cached statuses); unknown counts as open. */
  groupOf: (order: Order) => string | undefined;
}

export function groupsOf(statuses: readonly Status[] | undefined): (order: Order) => string | undefined {
  return (order) => statusGroupOf(order, statuses);
}

/** Whether a record is stuck; a record without `lastAction` (a list record) is judged by the filter that found it. */
export function isStuck(order: Order, rule: StuckRule): boolean {
  if (isDone(order, rule.groupOf(order))) return false;
  const cutoff = rule.now.getTime() - rule.stuckDays * DAY_MS;
  const untouched = order.lastAction === undefined || order.lastAction.getTime() < cutoff;
  const pastNorm = order.statusDeadline !== undefined && order.statusDeadline.getTime() < rule.now.getTime();
  return untouched || pastNorm;
}

/**
 * Whole days a stuck order has been untouched (issue 29.17, 32.16): since its last change where
 * the bot knows it (the record's `lastAction`, or the mirror's time of the last change), at
 * least STUCK_DAYS (it was found stuck); undefined when the bot does not know when it changed.
 */
export function untouchedDays(
  order: Order,
  held: { order: Order; changedAt?: Date } | undefined,
  now: Date,
  stuckDays: number,
): number | undefined {
  const last = order.lastAction ?? held?.order.lastAction ?? held?.changedAt;
  if (!last) return undefined;
  return Math.max(stuckDays, Math.floor((now.getTime() - last.getTime()) / DAY_MS));
}

/** Ids of the statuses of the open groups (new, in work, waiting). */
function openStatusIds(statuses: readonly Status[]): string[] {
  return statuses.filter((s) => s.group !== undefined && !isDoneGroup(s.group)).map((s) => s.id);
}

/**
 * One page of the open orders unchanged since the cutoff (1 request), each
 * checked again (the service's answer is not trusted to match its filter).
 */
export async function stuckOrders(
  client: ServiceClient,
  shopIds: readonly string[],
  rule: StuckRule & { statuses: readonly Status[] },
  at: { page: number; pageSize: number },
): Promise<OrderPage> {
  const cutoff = rule.now.getTime() - rule.stuckDays * DAY_MS;
  const open = openStatusIds(rule.statuses);
  const page = await ordersOfShops(
    client,
    shopIds,
    { lastAction: [null, cutoff], statusIds: open.length > 0 ? open : undefined },
    at,
  );
  const items = page.items.filter((order) => isStuck(order, rule));
  return items.length === page.items.length ? page : { ...page, items, scoped: true };
}
