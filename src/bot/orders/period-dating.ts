/**
 * When a period's handed-over orders were handed over, bucket by bucket
 * (issue 29.12). List records carry no `dateClose`, and the mirror dates only
 * the closings its sync saw; the service's `dateClose` filter counts the
 * orders handed over in any range in one request (`pageSize` 1, its total).
 * The buckets are split in halves only where the count differs from what is
 * dated already: a quiet stretch costs one request, a bucket with closings
 * about two. What the budget leaves undated stays `undefined` (never zero).
 */
import type { ServiceClient } from "../../service/index.ts";
import { ordersOfShops } from "./by-number.ts";
import type { TimeRange } from "./types.ts";

export interface BucketCounts {
  /** Orders handed over per bucket; undefined where the budget ran out. */
  counts: (number | undefined)[];
  requests: number;
}

/**
 * Counts per bucket. `dated`: the orders already dated in each bucket; `total`:
 * the orders handed over in all the buckets when known (saves the first request).
 * Only with all workshops or one (the service counts company-wide otherwise): else nothing.
 */
export async function closedPerBucket(
  deps: { client: ServiceClient; shopIds: readonly string[] },
  buckets: readonly TimeRange[],
  dated: readonly number[],
  budget: number,
  total?: number,
): Promise<BucketCounts> {
  const counts: (number | undefined)[] = buckets.map(() => undefined);
  let requests = 0;
  if (deps.shopIds.length > 1 || buckets.length === 0) return { counts, requests };
  const count = async (from: number, to: number): Promise<number | undefined> => {
    if (requests >= budget) return undefined;
    requests++;
    const range: [number, number] = [
      buckets[from]?.start.getTime() ?? 0,
      buckets[to - 1]?.end.getTime() ?? 0,
    ];
    const page = await ordersOfShops(
      deps.client,
      deps.shopIds,
      { dateClose: range },
      { page: 1, pageSize: 1 },
    );
    return page.total;
  };
  const sum = (from: number, to: number) => dated.slice(from, to).reduce((a, b) => a + b, 0);
  const resolve = async (from: number, to: number, known?: number): Promise<void> => {
    const here = known ?? (await count(from, to));
    if (here === undefined) return;
    if (here === sum(from, to) || here === 0) {
      for (let i = from; i < to; i++) counts[i] = here === 0 ? 0 : (dated[i] ?? 0);
      return;
    }
    if (to - from === 1) {
      counts[from] = here;
      return;
    }
    const middle = Math.ceil((from + to) / 2);
    await resolve(from, middle);
    // The right half is what the left half leaves, once the left is fully counted: no request.
    const left = counts.slice(from, middle);
    const rest = left.every((c) => c !== undefined)
      ? here - left.reduce<number>((a, b) => a + (b ?? 0), 0)
      : undefined;
    await resolve(middle, to, rest !== undefined && rest >= 0 ? rest : undefined);
  };
  await resolve(0, buckets.length, total);
  return { counts, requests };
}
