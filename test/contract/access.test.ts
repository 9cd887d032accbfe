/** Grants, login mode with token expiry, and the quota: client and sandbox agree. */
import { describe, expect, it } from "vitest";
import { startSandbox } from "../../src/sandbox/index.ts";
import { createServiceClient } from "../../src/service/index.ts";
import { expectKind, recordingFetch, useContract } from "./helpers.ts";

/** A clock both the sandbox and the client read. */
function sharedClock() {
  let now = Date.UTC(2026, 4, 15, 9, 0, 0);
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("restricted client", () => {
  const contract = useContract();
  const restricted = () => contract.client({ token: contract.sandbox().restrictedToken });
  const store = () => contract.sandbox().store;
  const shopC = () => contract.sandbox().shops[2]?.id ?? "";

  it("missing grants are kind forbidden, and the client keeps working afterwards", async () => {
    const client = restricted();
    const order = store().orders.find((o) => o.shopId !== shopC() && o.isVisible);
    await expectKind(client.orders.delete(order?.id ?? ""), "forbidden");
    await expectKind(client.orders.list({ shopId: shopC() }), "forbidden");
    await expectKind(client.employees.list(shopC()), "forbidden");
    const registerC = store().ref.registers.find((r) => r.shopId === shopC());
    await expectKind(client.cash.list({ cashRegisterId: registerC?.id ?? "" }), "forbidden");
    // An "Access denied" 403 is not a quota block: the next call goes out.
    expect(client.quota?.remaining).toBeGreaterThan(0);
    const shops = await client.shops.list();
    expect(shops.items.map((s) => s.id)).not.toContain(shopC());
  });

  it("orders of a closed status can be read but not changed", async () => {
    const closed = store()
      .ref.statuses.filter((s) => s.group === "closed")
      .map((s) => s.id);
    const order = store().orders.find(
      (o) => o.shopId !== shopC() && o.isVisible && closed.includes(o.statusId),
    );
    const client = restricted();
    expect((await client.orders.get(order?.id ?? "")).id).toBe(order?.id);
    await expectKind(client.orders.update(order?.id ?? "", { brand: "X" }), "forbidden");
  });

  it("company-wide lists hold only the client's workshops", async () => {
    const page = await restricted().orders.list({ pageSize: 50 });
    expect(page.total).toBe(store().orders.filter((o) => o.shopId !== shopC()).length);
    expect(page.items.every((o) => o.shop?.id !== shopC())).toBe(true);
  });
});

describe("login mode", () => {
  it("logs in once, renews before expiry and after a revoked token", async () => {
    const clock = sharedClock();
    const sandbox = await startSandbox({ port: 0, orders: 30, clock, tokenTtlSeconds: 600 });
    try {
      const fetch = recordingFetch();
      const auths = () => fetch.sent.filter((r) => r.path === "/auth").length;
      const client = createServiceClient({
        baseUrl: sandbox.url,
        login: sandbox.login,
        password: sandbox.password,
        fetch,
        now: clock.now,
      });
      await Promise.all([client.shops.list(), client.statuses.list(), client.orderTypes.list()]);
      expect(auths()).toBe(1);
      clock.advance(590_000); // inside the renewal margin: renewed before sending
      await client.shops.list();
      expect(auths()).toBe(2);
      expect(fetch.sent.filter((r) => r.path === "/shops")).toHaveLength(2);
      sandbox.faults.expireTokens(); // the sandbox forgets the token: 401, one renewal, one repeat
      await client.shops.list();
      expect(auths()).toBe(3);
      expect(fetch.sent.slice(-3).map((r) => r.path)).toEqual(["/shops", "/auth", "/shops"]);
    } finally {
      await sandbox.close();
    }
  });

  it("a short ttl and wrong credentials", async () => {
    const sandbox = await startSandbox({ port: 0, orders: 10, tokenTtlSeconds: 1 });
    try {
      const client = createServiceClient({
        baseUrl: sandbox.url,
        login: sandbox.login,
        password: sandbox.password,
        authFormat: "json",
      });
      const first = await client.auth.login();
      expect(first.ttl).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await client.shops.list()).items.length).toBeGreaterThan(0);
      const wrong = createServiceClient({ baseUrl: sandbox.url, login: sandbox.login, password: "nope" });
      await expectKind(wrong.shops.list(), "auth");
    } finally {
      await sandbox.close();
    }
  });
});

describe("quota", () => {
  it("429 becomes kind quota with resetAt; then fail fast without sending until the reset", async () => {
    const clock = sharedClock();
    const sandbox = await startSandbox({ port: 0, orders: 10, clock, quota: { limit: 3, windowMs: 60_000 } });
    try {
      const fetch = recordingFetch();
      const client = createServiceClient({
        baseUrl: sandbox.url,
        token: sandbox.token,
        fetch,
        now: clock.now,
      });
      for (let i = 0; i < 3; i++) await client.shops.list();
      expect(client.quota?.remaining).toBe(0);
      const resetAt = clock.now() + 60_000;
      const spent = await expectKind(client.shops.list(), "quota");
      expect(spent.resetAt?.getTime()).toBe(resetAt);
      const sent = fetch.sent.length;
      const again = await expectKind(client.orders.list(), "quota");
      expect(again.resetAt?.getTime()).toBe(resetAt);
      expect(fetch.sent.length).toBe(sent);
      clock.advance(60_001);
      expect((await client.shops.list()).items.length).toBeGreaterThan(0);
      expect(client.quota?.remaining).toBe(2);
    } finally {
      await sandbox.close();
    }
  });

  it("the /auth call counts against the quota", async () => {
    const sandbox = await startSandbox({ port: 0, orders: 10, quota: { limit: 2, windowMs: 60_000 } });
    try {
      const client = createServiceClient({
        baseUrl: sandbox.url,
        login: sandbox.login,
        password: sandbox.password,
      });
      await client.shops.list();
      expect(client.quota?.remaining).toBe(0);
      await expectKind(client.shops.list(), "quota");
    } finally {
      await sandbox.close();
    }
  });
});
