import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createServiceClient } from "../../src/service/index.ts";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/** A service that sends its headers and the start of a body, then nothing more. */
async function stallingService(): Promise<{ url: string; hits: () => number }> {
  let hits = 0;
  server = createServer((_req, res) => {
    hits++;
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"data":');
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits: () => hits };
}

describe("timeout", () => {
  it("covers the whole answer: a body that stalls after the headers ends as unavailable", async () => {
    const { url, hits } = await stallingService();
    const client = createServiceClient({
      baseUrl: url,
      token: "t",
      timeoutMs: 100,
      retry: { count: 1, baseDelayMs: 0 },
    });
    await expect(client.orders.get("o1")).rejects.toMatchObject({
      kind: "unavailable",
      message: expect.stringMatching(/timed out/),
    });
    expect(hits()).toBe(2); // a GET: one retry
  });

  it("a PATCH whose answer stalls times out and is not repeated", async () => {
    const { url, hits } = await stallingService();
    const client = createServiceClient({
      baseUrl: url,
      token: "t",
      timeoutMs: 100,
      retry: { count: 2, baseDelayMs: 0 },
    });
    await expect(client.orders.update("o1", { comment: "x" })).rejects.toMatchObject({ kind: "unavailable" });
    expect(hits()).toBe(1);
  });
});
