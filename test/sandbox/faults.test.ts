import { afterEach, describe, expect, it } from "vitest";
import { parseFaultSpec } from "../../src/sandbox/faults.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { call } from "./helpers.ts";

describe("fault injection", () => {
  let sandbox: Sandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
  });

  it("parses the spec string and refuses unknown items", () => {
    expect(parseFaultSpec("error=0.2,timeout=0.05,latency=50-200,burst429=10,expireTokens,seed=7")).toEqual({
      errorRate: 0.2,
      timeoutRate: 0.05,
      latencyMs: [50, 200],
      burst429: 10,
      expireTokens: true,
      seed: 7,
    });
    expect(parseFaultSpec("latency=30").latencyMs).toEqual([30, 30]);
    for (const bad of ["error=2", "nope=1", "latency=a", "latency=9-1", "burst429=-1"]) {
      expect(() => parseFaultSpec(bad), bad).toThrow();
    }
  });

  it("answers 5xx at the error rate, in the error shape", async () => {
    sandbox = await startSandbox({ port: 0, orders: 20, faults: "error=1" });
    const res = await call(sandbox, "/shops");
    expect([500, 502, 503]).toContain(res.status);
    expect(res.body.error.statusCode).toBe(res.status);
    // /auth is spared so a client can always renew.
    expect(
      (
        await call(sandbox, "/auth", {
          method: "POST",
          token: null,
          body: { login: "demo", password: "demo-password" },
        })
      ).status,
    ).toBe(200);
    sandbox.faults.clear();
    expect((await call(sandbox, "/shops")).status).toBe(200);
  });

  it("gives the same fault sequence for the same seed", async () => {
    const statuses = async (seed: number) => {
      const box = await startSandbox({ port: 0, orders: 10, faults: `error=0.5,seed=${seed}` });
      const out: number[] = [];
      for (let i = 0; i < 20; i++) out.push((await call(box, "/shops")).status);
      await box.close();
      return out;
    };
    const a = await statuses(3);
    expect(await statuses(3)).toEqual(a);
    expect(a.some((s) => s === 200)).toBe(true);
    expect(a.some((s) => s >= 500)).toBe(true);
    expect(await statuses(4)).not.toEqual(a);
  });

  it("holds a request without an answer until the client gives up", async () => {
    sandbox = await startSandbox({ port: 0, orders: 10 });
    sandbox.faults.set("timeout=1");
    const started = Date.now();
    await expect(
      fetch(`${sandbox.url}/shops`, {
        headers: { authorization: sandbox.token },
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    sandbox.faults.set({ timeoutRate: 0 });
    expect((await call(sandbox, "/shops")).status).toBe(200);
  });

  it("closes while a request is held", async () => {
    sandbox = await startSandbox({ port: 0, orders: 10, faults: "timeout=1" });
    const pending = fetch(`${sandbox.url}/shops`, { headers: { authorization: sandbox.token } }).catch(
      () => "closed",
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await sandbox.close();
    expect(await pending).toBe("closed");
  });

  it("adds latency", async () => {
    sandbox = await startSandbox({ port: 0, orders: 10, faults: "latency=120" });
    const started = Date.now();
    expect((await call(sandbox, "/shops")).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });

  it("answers a burst of 429 and then recovers", async () => {
    sandbox = await startSandbox({ port: 0, orders: 10 });
    sandbox.faults.burst429(2);
    const first = await call(sandbox, "/shops");
    expect(first.status).toBe(429);
    expect(first.body.error).toMatchObject({
      statusCode: 429,
      remainRequest: 0,
      expireDate: expect.any(String),
    });
    expect((await call(sandbox, "/shops")).status).toBe(429);
    expect((await call(sandbox, "/shops")).status).toBe(200);
  });

  it("expires every token at once", async () => {
    sandbox = await startSandbox({ port: 0, orders: 10 });
    const auth = await call(sandbox, "/auth", {
      method: "POST",
      token: null,
      body: { login: "demo", password: "demo-password" },
    });
    sandbox.faults.expireTokens();
    expect((await call(sandbox, "/shops", { token: auth.body.token })).status).toBe(401);
    expect((await call(sandbox, "/shops")).status).toBe(401);
    const renewed = await call(sandbox, "/auth", {
      method: "POST",
      token: null,
      body: { login: "demo", password: "demo-password" },
    });
    expect((await call(sandbox, "/shops", { token: renewed.body.token })).status).toBe(200);
  });

  it("expires the start tokens with expireTokens in the spec", async () => {
    sandbox = await startSandbox({ port: 0, orders: 10, faults: "expireTokens" });
    expect((await call(sandbox, "/shops")).status).toBe(401);
  });
});
