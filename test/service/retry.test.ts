import { describe, expect, it } from "vitest";
import type { RequestEvent } from "../../src/service/index.ts";
import { intercept, list, one, service, tokenClient, useNock } from "./helpers.ts";

useNock();

describe("retries", () => {
  it("a GET is retried after a 5xx and succeeds", async () => {
    intercept("GET", 503, "busy");
    intercept("GET", 200, list([{ id: "s1" }]));
    const client = tokenClient();
    expect((await client.shops.list()).items).toHaveLength(1);
    expect(client.stats.requests).toBe(2);
  });

  it("a GET is retried after a network error", async () => {
    service().get("/shops").replyWithError("reset");
    intercept("GET", 200, list([]));
    await expect(tokenClient().shops.list()).resolves.toMatchObject({ items: [] });
  });

  it("GET retries are bounded (default 2 retries = 3 attempts)", async () => {
    intercept("GET", 500, "down", 3);
    const client = tokenClient();
    await expect(client.shops.list()).rejects.toMatchObject({ kind: "unavailable", status: 500 });
    expect(client.stats.requests).toBe(3);
  });

  it("the retry count is configurable", async () => {
    intercept("GET", 500, "down", 2);
    const client = tokenClient({ retry: { count: 1, baseDelayMs: 0 } });
    await expect(client.shops.list()).rejects.toMatchObject({ kind: "unavailable" });
    expect(client.stats.requests).toBe(2);
  });

  it("4xx answers are not retried", async () => {
    intercept("GET", 400, { error: { statusCode: 400, message: "bad" } });
    const client = tokenClient();
    await expect(client.shops.list()).rejects.toMatchObject({ kind: "bad_request" });
    expect(client.stats.requests).toBe(1);
  });

  it("a GET is not retried once the quota is out", async () => {
    intercept("GET", 500, { error: { statusCode: 500, message: "x", remainRequest: 0 } });
    const client = tokenClient({ now: () => 1_000 });
    await expect(client.shops.list()).rejects.toMatchObject({ kind: "quota" });
    expect(client.stats.requests).toBe(1);
  });

  const create = { typeOrderId: "t", name: "n" };
  for (const [method, run] of [
    ["POST", (c: ReturnType<typeof tokenClient>) => c.orders.create("s1", create)],
    ["PATCH", (c: ReturnType<typeof tokenClient>) => c.orders.update("o1", { comment: "x" })],
    ["DELETE", (c: ReturnType<typeof tokenClient>) => c.orders.delete("o1")],
  ] as const) {
    it(`${method} is never retried after a 5xx`, async () => {
      intercept(method, 500, "down");
      const client = tokenClient();
      await expect(run(client)).rejects.toMatchObject({ kind: "unavailable", status: 500 });
      expect(client.stats.requests).toBe(1);
    });

    it(`${method} is never retried after a network error`, async () => {
      service().intercept(/.*/, method).replyWithError("reset");
      const client = tokenClient();
      await expect(run(client)).rejects.toMatchObject({ kind: "unavailable" });
      expect(client.stats.requests).toBe(1);
    });
  }

  it("a POST is never retried after a timeout", async () => {
    let calls = 0;
    const hanging: typeof fetch = (_input, init) => {
      calls++;
      return new Promise((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      );
    };
    const client = tokenClient({ fetch: hanging, timeoutMs: 10 });
    await expect(client.orders.create("s1", create)).rejects.toMatchObject({ kind: "unavailable" });
    expect(calls).toBe(1);
  });

  it("onRequest sees every attempt with method, path, status and duration", async () => {
    const events: RequestEvent[] = [];
    intercept("GET", 502, "x");
    intercept("GET", 200, one({ id: "o1" }));
    await tokenClient({ onRequest: (e) => events.push(e) }).orders.get("o1");
    expect(events.map(({ method, path, status, error }) => ({ method, path, status, error }))).toEqual([
      { method: "GET", path: "/orders/o1", status: 502, error: "unavailable" },
      { method: "GET", path: "/orders/o1", status: 200, error: undefined },
    ]);
    expect(events.every((e) => e.durationMs >= 0)).toBe(true);
  });
});
