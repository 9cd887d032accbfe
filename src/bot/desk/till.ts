/**
 * The desk's reads of the cash side of the service: the registers of a
 * workshop with their balances as the service states them (1 request: fresh,
 * not cached), and the transactions of a time range over many registers
 * (`GET /cash`, one request per 50). Cash items come from the reference cache.
 * The caller gives each read a page budget; what a budget leaves out is said,
 * never guessed.
 */
import type { CashRegister, CashTransaction, ServiceClient } from "../../service/index.ts";
import { MAX_PAGE_SIZE } from "../../service/index.ts";

export interface Transactions {
  items: CashTransaction[];
  /** How many the service has in the range (all pages). */
  total: number;
  /** Requests spent. */
  requests: number;
}

export function shopRegisters(client: ServiceClient, shopId: string): Promise<CashRegister[]> {
  return client.cashRegisters.list(shopId).then((page) => page.items);
}

/** The transactions of these registers from `start` to `end`, newest first, at most `maxPages` requests. */
export async function transactionsOf(
  client: ServiceClient,
  registerIds: readonly string[],
  range: { start: Date; end: Date },
  maxPages: number,
): Promise<Transactions> {
  const items: CashTransaction[] = [];
  let total = 0;
  let requests = 0;
  if (registerIds.length === 0) return { items, total, requests };
  for (let page = 1; page <= maxPages; page++) {
    const answer = await client.cash.list({
      cashRegisterIds: [...registerIds],
      date: [range.start.getTime(), range.end.getTime()],
      page,
      pageSize: MAX_PAGE_SIZE,
    });
    requests++;
    items.push(...answer.items);
    total = answer.total ?? items.length;
    if (answer.items.length < MAX_PAGE_SIZE || items.length >= total) break;
  }
  // The service's range is inclusive: a transaction at the very end belongs to the next period.
  const inRange = items.filter((t) => t.date === undefined || t.date.getTime() < range.end.getTime());
  return {
    items: inRange,
    total: Math.max(total - (items.length - inRange.length), inRange.length),
    requests,
  };
}
