/**
 * Stuck orders (docs: decisions.md, "Bench, desk and roles"): open (status
 * group neither finish nor closed) and either unchanged for STUCK_DAYS (their
 * `lastAction`) or past their status's time norm (`statusDeadline`). The one
 * query of them, for the morning digest and /overdue's "stuck" page: the
 * mirror when there is one (no request), else one list request per page.
 */
import type { MirroredOrder, OrderMirror } from "../../mirror/index.ts";
import type { Order, ServiceClient, Status } from "../../service/index.ts";
import { type OrderPage, ordersOfShops } from "./order-search.ts";

const DONE_GROUPS = new Set(["finish", "closed"]);
const DAY_MS = 24 * 60 * 60 * 1000;
/** The mirror lists at most this many per page. */
const MIRROR_PAGE = 50;

export interface StuckRule {
  now: Date;
  stuckDays: number;
  /** The group of a status id (cached statuses); unknown ids count as open. */
  groupOf: (order: Order) => string | undefined;
}

export function groupsOf(statuses: readonly Status[] | undefined): (order: Order) => string | undefined {
  return (order) =>
    order.status?.type ?? statuses?.find((status) => status.id === order.status?.id)?.group ?? undefined;
}

export function isStuck(order: Order, rule: StuckRule): boolean {
  const group = rule.groupOf(order);
  if (group !== undefined && DONE_GROUPS.has(group)) return false;
  if (order.dateClose || order.dateFinish) return false;
  const cutoff = rule.now.getTime() - rule.stuckDays * DAY_MS;
  const untouched = order.lastAction !== undefined && order.lastAction.getTime() < cutoff;
  const pastNorm = order.statusDeadline !== undefined && order.statusDeadline.getTime() < rule.now.getTime();
  return untouched || pastNorm;
}

/** The stuck orders the mirror holds (of one employee, or all), the longest untouched first. */
export function stuckInMirror(mirror: OrderMirror, rule: StuckRule, employeeId?: string): MirroredOrder[] {
  const found: MirroredOrder[] = [];
  for (let page = 1; ; page++) {
    const held = mirror.list({ employeeId, page, pageSize: MIRROR_PAGE });
    found.push(...held.items.filter((item) => isStuck(item.order, rule)));
    if (held.items.length < MIRROR_PAGE || page * MIRROR_PAGE >= held.total) break;
  }
  const since = (item: MirroredOrder) => item.order.lastAction?.getTime() ?? 0;
  return found.sort((a, b) => since(a) - since(b));
}

/**
 * Without the mirror: one page of the open orders (by their statuses) unchanged
 * since the cutoff, from the service (1 request). The time norm is not asked
 * here: the service cannot OR two filters in one request.
 */
export function stuckFromService(
  client: ServiceClient,
  shopIds: readonly string[],
  rule: { now: Date; stuckDays: number; openStatusIds: readonly string[] },
  at: { page: number; pageSize: number },
): Promise<OrderPage> {
  const cutoff = rule.now.getTime() - rule.stuckDays * DAY_MS;
  return ordersOfShops(
    client,
    shopIds,
    {
      lastAction: [null, cutoff],
      statusIds: rule.openStatusIds.length > 0 ? [...rule.openStatusIds] : undefined,
    },
    at,
  );
}

/** Ids of the statuses of the open groups (new, in work, waiting). */
export function openStatusIds(statuses: readonly Status[]): string[] {
  return statuses.filter((s) => s.group !== undefined && !DONE_GROUPS.has(s.group)).map((s) => s.id);
}
