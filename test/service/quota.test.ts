import { describe, expect, it } from "vitest";
import { createMemoryTokenStore } from "../../src/service/index.ts";
import { forbiddenFetch, intercept, list, tokenClient, useNock } from "./helpers.ts";

useNock();

const T0 = Date.parse("2026-03-01T10:00:00Z");
const RESET = "2026-03-01T10:15:00.000Z";

describe("quota", () => {
  it("with nothing left before the reset, calls fail fast and send nothing", async () => {
    let now = T0;
    intercept("GET", 200, list([], { remainRequest: 0, expireDate: RESET }));
    const client = tokenClient({ now: () => now });
    await client.shops.list();
    expect(client.quota).toEqual({ remaining: 0, resetAt: new Date(RESET) });

    await expect(client.orders.get("o1")).rejects.toMatchObject({ kind: "quota", resetAt: new Date(RESET) });
    await expect(client.orders.create("s", { typeOrderId: "t", name: "n" })).rejects.toMatchObject({
      kind: "quota",
    });
    expect(client.stats.requests).toBe(1);

    now = Date.parse(RESET); // the window has reset: try again
    intercept("GET", 200, list([], { remainRequest: 99, expireDate: "2026-03-01T10:30:00.000Z" }));
    await expect(client.shops.list()).resolves.toMatchObject({ items: [] });
    expect(client.quota?.remaining).toBe(99);
  });

  it("a 429 blocks until the error's expireDate", async () => {
    let now = T0;
    intercept("GET", 429, {
      error: { statusCode: 429, message: "Too many", expireDate: "2026-03-01T10:05:00Z" },
    });
    const client = tokenClient({ now: () => now });
    await expect(client.shops.list()).rejects.toMatchObject({
      kind: "quota",
      resetAt: new Date("2026-03-01T10:05:00Z"),
    });
    await expect(client.shops.list()).rejects.toMatchObject({ kind: "quota" });
    expect(client.stats.requests).toBe(1);
    now = Date.parse("2026-03-01T10:05:00Z");
    intercept("GET", 200, list([]));
    await expect(client.shops.list()).resolves.toBeDefined();
  });

  it("a 429 without a date uses the last envelope's expireDate", async () => {
    intercept("GET", 200, list([], { remainRequest: 3, expireDate: RESET }));
    intercept("GET", 429, { error: { statusCode: 429, message: "Too many" } });
    const client = tokenClient({ now: () => T0 });
    await client.shops.list();
    await expect(client.shops.list()).rejects.toMatchObject({ kind: "quota", resetAt: new Date(RESET) });
    expect(client.quota).toEqual({ remaining: 0, resetAt: new Date(RESET) });
  });

  it("a 429 with no date known waits 60 seconds", async () => {
    intercept("GET", 429, "Too Many Requests");
    const client = tokenClient({ now: () => T0 });
    await expect(client.shops.list()).rejects.toMatchObject({
      kind: "quota",
      resetAt: new Date(T0 + 60_000),
    });
  });

  it("a stale envelope date is not used for a 429", async () => {
    let now = T0;
    intercept("GET", 200, list([], { remainRequest: 3, expireDate: RESET }));
    const client = tokenClient({ now: () => now });
    await client.shops.list();
    now = Date.parse(RESET) + 1_000;
    intercept("GET", 429, { error: { statusCode: 429, message: "Too many" } });
    await expect(client.shops.list()).rejects.toMatchObject({ resetAt: new Date(now + 60_000) });
  });

  it("a quota spent in a shared store stops another client (process) too", async () => {
    const store = createMemoryTokenStore();
    await store.setQuota({ remaining: 0, resetAt: T0 + 5_000 });
    const fetch = forbiddenFetch();
    const client = tokenClient({ store, fetch, now: () => T0 });
    await expect(client.shops.list()).rejects.toMatchObject({ kind: "quota", resetAt: new Date(T0 + 5_000) });
    expect(fetch.calls).toBe(0);
    expect(client.quota).toEqual({ remaining: 0, resetAt: new Date(T0 + 5_000) });
  });

  it("remaining 0 without an expireDate blocks for the fallback 60 seconds", async () => {
    intercept("GET", 200, { data: [], remainRequest: 0 });
    const client = tokenClient({ now: () => T0 });
    await client.shops.list();
    await expect(client.shops.list()).rejects.toMatchObject({
      kind: "quota",
      resetAt: new Date(T0 + 60_000),
    });
  });

  it("after the reset, an answer without quota fields does not block again", async () => {
    let now = T0;
    intercept("GET", 429, { error: { statusCode: 429, message: "Too many", expireDate: RESET } });
    const client = tokenClient({ now: () => now, retry: { count: 0 } });
    await expect(client.shops.list()).rejects.toMatchObject({ kind: "quota" });
    now = Date.parse(RESET) + 1_000;
    intercept("GET", 502, "<html>Bad Gateway</html>");
    await expect(client.shops.list()).rejects.toMatchObject({ kind: "unavailable" });
    intercept("GET", 200, list([]));
    await expect(client.shops.list()).resolves.toMatchObject({ items: [] });
  });
});
