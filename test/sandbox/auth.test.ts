import { afterEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { call, manualClock, useSandbox } from "./helpers.ts";

describe("authentication", () => {
  const sb = useSandbox();

  it("issues a token for form-encoded credentials", async () => {
    const res = await call(sb(), "/auth", {
      method: "POST",
      token: null,
      body: "login=demo&password=demo-password",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.any(String),
      ttl: 900,
      remainRequest: 100000,
      expireDate: expect.any(String),
    });
    expect((await call(sb(), "/shops", { token: res.body.token })).status).toBe(200);
  });

  it("issues a token for a JSON body", async () => {
    const res = await call(sb(), "/auth", {
      method: "POST",
      token: null,
      body: { login: "demo", password: "demo-password" },
    });
    expect(res.status).toBe(200);
    expect((await call(sb(), "/shops", { token: res.body.token })).status).toBe(200);
  });

  it("rejects a wrong password or login with 401", async () => {
    expect(
      (await call(sb(), "/auth", { method: "POST", token: null, body: { login: "demo", password: "x" } }))
        .status,
    ).toBe(401);
    expect(
      (await call(sb(), "/auth", { method: "POST", token: null, body: { login: "ghost", password: "x" } }))
        .status,
    ).toBe(401);
    expect((await call(sb(), "/auth", { method: "POST", token: null })).status).toBe(401);
  });

  it("answers 401 without a token, with a bad one and with a Bearer prefix", async () => {
    const missing = await call(sb(), "/shops", { token: null });
    expect(missing.status).toBe(401);
    expect(missing.body.error).toMatchObject({ statusCode: 401, name: "Unauthorized" });
    expect((await call(sb(), "/shops", { token: "bad" })).status).toBe(401);
    expect((await call(sb(), "/shops", { token: `Bearer ${sb().token}` })).status).toBe(401);
  });
});

describe("token lifetime", () => {
  let sandbox: Sandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
  });

  it("expires a token after its ttl on the injected clock", async () => {
    const clock = manualClock();
    sandbox = await startSandbox({ port: 0, orders: 20, clock, tokenTtlSeconds: 60 });
    const auth = await call(sandbox, "/auth", {
      method: "POST",
      token: null,
      body: { login: "demo", password: "demo-password" },
    });
    expect(auth.body.ttl).toBe(60);
    clock.advance(59_000);
    expect((await call(sandbox, "/shops", { token: auth.body.token })).status).toBe(200);
    clock.advance(1_000);
    expect((await call(sandbox, "/shops", { token: auth.body.token })).status).toBe(401);
    // The start tokens of the ready line do not expire.
    expect((await call(sandbox, "/shops")).status).toBe(200);
  });
});
