/**
 * vitest globalSetup: the Redis tests run against a real Redis. REDIS_TEST_URL
 * set: that one is used. Else a `redis-server` on PATH is started on a free
 * loopback port (no persistence) for the run and stopped after it. Else one
 * line says the Redis tests are skipped and how to run them.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { connect } from "node:net";
import { freePort } from "./helpers/free-port.ts";

const READY_WITHIN_MS = 5_000;

/** One PING over a raw socket: true when Redis answers +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.setTimeout(500, () => socket.destroy());
    socket.once("data", (data) => {
      resolve(data.toString().startsWith("+PONG"));
      socket.destroy();
    });
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("close", () => resolve(false));
    socket.once("error", () => resolve(false));
  });
}

async function startRedis(): Promise<{ url: string; child: ChildProcess } | { error: string }> {
  const port = await freePort();
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"];
  const child = spawn("redis-server", args, { stdio: "ignore" });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  child.once("error", () => {
    exited = true;
  });
  const deadline = Date.now() + READY_WITHIN_MS;
  while (!exited && Date.now() < deadline) {
    if (await ping(port)) return { url: `redis://127.0.0.1:${port}`, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  return { error: `redis-server did not answer on port ${port}` };
}

const HOW = "install redis-server, or set REDIS_TEST_URL=redis://host:port";

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.REDIS_TEST_URL) return undefined;
  if (spawnSync("redis-server", ["--version"]).error) {
    process.stderr.write(`Redis tests skipped: no redis-server on PATH (${HOW}).\n`);
    return undefined;
  }
  const started = await startRedis();
  if ("error" in started) {
    process.stderr.write(`Redis tests skipped: ${started.error} (${HOW}).\n`);
    return undefined;
  }
  // Workers are started after this and inherit the environment.
  process.env.REDIS_TEST_URL = started.url;
  // Stopped and waited for: nothing of the run stays behind.
  return async () => {
    const { child } = started;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 2_000);
    await exited;
    clearTimeout(timer);
  };
}
