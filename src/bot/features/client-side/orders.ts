/**
 * A client's orders, read from the order mirror only (0 requests): those
 * whose counteragent has exactly this number (normalized, never a substring),
 * and the money a client reads on them (the estimate, what is due).
 */

import { phoneKey } from "../../../contract/phone.ts";
import type { OrderMirror } from "../../../mirror/index.ts";
import type { Order } from "../../../service/index.ts";

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

/** The estimate: the works and parts priced so far, else the approximate price written at intake. */
export function estimateOf(order: Order): number | undefined {
  const price = order.summ?.price;
  if (price !== undefined && price > 0) return price;
  // "3 500 ₽", "3500", "до 5000": the first amount written.
  const match = /\d+(?:[.,]\d{1,2})?/.exec(String(order.approximatePrice ?? "").replace(/[\s\u00a0]/g, ""));
  const approx = match ? Number(match[0].replace(",", ".")) : 0;
  return Number.isFinite(approx) && approx > 0 ? approx : undefined;
}

/** What is left to pay: the estimate less what was paid (never below 0); undefined without an estimate. */
export function dueOf(order: Order): number | undefined {
  const estimate = estimateOf(order);
  if (estimate === undefined) return undefined;
  return Math.max(0, Math.round((estimate - (order.cash?.summ ?? 0)) * 100) / 100);
}
