/** RedisStore against a real Redis (REDIS_TEST_URL), shared by two clients in login mode. */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import {
  createRedisTokenStore,
  createServiceClient,
  type RedisStoreOptions,
} from "../../src/service/index.ts";
import { recordingFetch } from "../contract/helpers.ts";

const url = process.env.REDIS_TEST_URL;

describe.skipIf(!url)("RedisStore", () => {
  const connections: Redis[] = [];
  const connect = () => {
    const redis = new Redis(url ?? "", { lazyConnect: false, maxRetriesPerRequest: 1 });
    connections.push(redis);
    return redis;
  };
  const storeOf = (prefix: string, extra: Partial<RedisStoreOptions> = {}) =>
    createRedisTokenStore({ redis: connect(), prefix, ...extra });
  const prefix = () => `test:${randomUUID()}:`;

  afterAll(async () => {
    await Promise.all(connections.map((redis) => redis.quit()));
  });

  it("keeps token and quota, shared by prefix and isolated between prefixes", async () => {
    const p = prefix();
    const a = storeOf(p);
    const b = storeOf(p);
    const other = storeOf(prefix());
    const token = { token: "t-1", expiresAt: Date.now() + 60_000, renewAt: Date.now() + 30_000 };
    await a.setToken(token);
    expect(await b.getToken()).toEqual(token);
    expect(await other.getToken()).toBeUndefined();
    await a.setQuota({ remaining: 7, resetAt: 123 });
    expect(await b.getQuota()).toEqual({ remaining: 7, resetAt: 123 });
    await b.setToken(undefined);
    expect(await a.getToken()).toBeUndefined();
    const redis = connect();
    await redis.set(`${p}quota`, "not json");
    expect(await a.getQuota()).toBeUndefined();
    // JSON of another shape (another version, a hand edit) reads as none too.
    for (const foreign of ['{"remaining":"7","resetAt":null}', '{"remaining":7}', "null", "[]"]) {
      await redis.set(`${p}quota`, foreign);
      expect(await a.getQuota(), foreign).toBeUndefined();
    }
    await redis.set(`${p}token`, '{"token":"t-2","expiresAt":"soon","renewAt":1}');
    expect(await a.getToken()).toBeUndefined();
    await redis.del(`${p}token`);
    expect(await redis.pttl(`${p}token`)).toBe(-2);
    await a.setToken(token);
    expect(await redis.pttl(`${p}token`)).toBeGreaterThan(50_000);
  });

  it("withLock: one holder at a time, released after a failure", async () => {
    const p = prefix();
    const a = storeOf(p, { pollMs: 5 });
    const b = storeOf(p, { pollMs: 5 });
    const events: string[] = [];
    const work = (name: string) => async () => {
      events.push(`${name}:in`);
      await sleep(30);
      events.push(`${name}:out`);
      return name;
    };
    const results = await Promise.all([a.withLock?.("token", work("a")), b.withLock?.("token", work("b"))]);
    expect(results.sort()).toEqual(["a", "b"]);
    expect(events[1]).toMatch(/:out$/);
    expect(events[2]).toMatch(/:in$/);
    await expect(a.withLock?.("token", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await b.withLock?.("token", async () => "free")).toBe("free");
  });

  it("a holder whose lock expired does not release the next holder's lock", async () => {
    const p = prefix();
    const a = storeOf(p, { lockTtlMs: 40, pollMs: 5 });
    const b = storeOf(p, { lockTtlMs: 10_000, pollMs: 5 });
    const redis = connect();
    let bHolds: Promise<unknown> = Promise.resolve();
    await a.withLock?.("token", async () => {
      await sleep(60); // a's lock has expired: b takes it
      bHolds = b.withLock?.("token", () => sleep(100)) ?? Promise.resolve();
      await sleep(20);
    });
    expect(await redis.exists(`${p}lock:token`)).toBe(1);
    await bHolds;
    expect(await redis.exists(`${p}lock:token`)).toBe(0);
  });

  it("a Redis failure is a ServiceError of kind unavailable", async () => {
    const redis = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    redis.on("error", () => undefined); // the refused connection is the point of the test
    const store = createRedisTokenStore({ redis });
    await expect(store.getToken()).rejects.toMatchObject({ kind: "unavailable" });
    redis.disconnect();
  });

  describe("two clients in login mode against the sandbox", () => {
    let sandbox: Sandbox;
    beforeAll(async () => {
      sandbox = await startSandbox({ port: 0, orders: 20, quota: { limit: 6, windowMs: 60_000 } });
    });
    afterAll(() => sandbox.close());

    function pair() {
      const p = prefix();
      return [0, 1].map(() => {
        const fetch = recordingFetch();
        const client = createServiceClient({
          baseUrl: sandbox.url,
          login: sandbox.login,
          password: sandbox.password,
          store: storeOf(p, { pollMs: 10 }),
          fetch,
        });
        return { client, fetch };
      });
    }

    it("concurrent first calls: exactly one /auth for both; the quota spent by one stops the other", async () => {
      sandbox.resetQuota();
      const [one, two] = pair();
      if (!one || !two) throw new Error("no pair");
      await Promise.all([one.client.shops.list(), two.client.shops.list(), two.client.statuses.list()]);
      const auths = [...one.fetch.sent, ...two.fetch.sent].filter((r) => r.path === "/auth");
      expect(auths).toHaveLength(1);
      // 6 allowed: 1 auth + 3 calls so far; two more, then the service refuses.
      await one.client.shops.list();
      await one.client.shops.list();
      await expect(one.client.shops.list()).rejects.toMatchObject({ kind: "quota" });
      const sent = two.fetch.sent.length;
      const error = await two.client.orders.list().catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: "quota", resetAt: expect.any(Date) });
      expect(two.fetch.sent.length).toBe(sent);
    });

    it("a token renewed after a 401 is renewed once for both", async () => {
      sandbox.resetQuota();
      const [one, two] = pair();
      if (!one || !two) throw new Error("no pair");
      await one.client.shops.list();
      sandbox.faults.expireTokens();
      sandbox.resetQuota();
      await Promise.all([one.client.shops.list(), two.client.shops.list()]);
      const auths = [...one.fetch.sent, ...two.fetch.sent].filter((r) => r.path === "/auth");
      expect(auths).toHaveLength(2);
    });
  });
});
