/**
 * The write reserve (WRITE_RESERVE): the last requests of a quota window are
 * kept for writes. The client is the one place that tells a read (a GET) from a
 * write (POST, PATCH, DELETE, /auth, and a GET inside `asWrite`) and refuses a
 * read at the reserve, unsent, with the window's reset time.
 */
import { describe, expect, it } from "vitest";
import { asWrite, createMemoryTokenStore, isServiceError } from "../../src/service/index.ts";
import { intercept, list, tokenClient, useNock } from "./helpers.ts";

useNock();

const T0 = Date.parse("2026-03-01T10:00:00Z");
const RESET = "2026-03-01T10:15:00.000Z";
const order = { id: "o1", number: "A1", num: 1 };

describe("the write reserve", () => {
  it("refuses reads at the reserve with nothing sent, while writes and a write's own reads still go", async () => {
    let now = T0;
    const client = tokenClient({ now: () => now, writeReserve: 50, retry: { count: 0 } });
    expect(client.readAllowance()).toBe(Number.POSITIVE_INFINITY);
    intercept("GET", 200, list([], { remainRequest: 51, expireDate: RESET }));
    await client.shops.list();
    expect(client.readAllowance()).toBe(1);
    intercept("GET", 200, list([], { remainRequest: 50, expireDate: RESET }));
    await client.shops.list();
    expect(client.readAllowance()).toBe(0);

    const refused = await client.orders.get("o1").catch((e: unknown) => e);
    expect(isServiceError(refused) && refused.kind).toBe("quota");
    expect(refused).toMatchObject({ reserve: 50, resetAt: new Date(RESET) });
    await expect(client.checkRead()).rejects.toMatchObject({ kind: "quota", reserve: 50 });
    expect(client.stats.requests).toBe(2);

    const patch = intercept("PATCH", 200, { data: { success: true }, remainRequest: 49, expireDate: RESET });
    await client.orders.update("o1", { comment: "kept for writes" });
    expect(patch).toHaveLength(1);
    // A write's own read (did an interrupted write land?) may use the reserve.
    intercept("GET", 200, { data: order, remainRequest: 48, expireDate: RESET });
    await expect(asWrite(() => client.orders.get("o1"))).resolves.toMatchObject({ id: "o1" });
    // Outside asWrite the same GET is a read again.
    await expect(client.orders.get("o1")).rejects.toMatchObject({ kind: "quota", reserve: 50 });
    expect(client.stats.requests).toBe(4);

    now = Date.parse(RESET); // a new window: reads go again
    expect(client.readAllowance()).toBe(Number.POSITIVE_INFINITY);
    intercept("GET", 200, list([], { remainRequest: 99, expireDate: "2026-03-01T10:30:00.000Z" }));
    await expect(client.shops.list()).resolves.toMatchObject({ items: [] });
    expect(client.readAllowance()).toBe(49);
  });

  it("counts reads in flight: concurrent reads never pass the reserve", async () => {
    const client = tokenClient({ now: () => T0, writeReserve: 50, retry: { count: 0 } });
    intercept("GET", 200, list([], { remainRequest: 53, expireDate: RESET }));
    await client.shops.list();
    // 53 left: three reads may go, the other five are refused before sending.
    const sent = intercept("GET", 200, list([], { remainRequest: 50, expireDate: RESET }), 3);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => client.shops.list()));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(5);
    expect(sent).toHaveLength(3);
  });

  it("the quota spent is still refused for writes too", async () => {
    const client = tokenClient({ now: () => T0, writeReserve: 50 });
    intercept("GET", 200, list([], { remainRequest: 0, expireDate: RESET }));
    await client.shops.list();
    const error = await client.orders.update("o1", { comment: "x" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "quota", reserve: undefined });
  });

  it("a reserve kept in a shared store holds for another process's reads", async () => {
    const store = createMemoryTokenStore();
    await store.setQuota({ remaining: 20, resetAt: T0 + 60_000 });
    const client = tokenClient({ store, now: () => T0, writeReserve: 30 });
    await expect(client.shops.list()).rejects.toMatchObject({ kind: "quota", reserve: 30 });
    expect(client.stats.requests).toBe(0);
  });

  it("without a reserve (the client's default) reads go down to the last request", async () => {
    const client = tokenClient({ now: () => T0 });
    intercept("GET", 200, list([], { remainRequest: 1, expireDate: RESET }));
    await client.shops.list();
    intercept("GET", 200, list([], { remainRequest: 0, expireDate: RESET }));
    await expect(client.shops.list()).resolves.toBeDefined();
    expect(client.readAllowance()).toBe(0);
  });
});

describe("the write reserve with a shared (asynchronous) store, as Redis is", () => {
  /**
   * The memory store answering as Redis does: every call a promise, and the answers to
   * commands sent together arriving together (one reply chunk resolves them all in one turn).
   */
  const asyncStore = () => {
    const inner = createMemoryTokenStore();
    let waiting: (() => void)[] = [];
    const later = <T>(value: () => T | PromiseLike<T>): Promise<T> =>
      new Promise((resolve) => {
        if (waiting.length === 0)
          setImmediate(() => {
            const all = waiting;
            waiting = [];
            for (const answer of all) answer();
          });
        waiting.push(() => resolve(value()));
      });
    return {
      getToken: () => later(() => inner.getToken()),
      setToken: (token: Parameters<typeof inner.setToken>[0]) => later(() => inner.setToken(token)),
      getQuota: () => later(() => inner.getQuota()),
      setQuota: (quota: Parameters<typeof inner.setQuota>[0]) => later(() => inner.setQuota(quota)),
    };
  };

  it("concurrent reads that check the store together still pass the reserve no more than it allows", async () => {
    const client = tokenClient({ store: asyncStore(), now: () => T0, writeReserve: 50, retry: { count: 0 } });
    intercept("GET", 200, list([], { remainRequest: 53, expireDate: RESET }));
    await client.shops.list();
    // 53 left: three reads may go; the other five must be refused unsent, not eat the reserve.
    const sent = intercept("GET", 200, list([], { remainRequest: 50, expireDate: RESET }), 3);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => client.shops.list()));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(refused).toHaveLength(5);
    for (const error of refused) expect(error).toMatchObject({ kind: "quota", reserve: 50 });
    expect(sent).toHaveLength(3);
    expect(client.stats.requests).toBe(4);
  });
});

describe("the count left, as answers come back out of order", () => {
  it("an older answer arriving after a newer one does not give back requests already spent", async () => {
    const answer = (remainRequest: number) =>
      new Response(JSON.stringify(list([], { remainRequest, expireDate: RESET })), {
        headers: { "content-type": "application/json" },
      });
    let releaseSlow: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    let calls = 0;
    const fetch = (async () => {
      calls++;
      if (calls === 1) return answer(55);
      // The service counted the slow read first (54 left), then the quick one (53 left).
      if (calls === 2) return slow.then(() => answer(54));
      return answer(53);
    }) as unknown as typeof globalThis.fetch;
    const client = tokenClient({ fetch, now: () => T0, writeReserve: 50, retry: { count: 0 } });
    await client.shops.list();
    const slowRead = client.shops.list();
    await new Promise((resolve) => setImmediate(resolve));
    await client.shops.list();
    releaseSlow();
    await slowRead;
    // 53 are left: the late "54" is not the news.
    expect(client.quota?.remaining).toBe(53);
    expect(client.readAllowance()).toBe(3);
  });
});
