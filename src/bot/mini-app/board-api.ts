/**
 * The board's data for the page: the open orders the order reader holds (the
 * same counts and pages /board reads), in columns by status group and status,
 * ready first, each order a small card with what the filters need (mine,
 * workshop, overdue, stuck). With the mirror it costs no request; without it the
 * board says so, as /board does. Search reads the reader's instant matches
 * (numbers, names, phones, devices, serials), also without a request.
 */
import { isOverdue, statusGroupOf } from "../../contract/status-groups.ts";
import type { BotServices } from "../context.ts";
import { moneyOf, moneySettings } from "../money/order-money.ts";
import { isStuck } from "../orders/stuck.ts";
import type { HeldOrder } from "../orders/types.ts";
import { deviceText, orderTitle } from "../ui/order-card.ts";

/** The groups in the board's order, as /board shows them: what the counter hands over first. */
const GROUPS = ["finish", "wait", "inWork", "new"] as const;
const OTHER = "other";
const PAGE = 50;
/** A search lists at most this many matches. */
const SEARCH_LIMIT = 50;

export interface BoardCard {
  id: string;
  number: string;
  statusId: string;
  status: string;
  group: string;
  shopId?: string;
  client?: string;
  device?: string;
  /** Unix ms. */
  deadline?: number;
  urgent: boolean;
  overdue: boolean;
  stuck: boolean;
  mine: boolean;
  due?: number;
}

interface BoardColumn {
  group: string;
  count: number;
  statuses: { id: string; name: string; count: number; orders: BoardCard[] }[];
}

export interface Board {
  columns: BoardColumn[];
  total: number;
  shops: { id: string; name: string }[];
  /** The employee linked with /me ("mine" needs one). */
  employee?: { id: string; name: string };
}

interface CardContext {
  services: BotServices;
  employeeId?: string;
  statuses: Awaited<ReturnType<BotServices["reference"]["cachedStatuses"]>>;
}

async function employeeOf(services: BotServices, userId: number) {
  const settings = await services.users.read(userId).catch(() => undefined);
  return settings?.employee;
}

async function cardContext(services: BotServices, userId: number): Promise<CardContext> {
  const employee = await employeeOf(services, userId);
  // Cached only: the board never costs a request.
  const statuses = await services.reference.cachedStatuses().catch(() => undefined);
  return { services, employeeId: employee?.id, statuses };
}

function cardOf(c: CardContext, held: HeldOrder): BoardCard {
  const { order } = held;
  const now = c.services.clock.now();
  const group = statusGroupOf(order, c.statuses) ?? OTHER;
  const money = moneyOf(order, moneySettings(c.services.config));
  const rule = { now, stuckDays: c.services.config.stuckDays, groupOf: () => group };
  return {
    id: order.id,
    number: orderTitle(order),
    statusId: order.status?.id ?? "",
    status: order.status?.name ?? "",
    group,
    shopId: order.shop?.id,
    client: order.counteragent?.name,
    device: deviceText(order),
    deadline: order.deadline?.getTime(),
    urgent: order.isUrgent === true,
    overdue: isOverdue(order, now, group),
    // The mirror's time of the last change stands for a list record's missing lastAction.
    stuck: isStuck({ ...order, lastAction: order.lastAction ?? held.changedAt }, rule),
    mine: c.employeeId !== undefined && [order.master?.id, order.manager?.id].includes(c.employeeId),
    due: money.due > 0 ? money.due : undefined,
  };
}

const rank = (group: string) => {
  const at = (GROUPS as readonly string[]).indexOf(group);
  return at < 0 ? GROUPS.length : at;
};

/** The whole board, or undefined without the mirror (nothing to count from). */
export async function readBoard(services: BotServices, userId: number): Promise<Board | undefined> {
  const counts = services.orders.statusCounts({});
  if (!counts) return undefined;
  const c = await cardContext(services, userId);
  const known = c.statuses ?? [];
  const shops = new Map<string, string>();
  const byStatus = new Map<string, { id: string; name: string; group: string; count: number }>();
  for (const count of counts) {
    if (count.shopId) shops.set(count.shopId, count.shopName ?? count.shopId);
    const status = known.find((s) => s.id === count.statusId);
    const entry = byStatus.get(count.statusId) ?? {
      id: count.statusId,
      name: status?.name ?? count.name ?? count.statusId,
      group: status?.group ?? count.group ?? OTHER,
      count: 0,
    };
    entry.count += count.count;
    byStatus.set(count.statusId, entry);
  }
  const position = (id: string) => {
    const at = known.findIndex((s) => s.id === id);
    return at < 0 ? known.length : at;
  };
  const statuses = [...byStatus.values()].sort(
    (a, b) =>
      rank(a.group) - rank(b.group) || position(a.id) - position(b.id) || a.name.localeCompare(b.name),
  );
  const columns: BoardColumn[] = [];
  for (const status of statuses) {
    const orders = await ordersOf(services, status.id);
    let column = columns.find((col) => col.group === status.group);
    if (!column) {
      column = { group: status.group, count: 0, statuses: [] };
      columns.push(column);
    }
    column.count += status.count;
    column.statuses.push({
      id: status.id,
      name: status.name,
      count: status.count,
      orders: orders.map((held) => cardOf(c, held)),
    });
  }
  const employee = await employeeOf(services, userId);
  return {
    columns,
    total: columns.reduce((sum, col) => sum + col.count, 0),
    shops: [...shops].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    employee: employee && { id: employee.id, name: employee.name },
  };
}

/** Every open order of a status, page by page from the reader (held pages: no request). */
async function ordersOf(services: BotServices, statusId: string): Promise<HeldOrder[]> {
  const found: HeldOrder[] = [];
  for (let page = 1; ; page++) {
    const result = await services.orders.page({ kind: "board", statusId }, { page, pageSize: PAGE });
    for (const order of result.items) found.push(services.orders.held(order.id) ?? { order });
    if (page * PAGE >= result.total || result.items.length === 0) return found;
  }
}

/** The reader's instant matches of `text`; undefined when only the service could answer (no mirror). */
export async function searchOrders(
  services: BotServices,
  userId: number,
  text: string,
): Promise<BoardCard[] | undefined> {
  const matches = services.orders.instant(text, SEARCH_LIMIT);
  if (!matches) return undefined;
  const c = await cardContext(services, userId);
  return matches.filter((m) => m.order.isVisible !== false).map((m) => cardOf(c, m));
}
