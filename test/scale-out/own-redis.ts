/**
 * A redis-server of one test alone, stopped and started on one port; its data
 * survives (append-only, as compose.yaml runs it). `start` while it runs does
 * nothing (a second server on the held port would fail, and stopping only that
 * one would leave the first running after the tests); `stop` stops every server
 * it started and waits until each has exited.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { eventually } from "./cluster.ts";

export function ownRedis(port: number, dir: string) {
  let child: ChildProcess | undefined;
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  return {
    /** The process id of the running server, if any. */
    get pid(): number | undefined {
      return running() ? child?.pid : undefined;
    },
    async start() {
      if (running()) return;
      const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--dir", dir];
      args.push("--appendonly", "yes", "--appendfsync", "always");
      child = spawn("redis-server", args, { stdio: "ignore" });
      const { Redis } = await import("ioredis");
      const probe = new Redis(port, "127.0.0.1", { lazyConnect: true, retryStrategy: () => null });
      probe.on("error", () => undefined);
      await eventually("redis-server answers", async () => {
        if (!running()) throw new Error(`redis-server on port ${port} exited at start`);
        try {
          await probe.connect();
          return (await probe.ping()) === "PONG";
        } catch {
          probe.disconnect();
          return false;
        }
      });
      probe.disconnect();
    },
    async stop() {
      const server = child;
      if (!server || !running()) return;
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGKILL");
      await exited;
    },
  };
}
