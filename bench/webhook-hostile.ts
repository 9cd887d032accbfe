/**
 * The webhook server under attack, on loopback
 * against a server process of its own (webhook-server-child.ts) with the
 * production limits: 1,000 slow connections (held at most, time until all are
 * dropped, /health and a real update meanwhile), a 320 MB body with the secret
 * (bytes the attacker got out before the close, the server's RSS) and one without it.
 */
import { fork } from "node:child_process";
import { connect, type Socket } from "node:net";
import { DEFAULT_LIMITS } from "../src/bot/http/server.ts";
import { MAX_UPDATE_BYTES } from "../src/bot/http/telegram-webhook.ts";
import { messageUpdate, telegramUser } from "../test/helpers/updates.ts";
import { round } from "./measure.ts";
import { startCommand } from "./start-command.ts";
import type { BenchModule, BenchRow } from "./types.ts";
import { OPERATOR, SECRET, type ServerStats, WEBHOOK_PATH } from "./webhook-server-child.ts";

const SLOW_CONNECTIONS = 1_000;
const HUGE_BODY = 320 * 1024 * 1024;
const CHUNK = 64 * 1024;
/** No attack here runs longer than this. */
const ATTACK_DEADLINE_MS = 30_000;
const MB = 1024 * 1024;

interface ServerProcess {
  port: number;
  stats(message?: "stats" | "reset"): Promise<ServerStats>;
  stop(): Promise<void>;
}

async function startServer(): Promise<ServerProcess> {
  const path = new URL("./webhook-server-child.ts", import.meta.url).pathname;
  const child = fork(path, [], {
    execArgv: startCommand().nodeFlags,
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const next = () => new Promise<unknown>((resolve) => child.once("message", resolve));
  const { port } = (await next()) as { port: number };
  return {
    port,
    stats: async (message = "stats") => {
      const answer = next();
      child.send(message);
      return (await answer) as ServerStats;
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send("stop");
      await exited;
    },
  };
}

/** A connection that sends a request line and then one header line a second, never finishing. */
function slowConnection(port: number): { socket: Socket; closed: Promise<void> } {
  const socket = connect(port, "127.0.0.1");
  socket.on("error", () => {});
  const timer = setInterval(() => socket.write("X-Slow: 1\r\n"), 1_000);
  socket.once("connect", () => socket.write(`POST ${WEBHOOK_PATH} HTTP/1.1\r\nHost: bot\r\n`));
  const closed = new Promise<void>((resolve) =>
    socket.once("close", () => {
      clearInterval(timer);
      resolve();
    }),
  );
  return { socket, closed };
}

async function timed<T>(action: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await action();
  return { value, ms: performance.now() - started };
}

async function slowAttack(server: ServerProcess): Promise<BenchRow[]> {
  await server.stats("reset");
  const attackers = Array.from({ length: SLOW_CONNECTIONS }, () => slowConnection(server.port));
  await Promise.all(attackers.map((a) => new Promise((resolve) => a.socket.once("connect", resolve))));
  const opened = performance.now();
  const base = `http://127.0.0.1:${server.port}`;
  const health = await timed(() => fetch(`${base}/health`).then((r) => r.status));
  const update = JSON.stringify(messageUpdate(telegramUser(OPERATOR), "/help", 1));
  const post = await timed(() =>
    fetch(`${base}${WEBHOOK_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
      body: update,
    }).then((r) => r.status),
  );
  const deadline = new Promise<void>((resolve) => setTimeout(resolve, ATTACK_DEADLINE_MS).unref());
  await Promise.race([Promise.all(attackers.map((a) => a.closed)), deadline]);
  const droppedS = (performance.now() - opened) / 1000;
  const left = attackers.filter((a) => !a.socket.destroyed).length;
  for (const a of attackers) a.socket.destroy();
  const stats = await server.stats();
  const headersS = DEFAULT_LIMITS.headersTimeoutMs / 1000;
  return [
    {
      name: `webhook: slow connections held at most (${SLOW_CONNECTIONS} opened)`,
      value: stats.peakOpen,
      unit: "connections",
      target: `<= ${DEFAULT_LIMITS.maxConnections}`,
      ok: stats.peakOpen <= DEFAULT_LIMITS.maxConnections,
    },
    {
      name: "webhook: all slow connections dropped after",
      value: round(droppedS, 1),
      unit: "s",
      target: `<= ${headersS + 2} s (header timeout ${headersS} s)`,
      ok: left === 0 && droppedS <= headersS + 2,
    },
    { name: "  of them closed at the cap for newer ones", value: stats.evicted, unit: "connections" },
    {
      name: "webhook: GET /health during the attack",
      value: round(health.ms, 1),
      unit: "ms",
      target: "200",
      ok: health.value === 200,
    },
    {
      name: "webhook: a real update during the attack",
      value: round(post.ms, 1),
      unit: "ms",
      target: "200",
      ok: post.value === 200,
    },
  ];
}

/** Sends up to HUGE_BODY bytes (chunked) until the server closes; samples its RSS meanwhile. */
async function hugeBody(
  server: ServerProcess,
  secret: string,
): Promise<{ sentMb: number; peakRssMb: number; status: string }> {
  const socket = connect(server.port, "127.0.0.1");
  let answer = "";
  socket.on("data", (chunk) => {
    answer += chunk.toString("latin1");
  });
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  await new Promise((resolve) => socket.once("connect", resolve));
  let peakRssMb = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakRssMb = Math.max(peakRssMb, (await server.stats()).rssMb);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  socket.write(
    `POST ${WEBHOOK_PATH} HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\n` +
      `X-Telegram-Bot-Api-Secret-Token: ${secret}\r\nTransfer-Encoding: chunked\r\n\r\n`,
  );
  const chunk = `${CHUNK.toString(16)}\r\n${"x".repeat(CHUNK)}\r\n`;
  let sent = 0;
  const started = performance.now();
  while (
    sent < HUGE_BODY &&
    !socket.destroyed &&
    !socket.writableEnded &&
    performance.now() - started < ATTACK_DEADLINE_MS
  ) {
    if (!socket.write(chunk)) {
      await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), closed]);
    }
    sent += CHUNK;
  }
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  socket.destroy();
  sampling = false;
  await sampler;
  return { sentMb: sent / MB, peakRssMb, status: answer.split("\r\n")[0] ?? "" };
}

export const webhookHostile: BenchModule = {
  name: "webhook hostile",
  async run(): Promise<BenchRow[]> {
    const server = await startServer();
    try {
      const rows = await slowAttack(server);
      const before = await server.stats();
      const withSecret = await hugeBody(server, SECRET);
      const without = await hugeBody(server, "not-the-secret-0123456789");
      const capMb = MAX_UPDATE_BYTES / MB;
      rows.push(
        {
          name: `webhook: sent of a 320 MB body with the secret until the close (${withSecret.status})`,
          value: round(withSecret.sentMb, 1),
          unit: "MB",
          target: `answered 413, <= ${capMb + 8} MB sent (cap ${capMb} MB + socket buffers)`,
          ok: withSecret.status.includes("413") && withSecret.sentMb <= capMb + 8,
        },
        {
          name: "webhook: server RSS at most during that body / before",
          value: round(withSecret.peakRssMb, 1),
          unit: `MB (before ${round(before.rssMb, 1)})`,
          target: `<= before + 16 MB`,
          ok: withSecret.peakRssMb <= before.rssMb + 16,
        },
        {
          name: `webhook: sent of a 320 MB body without the secret until the close (${without.status})`,
          value: round(without.sentMb, 1),
          unit: "MB",
          target: "answered 401, <= 8 MB sent (socket buffers)",
          ok: without.status.includes("401") && without.sentMb <= 8,
        },
      );
      return rows;
    } finally {
      await server.stop();
    }
  },
};
