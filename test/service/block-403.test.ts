/**
 * The service's documented temporary block: a 403 whose body has NO `error`
 * wrapper (`{statusCode: 403, name: "Error", message: "Forbidden", expireDate}`,
 * shared/service-notes.md). Wrapped or not, a 403 with an `expireDate` is the
 * quota until then: no token renewal, no repeat, nothing sent until the reset.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { createServiceClient, isServiceError, type ServiceError } from "../../src/service/index.ts";
import { BASE, intercept, list, useNock } from "./helpers.ts";

useNock();

const T0 = Date.parse("2026-03-01T10:00:00Z");
const BLOCKED_UNTIL = "2026-03-01T10:07:00.000Z";
const bareBlock = { statusCode: 403, name: "Error", message: "Forbidden", expireDate: BLOCKED_UNTIL };

function loginClient(now: () => number, fetch?: typeof globalThis.fetch) {
  return createServiceClient({
    baseUrl: BASE,
    login: "api-login",
    password: "api-pass",
    retry: { baseDelayMs: 0 },
    now,
    fetch,
  });
}

async function failure(run: Promise<unknown>): Promise<ServiceError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isServiceError(error)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

describe("the documented 403 block (no error wrapper)", () => {
  it("is kind quota until its expireDate, with no renewal and no repeat", async () => {
    let now = T0;
    const auth = intercept("POST", 200, {
      token: "tok-A",
      ttl: 900,
      remainRequest: 99,
      expireDate: BLOCKED_UNTIL,
    });
    // Exactly one GET is answered: a renewal (POST /auth) or a repeat would find no interceptor.
    const get = intercept("GET", 403, bareBlock);
    const client = loginClient(() => now);
    const error = await failure(client.orders.get("o1"));
    expect(error).toMatchObject({ kind: "quota", status: 403, resetAt: new Date(BLOCKED_UNTIL) });
    expect(error.retryable).toBe(true);
    expect(auth).toHaveLength(1);
    expect(get).toHaveLength(1);
    expect(client.stats.requests).toBe(2);
    expect(client.quota).toEqual({ remaining: 0, resetAt: new Date(BLOCKED_UNTIL) });

    // Until then nothing is sent, a write neither.
    await expect(client.orders.update("o1", { comment: "x" })).rejects.toMatchObject({ kind: "quota" });
    expect(client.stats.requests).toBe(2);

    now = Date.parse(BLOCKED_UNTIL);
    intercept("GET", 200, list([], { remainRequest: 98 }));
    await expect(client.shops.list()).resolves.toMatchObject({ items: [] });
  });

  it("a POST blocked so is not repeated after a renewal either", async () => {
    intercept("POST", 200, { token: "tok-A", ttl: 900, remainRequest: 99, expireDate: BLOCKED_UNTIL });
    const posts = intercept("POST", 403, bareBlock);
    const client = loginClient(() => T0);
    await expect(client.orders.create("s1", { typeOrderId: "t", name: "n" })).rejects.toMatchObject({
      kind: "quota",
      resetAt: new Date(BLOCKED_UNTIL),
    });
    expect(posts).toHaveLength(1);
  });

  it("the bare body on an HTTP 200 is the block too", async () => {
    intercept("GET", 200, bareBlock);
    const client = createServiceClient({ baseUrl: BASE, token: "t", retry: { count: 0 }, now: () => T0 });
    await expect(client.shops.list()).rejects.toMatchObject({
      kind: "quota",
      resetAt: new Date(BLOCKED_UNTIL),
    });
  });

  it("a 403 without expireDate still renews once and is then forbidden (a missing grant)", async () => {
    intercept("POST", 200, { token: "tok-A", ttl: 900, remainRequest: 99, expireDate: BLOCKED_UNTIL });
    intercept("GET", 403, { statusCode: 403, name: "Error", message: "Forbidden" });
    const renewal = intercept("POST", 200, { token: "tok-B", ttl: 900, remainRequest: 97 });
    intercept("GET", 403, { statusCode: 403, name: "Error", message: "Forbidden" });
    const error = await failure(loginClient(() => T0).orders.get("o1"));
    expect(error.kind).toBe("forbidden");
    expect(renewal).toHaveLength(1);
  });

  it("a garbled expireDate is no block: the usual renewal and then forbidden", async () => {
    intercept("POST", 200, { token: "tok-A", ttl: 900, remainRequest: 99 });
    intercept("GET", 403, { ...bareBlock, expireDate: "soon" });
    intercept("POST", 200, { token: "tok-B", ttl: 900, remainRequest: 97 });
    intercept("GET", 403, { ...bareBlock, expireDate: "soon" });
    expect((await failure(loginClient(() => T0).orders.get("o1"))).kind).toBe("forbidden");
  });
});

describe("the sandbox answering its block as documented", () => {
  let sandbox: Sandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });

  it("a spent quota is a bare 403 with expireDate; the client reads it as quota and spends nothing more", async () => {
    sandbox = await startSandbox({
      port: 0,
      orders: 5,
      quota: { limit: 3, windowMs: 900_000, block: "403" },
    });
    const client = createServiceClient({
      baseUrl: sandbox.url,
      login: sandbox.login,
      password: sandbox.password,
      retry: { count: 0 },
    });
    await client.shops.list(); // /auth + 1: the client knows 1 is left
    // Someone else (another process of the same API client) spends the last one.
    expect((await fetch(`${sandbox.url}/shops`, { headers: { authorization: sandbox.token } })).status).toBe(
      200,
    );
    const before = sandbox.requestCount();
    const error = await failure(client.shops.list());
    expect(error).toMatchObject({ kind: "quota", status: 403 });
    expect(error.resetAt?.getTime()).toBeGreaterThan(Date.now());
    // One refused request reached the sandbox: no renewal, no repeat after it; nor any later call.
    const reached = sandbox.requestCount();
    expect(reached).toBe(before + 1);
    await expect(client.orders.update("x", { comment: "c" })).rejects.toMatchObject({ kind: "quota" });
    expect(sandbox.requestCount()).toBe(reached);
    const raw = await fetch(`${sandbox.url}/shops`, { headers: { authorization: sandbox.token } });
    expect(raw.status).toBe(403);
    const body = (await raw.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ statusCode: 403, name: "Error", message: "Forbidden" });
    expect(body.error).toBeUndefined();
    expect(Date.parse(String(body.expireDate))).toBe(error.resetAt?.getTime());
  });
});
