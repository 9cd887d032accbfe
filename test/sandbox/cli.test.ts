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
