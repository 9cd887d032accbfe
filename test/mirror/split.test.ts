/**
 * A window holding more than the 10 000 reachable records is read in parts:
 * after the reachable ones, the records created before the oldest read (lists
 * come newest first); every record arrives, no request is wasted. A fake service holds 12 000
 * changed orders (the sandbox would be slow to change that many).
 */
import { describe, expect, it } from "vitest";
import { Mirror } from "../../src/mirror/index.ts";
import { MAX_REACHABLE, type Order, type OrderListQuery, ServiceError } from "../../src/service/index.ts";
import { fakeMirrorClient, mirrorOptions, order } from "./helpers.ts";

const T0 = Date.UTC(2026, 10, 20, 12, 0);

function fakeService(count: number) {
  const records = Array.from({ length: count }, (_, i) => ({
    order: order({
      id: `big${i}`,
      number: `А${String(i + 1).padStart(6, "0")}`,
      dateCreate: new Date(T0 - (count - i) * 60_000),
    }),
    lastAction: T0 - (count - i) * 100,
  }));
  const queries: OrderListQuery[] = [];
  const client = fakeMirrorClient();
  client.orders.list = (async (query: OrderListQuery) => {
    queries.push(query);
    const [from, to] = (query.lastAction ?? [0, Number.MAX_SAFE_INTEGER]) as [number, number];
    const [createdFrom, createdTo] = (query.dateCreate ?? [0, Number.MAX_SAFE_INTEGER]) as [number, number];
    const page = query.page ?? 1;
    const size = query.pageSize ?? 10;
    if (page * size > MAX_REACHABLE)
      throw new ServiceError("bad_request", "page out of reach", { status: 400 });
    const matches = records
      .filter((r) => r.lastAction >= from && r.lastAction <= to)
      .filter(
        (r) =>
          (r.order.dateCreate?.getTime() ?? 0) >= createdFrom &&
          (r.order.dateCreate?.getTime() ?? 0) <= createdTo,
      )
      .sort((a, b) => (b.order.dateCreate?.getTime() ?? 0) - (a.order.dateCreate?.getTime() ?? 0));
    return {
      items: matches.slice((page - 1) * size, page * size).map((r) => r.order as Order),
      total: matches.length,
      page,
      pageSize: size,
    };
  }) as typeof client.orders.list;
  return { client, queries };
}

describe("a window too big to page", () => {
  it("is read in parts, and all 12 000 records arrive", async () => {
    const { client, queries } = fakeService(12_000);
    const mirror = new Mirror(
      mirrorOptions({
        client,
        now: () => T0,
        budget: { ...mirrorOptions({ client }).budget, perWindow: 100_000, reserve: 0 },
      }),
    );
    await mirror.open();
    // A backfill of the last 30 days: all 12 000 changed in it.
    for (let i = 0; i < 5 && !(await mirror.step()).completed; i++);
    expect(mirror.stats().orders).toBe(12_000);
    expect(queries.every((q) => (q.page ?? 1) * (q.pageSize ?? 10) <= MAX_REACHABLE)).toBe(true);
    // 240 pages and one more: the second part starts at the oldest record of the first, read again.
    expect(queries.length).toBeLessThanOrEqual(12_000 / 50 + 1);
    expect(queries.at(-1)?.dateCreate).toBeDefined();
    await mirror.stop();
  });
});
