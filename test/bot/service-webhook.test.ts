/**
 * The service's webhooks: the verification header is echoed, a call without
 * the secret is refused and triggers nothing, an event triggers one mirror
 * sync, a retry of the same eventId (or a burst) no more, bad bodies are refused.
 */
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { type BotHttpServer, startHttpServer } from "../../src/bot/http/server.ts";
import { SERVICE_WEBHOOK_PATH, serviceWebhookRoute } from "../../src/bot/http/service-webhook.ts";
import { createMemoryStore } from "../../src/bot/storage.ts";

let server: BotHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start() {
  let syncs = 0;
  let t = 0;
  const route = serviceWebhookRoute({
    secret: "hook-secret-1",
    store: createMemoryStore(),
    syncNow: async () => {
      syncs++;
    },
    logger: pino({ level: "silent" }),
    now: () => t,
  });
  server = await startHttpServer({ port: 0, health: () => ({ ok: true }) as never, routes: [route] });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const post = (headers: Record<string, string>, body: string) =>
    fetch(`http://127.0.0.1:${port}${SERVICE_WEBHOOK_PATH}`, { method: "POST", headers, body });
  return {
    post,
    syncs: () => syncs,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

const event = (eventId: string) =>
  JSON.stringify({ eventId, action: { id: "1", name: "order" }, data: { id: "o1" } });
const secret = { "x-bot-secret": "hook-secret-1", "content-type": "application/json" };

describe("service webhook", () => {
  it("echoes the verification header with 200 and syncs nothing", async () => {
    const hook = await start();
    const answer = await hook.post({ "x-livesklad-verification": "abc123" }, "");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-livesklad-verification")).toBe("abc123");
    expect(await answer.text()).toBe("abc123");
    expect(hook.syncs()).toBe(0);
  });

  it("refuses a call without the secret, or with a wrong one", async () => {
    const hook = await start();
    expect((await hook.post({}, event("e1"))).status).toBe(401);
    expect((await hook.post({ "x-bot-secret": "guess" }, event("e1"))).status).toBe(401);
    expect(hook.syncs()).toBe(0);
  });

  it("an event syncs once; its retry and a burst within seconds do not sync again", async () => {
    const hook = await start();
    expect((await hook.post(secret, event("e1"))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    expect(hook.syncs()).toBe(1);
    await hook.post(secret, event("e1"));
    hook.advance(10_000);
    await hook.post(secret, event("e1"));
    await new Promise((r) => setTimeout(r, 20));
    expect(hook.syncs()).toBe(1);
    await hook.post(secret, event("e2"));
    await new Promise((r) => setTimeout(r, 20));
    expect(hook.syncs()).toBe(2);
  });

  it("a body that is not a JSON object is refused", async () => {
    const hook = await start();
    expect((await hook.post(secret, "not json")).status).toBe(400);
    expect((await hook.post(secret, "[1,2]")).status).toBe(400);
    expect(hook.syncs()).toBe(0);
  });
});
