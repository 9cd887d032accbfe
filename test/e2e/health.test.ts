import { describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port.ts";
import { OPERATOR, useStack } from "./harness/stack.ts";

const port = await freePort();
const stack = useStack({ botEnv: { PORT: String(port) } });

describe("health in polling mode", () => {
  it("reports recent getUpdates and a service that answers", async () => {
    // A lookup: one getUpdates that brought an update, and one service request.
    expect((await stack().telegram.user(OPERATOR).say("1042")).text).toContain("1042");
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);
    const body = (await health.json()) as Record<string, { [key: string]: unknown }>;
    expect(body).toMatchObject({ ok: true, mode: "polling", service: { answering: true } });
    expect(body.telegram?.lastUpdatesAgoS).toEqual(expect.any(Number));
  });

  it("answers 404 on any other path and is no webhook", async () => {
    expect((await fetch(`http://127.0.0.1:${port}/telegram/webhook`, { method: "POST" })).status).toBe(404);
  });
});
