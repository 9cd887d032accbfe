/**
 * Where the morning digest's orders come from (digest.ts says what it tells):
 * overdue, due later today, stuck, and, in an owner's digest (the whole shop),
 * ready and waiting for pick-up and the debts left at closing (handed over or closed with money
 * still due by the one money model). Read through the order reader and the
 * mirror: no request with the mirror (stuck orders: one for the morning);
 * without it the lists only the service could give (due today, ready, debts)
 * are left out rather than spending the company's quota.
 */
import { TZDate } from "@date-fns/tz";
import { CLOSED_GROUP, isOverdue, READY_GROUP } from "../../contract/status-groups.ts";
import type { OrderMirror } from "../../mirror/index.ts";
import type { Order } from "../../service/index.ts";
import type { BotServices } from "../context.ts";
import { moneyOf, moneySettings } from "../money/order-money.ts";
import { untouchedDays } from "../orders/stuck.ts";
import type { SendDeps } from "./send.ts";

const DIGEST_ITEMS = 10;
/** An employee's open orders read for the digest: one page is more than a person has on the bench. */
const MINE_READ = 50;
/** Stuck orders read for a morning's digests (one request; each person's are among them). */
const STUCK_READ = 50;
/** The mirror's page size; the closed orders are walked page by page up to this many pages (0 requests). */
const MIRROR_PAGE = 50;
const DEBT_PAGES = 200;
const DAY_MS = 86_400_000;

/** An order in the digest, with when it got where it is when the bot knows (ready since, closed on, last change). */
export interface DigestItem {
  order: Order;
  since?: Date;
  /** For a debt: what is still due (moneyOf). */
  due?: number;
}

/** One person's lists: up to DIGEST_ITEMS of each, with the full counts. */
export interface DigestContent {
  overdue: Order[];
  today: Order[];
  stuck: DigestItem[];
  ready: DigestItem[];
  debts: DigestItem[];
  counts: { overdue: number; today: number; stuck: number; ready: number; debts: number };
  /** The debts' total (all of them, not only those listed). */
  owed: number;
  /** The shop's ready orders and debts were read (an owner's digest, with the mirror). */
  shop: boolean;
}

/** When the mirror last saw the order change (its `changedAt`), if it holds the order. */
const changedAtOf = (mirror: OrderMirror | undefined, order: Order): Date | undefined =>
  mirror?.get(order.id)?.changedAt;

/** Oldest first, the undated last. */
const bySince = (a: DigestItem, b: DigestItem) =>
  (a.since?.getTime() ?? Number.POSITIVE_INFINITY) - (b.since?.getTime() ?? Number.POSITIVE_INFINITY);

/** Every held order closed with money still due (the mirror's closed orders, walked locally). */
function readDebts(services: BotServices, mirror: OrderMirror): { items: DigestItem[]; owed: number } {
  const settings = moneySettings(services.config);
  const items: DigestItem[] = [];
  let owed = 0;
  for (let page = 1; page <= DEBT_PAGES; page++) {
    const found = mirror.list({
      statusGroup: CLOSED_GROUP,
      includeClosed: true,
      page,
      pageSize: MIRROR_PAGE,
    });
    for (const held of found.items) {
      const { due } = moneyOf(held.order, settings);
      if (due <= 0) continue;
      owed += due;
      items.push({ order: held.order, due, since: held.order.dateClose ?? held.changedAt });
    }
    if (page * MIRROR_PAGE >= found.total) break;
  }
  // The biggest debts first, then the oldest.
  items.sort((a, b) => (b.due ?? 0) - (a.due ?? 0) || bySince(a, b));
  return { items, owed: Math.round(owed * 100) / 100 };
}

/**
 * The orders of one employee, or of the whole shop (an owner's digest, issue 32.14), that are
 * overdue at `now`, due from `now` to the end of the day, stuck (`stuckAll`, read once for
 * everyone), and the shop's ready and waiting and closed with money still due.
 */
export async function readDigestOrders(
  services: BotServices,
  scope: { employeeId: string } | "shop",
  now: Date,
  stuckAll: readonly Order[],
): Promise<DigestContent> {
  const { config, orders, mirror } = services;
  const local = new TZDate(now.getTime(), config.timezone);
  const dayEnd = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 1, config.timezone);
  const at = now.getTime();
  const dueToday = (order: Order) => {
    const deadline = order.deadline?.getTime();
    // From now: what was due earlier today is in the overdue list already.
    return deadline !== undefined && deadline >= at && deadline < dayEnd.getTime() && !isOverdue(order, at);
  };
  const readyItem = (order: Order): DigestItem => ({
    order,
    since: order.dateFinish ?? changedAtOf(mirror, order),
  });
  const stuckItem = (order: Order): DigestItem => {
    const days = untouchedDays(order, mirror?.get(order.id), now, config.stuckDays);
    return days === undefined ? { order } : { order, since: new Date(at - days * DAY_MS) };
  };
  let overdue: Order[];
  let today: Order[];
  let stuck: Order[];
  let ready: DigestItem[];
  let debts: { items: DigestItem[]; owed: number } = { items: [], owed: 0 };
  if (scope === "shop") {
    // Every overdue order, every one due today and ready (the mirror's, no request; without it
    // none is listed), every stuck one, and the debts.
    overdue = (await orders.page({ kind: "overdue" }, { page: 1, pageSize: MINE_READ })).items;
    today = mirror
      ? mirror
          .list({ deadlineFrom: now, deadlineTo: new Date(dayEnd.getTime()), pageSize: MINE_READ })
          .items.map((held) => held.order)
          .filter(dueToday)
      : [];
    stuck = [...stuckAll];
    ready = mirror
      ? mirror
          .list({ statusGroup: READY_GROUP, pageSize: MIRROR_PAGE })
          .items.map((held) => readyItem(held.order))
      : [];
    if (mirror) debts = readDebts(services, mirror);
  } else {
    const { employeeId } = scope;
    const mine = await orders.page({ kind: "mine", employeeId }, { page: 1, pageSize: MINE_READ });
    overdue = mine.items.filter((order) => isOverdue(order, at));
    today = mine.items.filter(dueToday);
    stuck = stuckAll.filter((o) => o.master?.id === employeeId || o.manager?.id === employeeId);
    // Pick-up and money are the shop's (an owner's digest): a master's stays their bench.
    ready = [];
  }
  ready.sort(bySince);
  const stuckItems = stuck.map(stuckItem).sort(bySince);
  return {
    overdue: overdue.slice(0, DIGEST_ITEMS),
    today: today.slice(0, DIGEST_ITEMS),
    stuck: stuckItems.slice(0, DIGEST_ITEMS),
    ready: ready.slice(0, DIGEST_ITEMS),
    debts: debts.items.slice(0, DIGEST_ITEMS),
    counts: {
      overdue: overdue.length,
      today: today.length,
      stuck: stuck.length,
      ready: ready.length,
      debts: debts.items.length,
    },
    owed: debts.owed,
    shop: scope === "shop" && mirror !== undefined,
  };
}

/** The open orders unchanged for STUCK_DAYS, read once for a morning (1 request); none when that fails. */
export async function readStuck(deps: SendDeps): Promise<Order[]> {
  try {
    return (await deps.services.orders.page({ kind: "stuck" }, { page: 1, pageSize: STUCK_READ })).items;
  } catch (error) {
    deps.logger.warn({ err: String(error) }, "the stuck orders were not read for the digest");
    return [];
  }
}

/** Nothing to tell in it. */
export const isQuiet = (content: DigestContent): boolean =>
  Object.values(content.counts).every((count) => count === 0);
