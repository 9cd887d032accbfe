/**
 * The service's webhooks: the verification header is echoed, a call without
 * the secret is refused and triggers nothing, an event triggers one mirror
 * sync, a retry of the same eventId (or a burst) no more, bad bodies are refused.
 */
import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { type BotHttpServer, startHttpServer } from "../../../src/bot/http/server.ts";
import { SERVICE_WEBHOOK_PATH, serviceWebhookRoute } from "../../../src/bot/http/service-webhook.ts";
import { createFileStore, createMemoryStore, type Store } from "../../../src/bot/store/storage.ts";

let server: BotHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(store: Store = createMemoryStore()) {
  let syncs = 0;
  let t = 0;
  const route = serviceWebhookRoute({
    secret: "hook-secret-1",
    store,
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
    port,
    store,
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

  it("a declared body over 64 KB is refused with 413 and syncs nothing", async () => {
    const hook = await start();
    const big = JSON.stringify({ eventId: "big", pad: "x".repeat(70 * 1024) });
    expect((await hook.post(secret, big)).status).toBe(413);
    expect(hook.syncs()).toBe(0);
  });

  it("a chunked body is refused with 413 while it arrives, the connection closed, not read to its end", async () => {
    const hook = await start();
    const socket = connect(hook.port, "127.0.0.1");
    socket.on("error", () => {});
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
    });
    let closed = false;
    const done = new Promise<void>((resolve) => {
      const deadline = setTimeout(() => {
        socket.destroy();
        resolve();
      }, 6_000);
      socket.once("close", () => {
        closed = true;
        clearTimeout(deadline);
        resolve();
      });
    });
    socket.write(
      `POST ${SERVICE_WEBHOOK_PATH} HTTP/1.1\r\nHost: bot\r\nx-bot-secret: hook-secret-1\r\ntransfer-encoding: chunked\r\n\r\n`,
    );
    const chunk = "x".repeat(16 * 1024);
    let sent = 0;
    // Up to 32 MB: the answer must come long before, after about 64 KB.
    for (let i = 0; i < 2048 && !closed && text === "" && !socket.destroyed; i++) {
      socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      sent += chunk.length;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await done;
    expect(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1])).toBe(413);
    expect(closed).toBe(true);
    expect(sent).toBeLessThan(1024 * 1024);
    expect(hook.syncs()).toBe(0);
    // The server goes on: a real event after it syncs.
    expect((await hook.post(secret, event("after"))).status).toBe(200);
  });

  it("event ids are kept in their own short-lived namespace, not among the notification markers", async () => {
    const hook = await start();
    await hook.post(secret, event("e-own"));
    expect(await hook.store.adapter("service-events").read("e-own")).toBeDefined();
    expect(await hook.store.adapter("notified").read("service-webhook:e-own")).toBeUndefined();
  });

  it("a path-like event id (.., ../x, a.., /etc/x) writes nothing outside its folder, and is claimed once", async () => {
    const root = await mkdtemp(join(tmpdir(), "webhook-ids-"));
    const dataDir = join(root, "data");
    await mkdir(dataDir);
    try {
      const hook = await start(createFileStore(dataDir));
      const ids = ["..", ".", "../x", "a..", "..%2f..", "/etc/x", "a/../../b"];
      for (const id of ids) expect((await hook.post(secret, event(id))).status).toBe(200);
      await new Promise((r) => setTimeout(r, 20));
      expect(await readdir(root)).toEqual(["data"]);
      expect(await readdir(dataDir)).toEqual(["service-events"]);
      const syncs = hook.syncs();
      // Each one is remembered where it belongs: a retry of any of them syncs nothing more.
      hook.advance(10_000);
      for (const id of ids) await hook.post(secret, event(id));
      await new Promise((r) => setTimeout(r, 20));
      expect(hook.syncs()).toBe(syncs);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
  it("a long event id (non-Latin, 200 characters) syncs once and its retry does not (a file name has 255 bytes)", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "webhook-long-"));
    try {
      const hook = await start(createFileStore(dataDir));
      for (const id of ["я".repeat(200), `${"!".repeat(199)}x`, "\u0000".repeat(150)]) {
        hook.advance(10_000);
        const before = hook.syncs();
        expect((await hook.post(secret, event(id))).status).toBe(200);
        await new Promise((r) => setTimeout(r, 20));
        expect(hook.syncs()).toBe(before + 1);
        hook.advance(10_000);
        await hook.post(secret, event(id));
        await new Promise((r) => setTimeout(r, 20));
        expect(hook.syncs()).toBe(before + 1);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
