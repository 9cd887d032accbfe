/**
 * The write reserve (WRITE_RESERVE): the last requests of a quota window are
 * kept for writes. The client is the one place that tells a read (a GET) from a
 * write (POST, PATCH, DELETE, /auth, and a GET inside `asWrite`) and refuses a
 * read at the reserve, unsent, with the window's reset time.
 */
import { describe, expect, it } from "vitest";
import { asWrite, createMemoryStore, isServiceError } from "../../src/service/index.ts";
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
    const store = createMemoryStore();
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
