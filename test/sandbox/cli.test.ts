import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";

describe("sandbox CLI", () => {
  it("prints one ready line on stdout, serves, and stops on SIGTERM", async () => {
    const child = spawn(
      process.execPath,
      ["src/sandbox/cli.ts", "--port", "0", "--orders", "30", "--seed", "2"],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const lines = createInterface({ input: child.stdout });
    const first = await new Promise<string>((resolve, reject) => {
      lines.once("line", resolve);
      child.once("exit", (code) => reject(new Error(`exited ${code}`)));
    });
    const ready = JSON.parse(first);
    expect(ready).toMatchObject({
      sandbox: "ready",
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      token: expect.any(String),
      login: "demo",
      password: expect.any(String),
      restrictedToken: expect.any(String),
      restrictedLogin: "restricted",
      restrictedPassword: expect.any(String),
    });
    expect(ready.shops.length).toBeGreaterThanOrEqual(2);
    const res = await fetch(`${ready.url}/shops`, { headers: { authorization: ready.token } });
    expect(res.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("answers in the legacy shapes with --shapes legacy, and refuses an unknown shape", async () => {
    const legacy = spawn(
      process.execPath,
      ["src/sandbox/cli.ts", "--port", "0", "--orders", "30", "--shapes", "legacy"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    const first = await new Promise<string>((resolve, reject) => {
      createInterface({ input: legacy.stdout }).once("line", resolve);
      legacy.once("exit", (code) => reject(new Error(`exited ${code}`)));
    });
    const ready = JSON.parse(first);
    const res = await fetch(`${ready.url}/company/orders?pageSize=1`, {
      headers: { authorization: ready.token },
    });
    const { data } = (await res.json()) as { data: { number: string }[] };
    expect(data[0]?.number).toMatch(/^[АБВ]-\d{6}$/);
    const exited = new Promise<number | null>((resolve) => legacy.once("exit", resolve));
    legacy.kill("SIGTERM");
    expect(await exited).toBe(0);

    const wrong = spawn(process.execPath, ["src/sandbox/cli.ts", "--port", "0", "--shapes", "old"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    wrong.stderr.on("data", (chunk) => {
      stderr += String(chunk);
    });
    expect(await new Promise<number | null>((resolve) => wrong.once("exit", resolve))).toBe(1);
    expect(stderr).toContain("--shapes is real or legacy");
  });

  it("refuses a bad faults spec", async () => {
    const child = spawn(
      process.execPath,
      ["src/sandbox/cli.ts", "--port", "0", "--orders", "5", "--faults", "nope=1"],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += String(chunk);
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toContain("faults");
  });
});
