/**
 * What a cash transaction is, for the desk (docs/decisions.md, "The owner's
 * desk"): money taken on orders is the income of items tied to an order
 * (prepayments, payments) less refunds (an expense on an order paid back to
 * its client); deposits and moves between registers are no revenue. A move is
 * an item outside the balance (`isBalance: false`). Deleted transactions count
 * nowhere.
 */
import type { CashItem, CashTransaction } from "../../service/index.ts";

type MoneyKind = "order" | "refund" | "income" | "expense" | "move-in" | "move-out";

export type ItemIndex = ReadonlyMap<string, CashItem>;

export const indexItems = (items: readonly CashItem[]): ItemIndex => new Map(items.map((i) => [i.id, i]));

export function isIncome(t: CashTransaction, items: ItemIndex): boolean {
  const id = t.cashItem?.id;
  return t.cashItem?.isIncome ?? (id === undefined ? undefined : items.get(id)?.isIncome) ?? true;
}

export function kindOf(t: CashTransaction, items: ItemIndex): MoneyKind {
  const income = isIncome(t, items);
  const item = t.cashItem?.id === undefined ? undefined : items.get(t.cashItem.id);
  if (item?.isBalance === false) return income ? "move-in" : "move-out";
  const onOrder = t.document?.id !== undefined;
  if (income) return onOrder ? "order" : "income";
  return onOrder && t.counteragent?.id !== undefined ? "refund" : "expense";
}

const counts = (t: CashTransaction): boolean => t.isDeleted !== true;

/** Money taken on orders by this transaction: + a payment, - a refund, 0 anything else. */
export function orderMoney(t: CashTransaction, items: ItemIndex): number {
  if (!counts(t)) return 0;
  const kind = kindOf(t, items);
  const amount = t.money ?? 0;
  return kind === "order" ? amount : kind === "refund" ? -amount : 0;
}

export interface DayMoney {
  income: number;
  expense: number;
  /** Payments less refunds. */
  orders: number;
  refunds: number;
  movesIn: number;
  movesOut: number;
  /** Transactions counted (not deleted). */
  count: number;
}

export function sumDay(transactions: readonly CashTransaction[], items: ItemIndex): DayMoney {
  const sum: DayMoney = { income: 0, expense: 0, orders: 0, refunds: 0, movesIn: 0, movesOut: 0, count: 0 };
  for (const t of transactions) {
    if (!counts(t)) continue;
    const amount = t.money ?? 0;
    sum.count++;
    if (isIncome(t, items)) sum.income += amount;
    else sum.expense += amount;
    const kind = kindOf(t, items);
    if (kind === "refund") sum.refunds += amount;
    if (kind === "move-in") sum.movesIn += amount;
    if (kind === "move-out") sum.movesOut += amount;
    sum.orders += orderMoney(t, items);
  }
  for (const key of Object.keys(sum) as (keyof DayMoney)[]) sum[key] = Math.round(sum[key] * 100) / 100;
  return sum;
}
