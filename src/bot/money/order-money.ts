/**
 * The one money model of an order (decisions.md "Money"), read by the card,
 * the hand-over, the client's side, the receipt, the act and the reports
 * alike, so one order shows one set of figures everywhere:
 * - price: the works-and-parts total (after discount) when the service holds
 *   any line; otherwise the approximate price (the estimate: `priceByEstimate`);
 *   neither: no price (`price` undefined), and nothing is due;
 * - paid: what the service records as paid on the order;
 * - due = price − paid when positive, overpaid = paid − price when positive
 *   (the shop owes the client that: "to be returned" on the act);
 * - declined (the decline status, or a status named as a return without
 *   repair): the estimate is owed by nobody; only lines the service holds
 *   (a diagnosis fee) are.
 * Pure: an order and the settings in, figures out; never a request.
 */
import type { Config } from "../../config/index.ts";
import type { Order } from "../../service/index.ts";

export interface MoneySettings {
  /** Statuses (each an id or a name) where the device goes back without repair: declined, returned. */
  noRepairStatuses: readonly string[];
}

export interface OrderMoney {
  /** What the order costs; undefined: no price at all (no lines, no estimate). */
  price: number | undefined;
  /** The price is the approximate price written at intake (no works or parts in the service). */
  priceByEstimate: boolean;
  /** The works and parts before discount, and the discount (0 without lines). */
  listPrice: number | undefined;
  discount: number;
  /** The service holds works or parts for the order. */
  hasLines: boolean;
  paid: number;
  /** Left to pay (0 when paid in full, overpaid or without a price). */
  due: number;
  /** Paid beyond the price: what the shop owes the client. */
  overpaid: number;
  /** Declined or returned without repair: the estimate is not owed. */
  declined: boolean;
  /** The estimate as an amount, whatever the price is (undefined: none, or not a plain amount). */
  estimate: number | undefined;
}

const NO_SETTINGS: MoneySettings = { noRepairStatuses: [] };

const cents = (value: number): number => Math.round(value * 100) / 100;

/** The settings the model reads, from the bot's configuration (none: no order counts as declined). */
export function moneySettings(
  config: (Pick<Config, "clients"> & Partial<Pick<Config, "returnStatuses">>) | undefined,
): MoneySettings {
  const clients = config?.clients;
  return {
    noRepairStatuses: [clients?.approval?.declined, ...(config?.returnStatuses ?? [])].filter(
      (s): s is string => Boolean(s?.trim()),
    ),
  };
}

/**
 * The approximate price as an amount: the service keeps a string; the bot writes a plain
 * number ("1500.5"), the CRM's page may add grouping or the currency ("5 900 ₽", "5900 руб.").
 * Anything else ("about 3000", "до 5000") is no amount: undefined.
 */
export function estimateAmount(order: Pick<Order, "approximatePrice">): number | undefined {
  const raw = order.approximatePrice
    ?.trim()
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(/(₽|руб\.?|р\.?|rub\.?)$/i, "")
    .replace(",", ".");
  if (!raw || !/^\d{1,12}(\.\d{1,2})?$/.test(raw)) return undefined;
  const value = Number(raw);
  return value > 0 ? value : undefined;
}

/** Whether the order's status is one of those named (by id, or by name whatever the case). */
function inStatuses(order: Pick<Order, "status">, named: readonly string[]): boolean {
  const id = order.status?.id;
  const name = order.status?.name?.trim().toLowerCase();
  return named.some(
    (wanted) => wanted === id || (name !== undefined && wanted.trim().toLowerCase() === name),
  );
}

function linesTotal(order: Order): { list: number; sold: number } | undefined {
  const list = order.summ?.price;
  if (list !== undefined && list > 0) return { list, sold: order.summ?.soldPrice ?? list };
  // A record with works and parts but no totals: their sum.
  const positions = (order.positions ?? []).filter((p) => (p.soldPrice ?? p.price ?? 0) * (p.count ?? 1) > 0);
  if (positions.length === 0) return undefined;
  const sum = (pick: (p: (typeof positions)[number]) => number) =>
    cents(positions.reduce((total, p) => total + pick(p) * (p.count ?? 1), 0));
  return { list: sum((p) => p.price ?? p.soldPrice ?? 0), sold: sum((p) => p.soldPrice ?? p.price ?? 0) };
}

/** The order's money: price, paid, due, overpaid (see the head of this file). */
export function moneyOf(order: Order, settings: MoneySettings = NO_SETTINGS): OrderMoney {
  const lines = linesTotal(order);
  const estimate = estimateAmount(order);
  const declined = inStatuses(order, settings.noRepairStatuses);
  const paid = cents(Math.max(0, order.cash?.summ ?? 0));
  // Declined: the lines the service holds are owed (a diagnosis fee), never the estimate.
  const price = lines ? lines.sold : declined ? 0 : estimate;
  const priceByEstimate = !lines && !declined && estimate !== undefined;
  const due = price === undefined ? 0 : Math.max(0, cents(price - paid));
  const overpaid = price === undefined ? 0 : Math.max(0, cents(paid - price));
  return {
    price,
    priceByEstimate,
    listPrice: lines?.list,
    discount: lines ? Math.max(0, cents(lines.list - lines.sold)) : 0,
    hasLines: lines !== undefined,
    paid,
    due,
    overpaid,
    declined,
    estimate,
  };
}
