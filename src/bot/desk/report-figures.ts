/**
 * The figures of a report from the orders and the cash transactions of its
 * period (docs: decisions, "Bench, desk and roles"): received (created in the
 * period), made ready (`dateFinish` in it), handed over (`dateClose` in it),
 * money taken on orders, the average time from intake to ready, and per
 * master the orders that reached ready or closed in the period with the money
 * taken on them in the period. Pure: no I/O.
 */
import type { CashTransaction, Order } from "../../service/index.ts";
import { type ItemIndex, orderMoney } from "./money.ts";
import { bucketIndex, type Period, within } from "./period.ts";

export interface MasterOutput {
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
  masters: MasterOutput[];
  /** Per bucket of the period: orders in, orders handed over, money taken on orders. */
  perBucket: { in: number; out: number; money: number }[];
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

export function reportFigures(
  period: Period,
  orders: readonly Order[],
  transactions: readonly CashTransaction[],
  items: ItemIndex,
): ReportFigures {
  const perBucket = period.buckets.map(() => ({ in: 0, out: 0, money: 0 }));
  let received = 0;
  let ready = 0;
  let closed = 0;
  let readySpan = 0;
  let averagedOver = 0;
  const finishedBy = new Map<string, { master: Order["master"]; orders: Set<string> }>();
  for (const order of orders) {
    if (within(order.dateCreate, period)) {
      received++;
      const at = order.dateCreate ? bucketIndex(period.buckets, order.dateCreate) : -1;
      const bucket = perBucket[at];
      if (bucket) bucket.in++;
    }
    const madeReady = within(order.dateFinish, period);
    const handedOver = within(order.dateClose, period);
    if (madeReady) {
      ready++;
      if (order.dateCreate && order.dateFinish && order.dateFinish >= order.dateCreate) {
        readySpan += order.dateFinish.getTime() - order.dateCreate.getTime();
        averagedOver++;
      }
    }
    if (handedOver) {
      closed++;
      const at = order.dateClose ? bucketIndex(period.buckets, order.dateClose) : -1;
      const bucket = perBucket[at];
      if (bucket) bucket.out++;
    }
    if (madeReady || handedOver) {
      const key = order.master?.id ?? "";
      const entry = finishedBy.get(key) ?? { master: order.master, orders: new Set<string>() };
      entry.orders.add(order.id);
      finishedBy.set(key, entry);
    }
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
    .sort((a, b) => b.orders - a.orders || b.money - a.money);
  return {
    received,
    ready,
    closed,
    money: round2(money),
    averageReadyMs: averagedOver > 0 ? readySpan / averagedOver : undefined,
    averagedOver,
    masters,
    perBucket,
  };
}
