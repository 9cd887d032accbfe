import { afterEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { call, manualClock } from "./helpers.ts";

describe("request quota", () => {
  let sandbox: Sandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
  });

  it("counts down per client, answers 429 when spent and resets after the window", async () => {
    const clock = manualClock();
    sandbox = await startSandbox({ port: 0, orders: 20, clock, quota: { limit: 3, windowMs: 900_000 } });
    const first = await call(sandbox, "/shops");
    expect(first.body.remainRequest).toBe(2);
    expect(first.body.expireDate).toBe(new Date(clock.now() + 900_000).toISOString());
    expect((await call(sandbox, "/shops")).body.remainRequest).toBe(1);
    expect((await call(sandbox, "/shops")).body.remainRequest).toBe(0);
    const spent = await call(sandbox, "/shops");
    expect(spent.status).toBe(429);
    expect(spent.body.error).toMatchObject({
      statusCode: 429,
      remainRequest: 0,
      expireDate: first.body.expireDate,
    });
    // Another client has its own window.
    expect((await call(sandbox, "/shops", { token: sandbox.restrictedToken })).status).toBe(200);
    clock.advance(900_000);
    const fresh = await call(sandbox, "/shops");
    expect(fresh.status).toBe(200);
    expect(fresh.body.remainRequest).toBe(2);
  });

  it("with the quota off keeps one reset time per fixed window, so a sync's count and /status stay true", async () => {
    const clock = manualClock();
    sandbox = await startSandbox({ port: 0, orders: 20, clock });
    const first = await call(sandbox, "/shops");
    expect(first.body.remainRequest).toBe(100_000);
    clock.advance(60_000);
    const later = await call(sandbox, "/shops");
    const reset = Date.parse(String(first.body.expireDate));
    // A minute on (within the same 15-minute slot unless it just ended): the same reset, not "in 15 min" again.
    if (Math.floor((clock.now() - 60_000) / 900_000) === Math.floor(clock.now() / 900_000))
      expect(later.body.expireDate).toBe(first.body.expireDate);
    expect(reset % 900_000).toBe(0);
    expect(reset).toBeGreaterThan(clock.now() - 60_000);
  });

  it("counts POST /auth against the quota", async () => {
    sandbox = await startSandbox({ port: 0, orders: 20, quota: { limit: 2, windowMs: 60_000 } });
    const auth = await call(sandbox, "/auth", {
      method: "POST",
      token: null,
      body: { login: "demo", password: "demo-password" },
    });
    expect(auth.body.remainRequest).toBe(1);
    expect((await call(sandbox, "/shops", { token: auth.body.token })).body.remainRequest).toBe(0);
    const again = await call(sandbox, "/auth", {
      method: "POST",
      token: null,
      body: { login: "demo", password: "demo-password" },
    });
    expect(again.status).toBe(429);
    sandbox.resetQuota("demo");
    expect((await call(sandbox, "/shops")).status).toBe(200);
  });

  it("reports the constant 100000 when the quota is off", async () => {
    sandbox = await startSandbox({ port: 0, orders: 20 });
    for (let i = 0; i < 3; i++) expect((await call(sandbox, "/shops")).body.remainRequest).toBe(100000);
    expect((await call(sandbox, "/orders/nope")).body.error.remainRequest).toBe(100000);
  });

  it("counts the requests of each client", async () => {
    sandbox = await startSandbox({ port: 0, orders: 20 });
    await call(sandbox, "/shops");
    await call(sandbox, "/shops");
    await call(sandbox, "/shops", { token: sandbox.restrictedToken });
    expect(sandbox.requestCount("demo")).toBe(2);
    expect(sandbox.requestCount("restricted")).toBe(1);
    expect(sandbox.requestCount()).toBe(3);
    sandbox.resetCounts();
    expect(sandbox.requestCount()).toBe(0);
  });
});
