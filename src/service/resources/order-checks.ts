/**
 * What came back must match what was asked: one public integration saw the
 * status filter ignored, another could not look orders up by number. A record
 * that does not match the number, status or workshop asked for is dropped
 * before anyone sees it: a wrong order's card is worse than "not found".
 */

import { foldOrderNumber, numberDigits } from "../order-number.ts";
import type { Page } from "../schemas/envelope.ts";
import type { Order } from "../schemas/order.ts";

/** The filters of an order list that can be checked on the records. */
interface CheckedFilters {
  num?: number | undefined;
  number?: string | undefined;
  statusIds?: readonly string[] | undefined;
  shopId?: string | undefined;
}

type Check = { filter: string; test: (order: Order) => boolean };

function checksOf(asked: CheckedFilters): Check[] {
  const checks: Check[] = [];
  const { num, number, statusIds, shopId } = asked;
  if (num !== undefined) {
    checks.push({
      filter: "num",
      test: (order) =>
        order.num !== undefined
          ? order.num === num
          : order.number !== undefined && numberDigits(order.number) === num,
    });
  }
  if (number !== undefined && number !== "") {
    const wanted = foldOrderNumber(number);
    checks.push({
      filter: "number",
      test: (order) => order.number !== undefined && foldOrderNumber(order.number).includes(wanted),
    });
  }
  if (statusIds !== undefined && statusIds.length > 0) {
    const wanted = new Set(statusIds);
    checks.push({ filter: "statusIds", test: (order) => wanted.has(order.status?.id ?? "") });
  }
  if (shopId !== undefined) {
    // A record that names no workshop cannot be told apart: the path said which one it is.
    checks.push({
      filter: "shopId",
      test: (order) => order.shop?.id === undefined || order.shop.id === shopId,
    });
  }
  return checks;
}

/**
 * The page with only the matching records; `onIgnored` hears each filter that
 * dropped something. The service's `total` counted what it returned, so it goes
 * when records were dropped (`dropped` says how many).
 */
export function keepMatching(
  page: Page<Order>,
  asked: CheckedFilters,
  onIgnored: (filter: string, dropped: number) => void,
): Page<Order> {
  const checks = checksOf(asked);
  if (checks.length === 0) return page;
  const dropped = new Map<string, number>();
  const items = page.items.filter((order) => {
    const failed = checks.find((check) => !check.test(order));
    if (failed) dropped.set(failed.filter, (dropped.get(failed.filter) ?? 0) + 1);
    return failed === undefined;
  });
  if (items.length === page.items.length) return page;
  for (const [filter, count] of dropped) onIgnored(filter, count);
  const { total: _unreliable, ...rest } = page;
  return { ...rest, items, dropped: page.items.length - items.length };
}
