/**
 * GET /health of the bot process in polling mode (PORT set, as the Docker
 * image does): it reports that getUpdates succeeds and that the service answered.
 */
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { OPERATOR, useStack } from "./harness/stack.ts";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === "object" && address ? address.port : 0;
}

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
