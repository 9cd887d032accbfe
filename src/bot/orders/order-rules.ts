/** What "open", the order of /my and a local page mean, the same for both readers ("overdue": src/contract/status-groups.ts). */
import { phoneHolds, phoneQueryDigits } from "../../contract/phone.ts";
import { CLOSED_GROUP, isOverdue } from "../../contract/status-groups.ts";
import type { Order } from "../../service/index.ts";
import type { OrderPage, PageAt } from "./types.ts";

/** Not in the closed status group (ready orders are still open: they wait for their owner). */
export function isOpen(order: Order): boolean {
  return order.status?.type !== CLOSED_GROUP;
}

/** Overdue first, then the nearest deadline (none last), then newest: the order of /my. */
export function mineOrder(a: Order, b: Order, now: number): number {
  const overdue = Number(isOverdue(b, now)) - Number(isOverdue(a, now));
  if (overdue !== 0) return overdue;
  const da = a.deadline?.getTime();
  const db = b.deadline?.getTime();
  if (da !== db) {
    if (da === undefined) return 1;
    if (db === undefined) return -1;
    return da - db;
  }
  return (b.dateCreate?.getTime() ?? 0) - (a.dateCreate?.getTime() ?? 0);
}

/** Page `at` of a list held whole: no request. */
export function localPage(items: readonly Order[], at: PageAt): OrderPage {
  const end = Math.min(items.length, at.page * at.pageSize);
  return {
    items: items.slice((at.page - 1) * at.pageSize, end),
    total: items.length,
    checked: end,
    scoped: false,
  };
}

/** The digits of a text that is a phone (at least 5 digits: src/contract/phone.ts); else undefined. */
export const phoneDigitsOf = (text: string): string | undefined => phoneQueryDigits(text, 5);

/** Whether the order is of this number: `num`, else the digits its textual number ends with (list records may lack `num`). */
export function isOfNum(order: Order, num: number): boolean {
  if (order.num !== undefined) return order.num === num;
  const digits = /\d+$/.exec(order.number ?? "")?.[0];
  return digits !== undefined && Number(digits) === num;
}

/** Whether the serial number's digits hold these (typed from a label: `SA3802205678` found by `3802205678`). */
export function serialMatches(order: Order, digits: string): boolean {
  return (order.sn ?? "").replace(/\D/g, "").includes(digits);
}

/** Whether one of the client's phones holds these digits (the one phone rule: digits as a substring, 8 read as 7). */
export function phoneMatches(order: Order, digits: string): boolean {
  return (order.counteragent?.phones ?? []).some((phone) => phoneHolds(phone, digits));
}
