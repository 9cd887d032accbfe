import { describe, expect, it } from "vitest";
import { createMemoryTokenStore, createServiceClient, type ServiceStore } from "../../src/service/index.ts";
import { BASE, intercept, list, useNock } from "./helpers.ts";

useNock();

const T0 = Date.parse("2026-03-01T10:00:00Z");
const authAnswer = (token: string, ttl = 900) => ({
  token,
  ttl,
  remainRequest: 99,
  expireDate: "2026-03-01T10:15:00Z",
});

function loginClient(
  options: { now?: () => number; authFormat?: "form" | "json"; store?: ServiceStore } = {},
) {
  return createServiceClient({
    baseUrl: BASE,
    login: "api-login",
    password: "api-pass",
    retry: { baseDelayMs: 0 },
    ...options,
  });
}

describe("login mode", () => {
  it("gets a token with a form-encoded POST /auth, then sends it raw", async () => {
    const auth = intercept("POST", 200, authAnswer("tok-A"));
    const calls = intercept("GET", 200, list([]));
    await loginClient().shops.list();
    expect(auth[0]).toMatchObject({ path: "/auth", body: "login=api-login&password=api-pass" });
    expect(auth[0]?.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(auth[0]?.headers.get("authorization")).toBeNull();
    expect(calls[0]?.headers.get("authorization")).toBe("tok-A");
  });

  it("can send the credentials as JSON", async () => {
    const auth = intercept("POST", 200, authAnswer("tok-A"));
    intercept("GET", 200, list([]));
    await loginClient({ authFormat: "json" }).shops.list();
    expect(auth[0]?.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(auth[0]?.body ?? "")).toEqual({ login: "api-login", password: "api-pass" });
  });

  it("auth.login() returns the token and its expiry and updates the quota", async () => {
    intercept("POST", 200, authAnswer("tok-A", 600));
    const client = loginClient({ now: () => T0 });
    expect(await client.auth.login()).toEqual({
      token: "tok-A",
      ttl: 600,
      expiresAt: new Date(T0 + 600_000),
    });
    expect(client.quota).toEqual({ remaining: 99, resetAt: new Date("2026-03-01T10:15:00Z") });
  });

  it("concurrent calls share one /auth", async () => {
    const auth = intercept("POST", 200, authAnswer("tok-A"));
    const calls = intercept("GET", 200, list([]), 5);
    const client = loginClient();
    await Promise.all([1, 2, 3, 4, 5].map(() => client.shops.list()));
    expect(auth).toHaveLength(1);
    expect(calls.map((c) => c.headers.get("authorization"))).toEqual(Array(5).fill("tok-A"));
  });

  it("reuses the token until shortly before it expires, then renews", async () => {
    let now = T0;
    const auth = intercept("POST", 200, authAnswer("tok-A"));
    const calls = intercept("GET", 200, list([]), 3);
    const client = loginClient({ now: () => now });
    await client.shops.list();
    now = T0 + 800_000; // 100 s before expiry: still fine with the 60 s margin
    await client.shops.list();
    expect(auth).toHaveLength(1);
    now = T0 + 850_000; // inside the margin: renew first
    const renewal = intercept("POST", 200, authAnswer("tok-B"));
    await client.shops.list();
    expect(renewal).toHaveLength(1);
    expect(calls.map((c) => c.headers.get("authorization"))).toEqual(["tok-A", "tok-A", "tok-B"]);
  });

  it("a 401 renews the token once and repeats the call", async () => {
    intercept("POST", 200, authAnswer("tok-A"));
    const first = intercept("GET", 401, { error: { statusCode: 401, message: "Unauthorized" } });
    const renewal = intercept("POST", 200, authAnswer("tok-B"));
    const repeat = intercept("GET", 200, list([{ id: "s1" }]));
    const page = await loginClient().shops.list();
    expect(page.items).toHaveLength(1);
    expect(first[0]?.headers.get("authorization")).toBe("tok-A");
    expect(renewal).toHaveLength(1);
    expect(repeat[0]?.headers.get("authorization")).toBe("tok-B");
  });

  it("a 403 renews too; a POST is repeated once only because of that", async () => {
    intercept("POST", 200, authAnswer("tok-A"));
    const refused = intercept("POST", 403, { error: { statusCode: 403, message: "Access denied" } });
    intercept("POST", 200, authAnswer("tok-B"));
    const create = intercept("POST", 200, { data: { id: "o1" } });
    const client = loginClient();
    await expect(client.orders.create("s1", { typeOrderId: "t", name: "n" })).resolves.toEqual({ id: "o1" });
    expect(refused[0]).toMatchObject({ path: "/shops/s1/orders" });
    expect(create[0]?.headers.get("authorization")).toBe("tok-B");
    expect(client.stats.requests).toBe(4);
  });

  it("a second 401 is an auth error", async () => {
    intercept("POST", 200, authAnswer("tok-A"));
    intercept("GET", 401, { error: { statusCode: 401, message: "Unauthorized" } });
    intercept("POST", 200, authAnswer("tok-B"));
    intercept("GET", 401, { error: { statusCode: 401, message: "Unauthorized" } });
    const client = loginClient();
    await expect(client.shops.list()).rejects.toMatchObject({ kind: "auth", status: 401 });
    expect(client.stats.requests).toBe(4);
  });

  it("a second 403 is forbidden", async () => {
    intercept("POST", 200, authAnswer("tok-A"));
    intercept("GET", 403, { error: { statusCode: 403, message: "Access denied" } });
    intercept("POST", 200, authAnswer("tok-B"));
    intercept("GET", 403, { error: { statusCode: 403, message: "Access denied" } });
    await expect(loginClient().shops.list()).rejects.toMatchObject({ kind: "forbidden", status: 403 });
  });

  it("concurrent 401s share one renewal", async () => {
    intercept("POST", 200, authAnswer("tok-A"));
    intercept("GET", 401, { error: { statusCode: 401, message: "expired" } }, 3);
    const renewal = intercept("POST", 200, authAnswer("tok-B"));
    const repeats = intercept("GET", 200, list([]), 3);
    const client = loginClient();
    await client.auth.login();
    await Promise.all([client.shops.list(), client.shops.list(), client.shops.list()]);
    expect(renewal).toHaveLength(1);
    expect(repeats.map((r) => r.headers.get("authorization"))).toEqual(["tok-B", "tok-B", "tok-B"]);
  });

  it("bad credentials on /auth are an auth error, without a loop", async () => {
    intercept("POST", 401, { error: { statusCode: 401, message: "Wrong login" } });
    const client = loginClient();
    await expect(client.shops.list()).rejects.toMatchObject({ kind: "auth", status: 401, path: "/auth" });
    expect(client.stats.requests).toBe(1);
  });

  it("an /auth answer without a token is a bad_response", async () => {
    intercept("POST", 200, { ttl: 900 });
    await expect(loginClient().shops.list()).rejects.toMatchObject({ kind: "bad_response", path: "/auth" });
  });
});

describe("store", () => {
  it("a token already in a shared store is used without /auth", async () => {
    const store = createMemoryTokenStore();
    await store.setToken({ token: "shared", expiresAt: T0 + 900_000, renewAt: T0 + 840_000 });
    const calls = intercept("GET", 200, list([]));
    await loginClient({ store, now: () => T0 }).shops.list();
    expect(calls[0]?.headers.get("authorization")).toBe("shared");
  });

  it("renewal runs inside the store's withLock and the token is saved there", async () => {
    const base = createMemoryTokenStore();
    const locks: string[] = [];
    const store: ServiceStore = {
      ...base,
      async withLock(key, fn) {
        locks.push(key);
        return fn();
      },
    };
    intercept("POST", 200, authAnswer("tok-A"));
    intercept("GET", 200, list([]));
    await loginClient({ store, now: () => T0 }).shops.list();
    expect(locks).toEqual(["token"]);
    expect(await store.getToken()).toEqual({
      token: "tok-A",
      expiresAt: T0 + 900_000,
      renewAt: T0 + 840_000,
    });
    expect(await store.getQuota()).toEqual({
      remaining: 90,
      resetAt: Date.parse("2026-03-01T10:15:00.000Z"),
    });
  });

  it("with a short ttl the margin shrinks to a quarter of it", async () => {
    const store = createMemoryTokenStore();
    intercept("POST", 200, authAnswer("tok-A", 20));
    await loginClient({ store, now: () => T0 }).auth.login();
    expect(await store.getToken()).toMatchObject({ expiresAt: T0 + 20_000, renewAt: T0 + 15_000 });
  });
});
