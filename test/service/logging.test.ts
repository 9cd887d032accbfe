import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createServiceClient } from "../../src/service/index.ts";
import { BASE, intercept, list, useNock } from "./helpers.ts";

useNock();

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: "debug" }, stream), text: () => lines.join("") };
}

describe("logging", () => {
  it("logs method, path, status, duration and quota at debug, never secrets", async () => {
    const { logger, text } = capture();
    intercept("POST", 200, { token: "SECRET-TOKEN-123", ttl: 900, remainRequest: 99 });
    intercept("GET", 401, { error: { statusCode: 401, message: "expired" } });
    intercept("POST", 200, { token: "SECRET-TOKEN-456", ttl: 900, remainRequest: 98 });
    intercept("GET", 200, list([]));
    const client = createServiceClient({ baseUrl: BASE, login: "api-user", password: "P@ss-w0rd!", logger });
    await client.shops.list();
    const out = text();
    const entries = out
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({
        module: "service",
        method: "GET",
        path: "/shops",
        status: 200,
        quotaLeft: 90,
      }),
    );
    expect(entries).toContainEqual(expect.objectContaining({ method: "POST", path: "/auth", status: 200 }));
    expect(entries.every((e) => typeof e.durationMs === "number")).toBe(true);
    for (const secret of [
      "SECRET-TOKEN-123",
      "SECRET-TOKEN-456",
      "P@ss-w0rd!",
      "api-user",
      "authorization",
    ]) {
      expect(out.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  });

  it("error messages carry neither the token nor the password", async () => {
    intercept("POST", 200, { token: "SECRET-TOKEN-123", ttl: 900 });
    intercept("GET", 500, "boom", 3);
    const client = createServiceClient({
      baseUrl: BASE,
      login: "api-user",
      password: "P@ss-w0rd!",
      retry: { baseDelayMs: 0 },
    });
    const error = await client.shops.list().catch((e: unknown) => e);
    const shown = JSON.stringify(error) + String(error);
    expect(shown).not.toContain("SECRET-TOKEN-123");
    expect(shown).not.toContain("P@ss-w0rd!");
  });
});
