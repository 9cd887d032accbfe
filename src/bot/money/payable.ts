/**
 * What a client may pay in the chat now, by the one money model (order-money.ts):
 * - a ready order (its status in the ready group) with something due: the due,
 *   moving it to PAYMENT_STATUS;
 * - an order in PAYMENT_PREPAY_STATUS (where a client's approval puts it): the
 *   prepayment, PAYMENT_PREPAY_PERCENT of the price less what is paid, staying there.
 * Nothing for a deleted, handed-over or unpriced order, nor when the settings'
 * statuses do not demand payment on entry (the service would refuse the money).
 * Pure: no request.
 */

import type { PaymentsConfig } from "../../config/index.ts";
import { CLOSED_GROUP, READY_GROUP, statusGroupOf } from "../../contract/status-groups.ts";
import type { Order, Status } from "../../service/index.ts";
import { type MoneySettings, moneyOf } from "./order-money.ts";

export type PayKind = "full" | "prepay";

export interface Payable {
  kind: PayKind;
  /** In the currency's major units (roubles), to the cent. */
  amount: number;
  /** The status the payment's PATCH enters (it demands payment on entry). */
  status: Status;
}

const cents = (value: number): number => Math.round(value * 100) / 100;

/** The status (or register) named by id or by name (whatever the case), when the list holds it. */
export function statusNamed<T extends { id: string; name?: string | undefined }>(
  statuses: readonly T[],
  named: string,
): T | undefined {
  const wanted = named.trim().toLowerCase();
  return (
    statuses.find((s) => s.id === named.trim()) ??
    statuses.find((s) => s.name?.trim().toLowerCase() === wanted)
  );
}

/** The statuses a payment enters, when each is known and demands payment on entry. */
function paymentStatuses(
  payments: PaymentsConfig,
  statuses: readonly Status[],
): { full?: Status; prepay?: Status } {
  const full = statusNamed(statuses, payments.status);
  const prepay = payments.prepay && statusNamed(statuses, payments.prepay.status);
  return {
    full: full?.isPayRequired ? full : undefined,
    prepay: prepay?.isPayRequired ? prepay : undefined,
  };
}

/** What the client may pay on `order` now; undefined: nothing. */
export function payableNow(
  payments: PaymentsConfig | undefined,
  statuses: readonly Status[],
  order: Order,
  settings?: MoneySettings,
): Payable | undefined {
  if (!payments || order.isVisible === false) return undefined;
  const group = statusGroupOf(order, statuses);
  if (group === CLOSED_GROUP) return undefined;
  const money = moneyOf(order, settings);
  if (money.price === undefined || money.declined) return undefined;
  const targets = paymentStatuses(payments, statuses);
  if (group === READY_GROUP && money.due > 0 && targets.full)
    return { kind: "full", amount: money.due, status: targets.full };
  const prepay = payments.prepay;
  if (prepay && targets.prepay && order.status?.id === targets.prepay.id) {
    const amount = cents(cents((money.price * prepay.percent) / 100) - money.paid);
    if (amount > 0) return { kind: "prepay", amount, status: targets.prepay };
  }
  return undefined;
}

/** Currencies without minor units (Telegram's currencies.json: exp 0); the rest have two. */
const NO_MINOR = new Set(["CLP", "COP", "HUF", "IDR", "ISK", "JPY", "KRW", "PYG", "TWD", "UGX", "VND"]);

/** An amount in the currency's minor units, as Telegram takes it (4 900 ₽ → 490000). */
export function minorUnits(amount: number, currency: string): number {
  return Math.round(amount * (NO_MINOR.has(currency) ? 1 : 100));
}

/** Minor units back into the amount the CRM records. */
export function majorUnits(minor: number, currency: string): number {
  return NO_MINOR.has(currency) ? minor : minor / 100;
}

/** The amount with its currency as a client reads it ("4 900 ₽", "49.00 USD"); `formatted`: the number already formatted. */
export function withCurrency(formatted: string, currency: string): string {
  return currency === "RUB" ? `${formatted} ₽` : `${formatted} ${currency}`;
}
