/**
 * The webhook server as an attacker meets it, on a loopback port with short
 * limits: a wrong secret is refused before any body is read, a body over the
 * cap is refused while it arrives, bad JSON is 400, slow connections never
 * exceed the cap and are dropped, and /health and real updates get through
 * throughout. Every loop is bounded in count and time.
 */
import { connect, type Socket } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLiveness } from "../../../src/bot/http/health.ts";
import { type BotHttpServer, startHttpServer } from "../../../src/bot/http/server.ts";
import { webhookRoute } from "../../../src/bot/http/telegram-webhook.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { createTestBot, type TestBot } from "../../helpers/test-bot.ts";
import { messageUpdate, telegramUser } from "../../helpers/updates.ts";

const SECRET = "hostile-test-secret_0123456789";
const MAX_BODY = 64 * 1024;
const CAP = 20;
const LIMITS = {
  headersTimeoutMs: 600,
  requestTimeoutMs: 1_200,
  keepAliveTimeoutMs: 500,
  checkIntervalMs: 100,
  maxConnections: CAP,
};
/** No test here waits longer than this for the server to drop a connection. */
const DROP_DEADLINE_MS = 6_000;
const OPERATOR = 5;

let sandbox: Sandbox;
let t: TestBot;
let http: BotHttpServer;
let updateId = 100;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  t = await createTestBot({ sandbox, operators: [OPERATOR] });
  const route = webhookRoute(
    t.bot,
    { url: "https://bot.example/tg", secret: SECRET, maxBodyBytes: MAX_BODY },
    pino({ level: "silent" }),
  );
  http = await startHttpServer({
    port: 0,
    health: createLiveness({ mode: "webhook" }).report,
    routes: [route],
    limits: LIMITS,
  });
});

afterAll(async () => {
  await http.close();
  await t.close();
  await sandbox.close();
});

interface Raw {
  socket: Socket;
  /** Everything the server sent, once it closed the connection (or the deadline passed). */
  closed: Promise<{ text: string; byServer: boolean }>;
}

function raw(head?: string): Raw {
  const socket = connect(http.port, "127.0.0.1");
  let text = "";
  socket.on("data", (chunk) => {
    text += chunk.toString("latin1");
  });
  socket.on("error", () => {});
  const closed = new Promise<{ text: string; byServer: boolean }>((resolve) => {
    const deadline = setTimeout(() => {
      socket.destroy();
      resolve({ text, byServer: false });
    }, DROP_DEADLINE_MS);
    socket.once("close", () => {
      clearTimeout(deadline);
      resolve({ text, byServer: true });
    });
  });
  if (head !== undefined) socket.write(head);
  return { socket, closed };
}

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);

function head(headers: Record<string, string | number>): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `POST /tg HTTP/1.1\r\nHost: bot\r\n${lines.join("\r\n")}\r\n\r\n`;
}

function post(body: string, secret = SECRET): Promise<Response> {
  return fetch(`http://127.0.0.1:${http.port}/tg`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
    body,
  });
}

function helpUpdate(): string {
  return JSON.stringify(messageUpdate(telegramUser(OPERATOR, { languageCode: "en" }), "/help", updateId++));
}

async function botAnswersHelp(): Promise<void> {
  const before = t.telegram.botMessages(OPERATOR).length;
  expect((await post(helpUpdate())).status).toBe(200);
  expect(t.telegram.botMessages(OPERATOR).length).toBe(before + 1);
  expect(t.telegram.botMessages(OPERATOR).at(-1)?.text).toContain("What I can do");
}

describe("webhook under hostile load", () => {
  it("refuses a wrong or missing secret with 401 and closes before reading the announced body", async () => {
    const calls = t.telegram.calls.length;
    const wrong: Record<string, string> = { "x-telegram-bot-api-secret-token": "wrong-secret-0123456789" };
    for (const secret of [wrong, {}]) {
      const attempt = raw(head({ ...secret, "content-type": "application/json", "content-length": 50e6 }));
      const { text, byServer } = await attempt.closed;
      expect(statusOf(text)).toBe(401);
      expect(byServer).toBe(true);
    }
    expect(t.telegram.calls.length).toBe(calls);
  });

  it("refuses a declared body over the cap with 413 before reading it", async () => {
    const attempt = raw(head({ "x-telegram-bot-api-secret-token": SECRET, "content-length": MAX_BODY + 1 }));
    const { text, byServer } = await attempt.closed;
    expect(statusOf(text)).toBe(413);
    expect(byServer).toBe(true);
  });

  it("refuses a chunked body with 413 as soon as it passes the cap, while it is still arriving", async () => {
    const attempt = raw(head({ "x-telegram-bot-api-secret-token": SECRET, "transfer-encoding": "chunked" }));
    let answered = false;
    void attempt.closed.then(() => {
      answered = true;
    });
    const chunk = "x".repeat(16 * 1024);
    let sent = 0;
    // At most 4 MB, 64 times the cap: the answer must come long before.
    for (let i = 0; i < 256 && !answered && !attempt.socket.destroyed; i++) {
      attempt.socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      sent += chunk.length;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const { text, byServer } = await attempt.closed;
    expect(statusOf(text)).toBe(413);
    expect(byServer).toBe(true);
    expect(sent).toBeLessThan(4 * 1024 * 1024);
    await botAnswersHelp();
  });

  it("answers 400 to a body that is no JSON update, and the bot goes on", async () => {
    expect((await post("{")).status).toBe(400);
    expect((await post("[1,2]")).status).toBe(400);
    expect((await post('{"update_id":"x"}')).status).toBe(400);
    expect((await post("")).status).toBe(400);
    await botAnswersHelp();
  });

  it("holds at most the cap of slow connections, drops them, and serves /health and updates meanwhile", async () => {
    const attackers: Raw[] = [];
    let most = 0;
    for (let i = 0; i < CAP * 3; i++) {
      // Silent, dribbling headers, or a never-ending body behind a wrong secret.
      const attacker = raw(i % 3 === 0 ? undefined : "POST /tg HTTP/1.1\r\nHost: bot\r\n");
      attackers.push(attacker);
      await new Promise((resolve) => attacker.socket.once("connect", resolve));
      most = Math.max(most, http.counts().open);
    }
    const dribble = setInterval(() => {
      for (const a of attackers) if (!a.socket.destroyed) a.socket.write("X-Slow: 1\r\n");
    }, 100);
    try {
      const health = await fetch(`http://127.0.0.1:${http.port}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ ok: true, mode: "webhook" });
      most = Math.max(most, http.counts().open);
      await botAnswersHelp();
      const ends = await Promise.all(attackers.map((a) => a.closed));
      // Every slow connection was dropped by the server (evicted, or 408 at the header timeout).
      expect(ends.filter((end) => !end.byServer)).toEqual([]);
      expect(ends.some((end) => statusOf(end.text) === 408)).toBe(true);
    } finally {
      clearInterval(dribble);
    }
    expect(most).toBeLessThanOrEqual(CAP);
    expect(http.counts().evicted).toBeGreaterThan(0);
  });

  it("refuses new connections only when every open one carries a request, until those time out", async () => {
    // Requests with the secret whose bodies never finish: busy, so not evicted.
    const busy = Array.from({ length: CAP }, () =>
      raw(head({ "x-telegram-bot-api-secret-token": SECRET, "content-length": 1000 })),
    );
    await Promise.all(busy.map((b) => new Promise((resolve) => b.socket.once("connect", resolve))));
    // Let the server see their headers.
    for (let i = 0; i < 50 && http.counts().open < CAP; i++) await new Promise((r) => setTimeout(r, 20));
    const refusedBefore = http.counts().refused;
    const extra = raw();
    const { byServer } = await extra.closed;
    expect(byServer).toBe(true);
    expect(http.counts().refused).toBe(refusedBefore + 1);
    const ends = await Promise.all(busy.map((b) => b.closed));
    expect(ends.map((end) => statusOf(end.text))).toEqual(ends.map(() => 408));
    const health = await fetch(`http://127.0.0.1:${http.port}/health`);
    expect(health.status).toBe(200);
  });

  it("closes an idle keep-alive connection after a short wait", async () => {
    const body = helpUpdate();
    const conn = raw(
      `${head({ "x-telegram-bot-api-secret-token": SECRET, "content-type": "application/json", "content-length": Buffer.byteLength(body) })}${body}`,
    );
    const { text, byServer } = await conn.closed;
    expect(statusOf(text)).toBe(200);
    expect(byServer).toBe(true);
  });
});
