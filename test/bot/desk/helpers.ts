/**
 * The desk's figures computed straight from the sandbox's own records (its
 * store), the way decisions.md defines them, to check what the bot shows.
 */
import type { PeriodKind } from "../../../src/bot/desk/period.ts";
import { periodOf } from "../../../src/bot/desk/period.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import type { Order as SandboxOrder, Transaction } from "../../../src/sandbox/model.ts";
import type { MirrorBot } from "../../helpers/mirror-bot.ts";
import { testConfig } from "../../helpers/test-config.ts";

export const OWNER = 301;
export const VIEWER = 302;
export const STRANGER = 999;

/**
 * Makes an order in work ready through the service, lets the mirror's log see
 * it, then lets a minute pass; returns the order.
 */
export async function makeOneReady(t: MirrorBot): Promise<SandboxOrder> {
  const { store } = t.sandbox;
  const order = store.orders.find((o) => o.isVisible && store.statusById.get(o.statusId)?.group === "inWork");
  const ready = store.ref.statuses.find((s) => s.group === "finish");
  if (!order || !ready) throw new Error("no order in work or no ready status");
  await t.client.orders.update(order.id, { statusId: ready.id });
  await t.sync();
  await t.clock.advance(60_000);
  return order;
}

/** The period in the test bots' TIMEZONE unless told (the suite may run with TEST_TIMEZONE). */
export function periodRange(kind: PeriodKind, now: Date, timezone = testConfig().timezone) {
  const period = periodOf(kind, now, timezone);
  return { start: period.start.getTime(), end: period.end.getTime() };
}

const registersOf = (sandbox: Sandbox, shopIds: string[]) =>
  new Set(sandbox.store.ref.registers.filter((r) => shopIds.includes(r.shopId)).map((r) => r.id));

export function transactionsIn(
  sandbox: Sandbox,
  shopIds: string[],
  range: { start: number; end: number },
): Transaction[] {
  const registers = registersOf(sandbox, shopIds);
  return sandbox.store.transactions.filter(
    (t) => registers.has(t.cashRegisterId) && !t.isDeleted && t.date >= range.start && t.date < range.end,
  );
}

const itemOf = (sandbox: Sandbox, t: Transaction) => sandbox.store.cashItemById.get(t.cashItemId);

export function incomeExpense(sandbox: Sandbox, transactions: Transaction[]) {
  let income = 0;
  let expense = 0;
  for (const t of transactions) {
    if (itemOf(sandbox, t)?.isIncome) income += t.money;
    else expense += t.money;
  }
  return { income: round2(income), expense: round2(expense) };
}

/** Payments and prepayments on orders less refunds to their clients (no deposits, moves or parts). */
export function orderMoney(sandbox: Sandbox, transactions: Transaction[]): number {
  let sum = 0;
  for (const t of transactions) {
    const item = itemOf(sandbox, t);
    if (!item?.isBalance || t.orderId === null) continue;
    if (item.isIncome) sum += t.money;
    else if (t.counteragentId !== null) sum -= t.money;
  }
  return round2(sum);
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** "12 345" as the bot writes amounts (ru and en group digits differently). */
export function amountText(n: number, locale: "ru" | "en"): string {
  const whole = Math.round(n * 100) % 100 === 0;
  return new Intl.NumberFormat(locale === "ru" ? "ru-RU" : "en-GB", {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(n);
}

/** Every Telegram call of an action succeeded (a refused message would still show in `textsOf`). */
export function allAccepted(calls: readonly { method: string }[]): string[] {
  return calls
    .map((c) => c as { method: string; status?: number; description?: string })
    .filter((c) => c.status !== undefined && c.status !== 200)
    .map((c) => `${c.method}: ${c.description}`);
}
