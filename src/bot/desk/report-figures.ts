/**
 * The figures of a report from the orders and the cash transactions of its
 * period (README, "The owner's desk"): received (created in the
 * period), made ready (`dateFinish` in it), handed over (`dateClose` in it),
 * money taken on orders, the average time from intake to ready, and per
 * master the orders that reached ready or closed in the period with the money
 * taken on them in the period. Pure: no I/O.
 */
import type { CashTransaction, Order } from "../../service/index.ts";
import { type ItemIndex, orderMoney } from "./money.ts";
import { bucketIndex, type Period, within } from "./period.ts";

interface MasterOutput {
  /** Undefined: orders without a master. */
  id: string | undefined;
  name: string | undefined;
  orders: number;
  money: number;
}

export interface ReportFigures {
  received: number;
  ready: number;
  closed: number;
  money: number;
  /** Mean of dateFinish - dateCreate over the orders made ready in the period. */
  averageReadyMs: number | undefined;
  averagedOver: number;
  /** Handed-over orders whose time is known (the chart shows those). */
  outKnown: number;
  masters: MasterOutput[];
  /** Per bucket of the period: orders in, orders handed over, money taken on orders. */
  perBucket: { in: number; out: number; money: number }[];
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** The orders of each figure: received, made ready and handed over in the period (as read). */
interface PeriodOrders {
  received: readonly Order[];
  ready: readonly Order[];
  closed: readonly Order[];
}

export function reportFigures(
  period: Period,
  orders: PeriodOrders,
  transactions: readonly CashTransaction[],
  items: ItemIndex,
): ReportFigures {
  const perBucket = period.buckets.map(() => ({ in: 0, out: 0, money: 0 }));
  const count = (date: Date | undefined, field: "in" | "out") => {
    const bucket = date ? perBucket[bucketIndex(period.buckets, date)] : undefined;
    if (bucket) bucket[field]++;
  };
  for (const order of orders.received) count(order.dateCreate, "in");
  let readySpan = 0;
  let averagedOver = 0;
  for (const order of orders.ready) {
    if (order.dateCreate && order.dateFinish && order.dateFinish >= order.dateCreate) {
      readySpan += order.dateFinish.getTime() - order.dateCreate.getTime();
      averagedOver++;
    }
  }
  let outKnown = 0;
  for (const order of orders.closed) {
    if (order.dateClose) outKnown++;
    count(order.dateClose, "out");
  }
  const finishedBy = new Map<string, { master: Order["master"]; orders: Set<string> }>();
  for (const order of [...orders.ready, ...orders.closed]) {
    const key = order.master?.id ?? "";
    const entry = finishedBy.get(key) ?? { master: order.master, orders: new Set<string>() };
    entry.orders.add(order.id);
    finishedBy.set(key, entry);
  }
  let money = 0;
  const moneyByOrder = new Map<string, number>();
  for (const t of transactions) {
    if (!t.date || !within(t.date, period)) continue;
    const amount = orderMoney(t, items);
    if (amount === 0) continue;
    money += amount;
    const bucket = perBucket[bucketIndex(period.buckets, t.date)];
    if (bucket) bucket.money = round2(bucket.money + amount);
    const orderId = t.document?.id;
    if (orderId) moneyByOrder.set(orderId, (moneyByOrder.get(orderId) ?? 0) + amount);
  }
  const masters = [...finishedBy.entries()]
    .map(([key, entry]) => ({
      id: key === "" ? undefined : key,
      name: entry.master?.name,
      orders: entry.orders.size,
      money: round2([...entry.orders].reduce((sum, id) => sum + (moneyByOrder.get(id) ?? 0), 0)),
    }))
    // Named masters first (most orders, then most money); the orders without one last.
    .sort(
      (a, b) =>
        Number(a.id === undefined) - Number(b.id === undefined) || b.orders - a.orders || b.money - a.money,
    );
  return {
    received: orders.received.length,
    ready: orders.ready.length,
    closed: orders.closed.length,
    money: round2(money),
    averageReadyMs: averagedOver > 0 ? readySpan / averagedOver : undefined,
    averagedOver,
    outKnown,
    masters,
    perBucket,
  };
}

/**
 * The figures with the handed-over bars counted by the service per bucket
 * (orders/period-dating.ts): a counted bucket takes its count, an uncounted
 * one keeps what the orders' own dates say; `outKnown` is what the bars show.
 */
export function withClosedCounts(
  figures: ReportFigures,
  counts: readonly (number | undefined)[],
): ReportFigures {
  let outKnown = 0;
  const perBucket = figures.perBucket.map((bucket, index) => {
    const counted = counts[index];
    const out = counted ?? bucket.out;
    outKnown += out;
    return { ...bucket, out };
  });
  return { ...figures, perBucket, outKnown: Math.min(outKnown, figures.closed) };
}
