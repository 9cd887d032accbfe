/**
 * A client's orders, read from the order mirror only (0 requests): those
 * whose counteragent has exactly this number (normalized, never a substring),
 * and the money a client reads on them (the estimate, what is due).
 */

import { phoneKey } from "../../../contract/phone.ts";
import type { OrderMirror } from "../../../mirror/index.ts";
import type { Order } from "../../../service/index.ts";
import { type MoneySettings, moneyOf } from "../../money/order-money.ts";

/** A client with more orders than this sees the newest; the mirror answers pages of 50. */
const MAX_PAGES = 4;

/** Visible orders of SHOP_IDS whose counteragent has exactly `phone` (a normalized number), newest first. */
export function ordersByPhone(
  mirror: OrderMirror,
  shopIds: readonly string[],
  phone: string,
  country: string,
): Order[] {
  // The mirror's phone search matches digits as a substring: it only narrows; the match is exact here.
  const digits = phone.replace(/\D/g, "");
  const found: Order[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = mirror.list({ text: digits, includeClosed: true, page, pageSize: 50 });
    for (const { order } of result.items) {
      if (order.isVisible === false || !inShops(order, shopIds)) continue;
      if (hasPhone(order, phone, country)) found.push(order);
    }
    if (page * 50 >= result.total) break;
  }
  return found.sort((a, b) => (b.dateCreate?.getTime() ?? 0) - (a.dateCreate?.getTime() ?? 0));
}

/** Whether the order's counteragent has exactly this number now (a link outlives no corrected number). */
export function hasPhone(order: Order, phone: string, country: string): boolean {
  return (order.counteragent?.phones ?? []).some((p) => phoneKey(p, country) === phone);
}

export function inShops(order: Order, shopIds: readonly string[]): boolean {
  const shopId = order.shop?.id;
  return shopIds.length === 0 || (shopId !== undefined && shopIds.includes(shopId));
}

/** The counteragents of these orders, each once (a person may be in the CRM twice with one number). */
export function counteragentIdsOf(orders: readonly Order[]): string[] {
  return [...new Set(orders.map((o) => o.counteragent?.id).filter((id): id is string => Boolean(id)))];
}

/**
 * The price the client is told (the one money model, money/order-money.ts): the works and
 * parts priced so far, else the approximate price written at intake; undefined without one.
 */
export function estimateOf(order: Order, settings?: MoneySettings): number | undefined {
  const { price } = moneyOf(order, settings);
  return price !== undefined && price > 0 ? price : undefined;
}

/** What is left to pay (never below 0); undefined without a price. */
export function dueOf(order: Order, settings?: MoneySettings): number | undefined {
  const money = moneyOf(order, settings);
  return money.price === undefined || (money.price === 0 && !money.declined) ? undefined : money.due;
}
