/**
 * The sandbox in a process of its own (`src/sandbox/cli.ts`), as a real service
 * would be: its CPU work does not compete with the bot's in one event loop.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

export interface SandboxProcess {
  url: string;
  token: string;
  shopId: string;
  close(): Promise<void>;
}

interface ReadyLine {
  sandbox: "ready";
  url: string;
  token: string;
  shops: { id: string }[];
}

function isReady(value: unknown): value is ReadyLine {
  return typeof value === "object" && value !== null && "sandbox" in value && value.sandbox === "ready";
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** `faults`: the sandbox's fault spec, e.g. "latency=20" for a service 20 ms away. */
export async function startSandboxProcess(faults?: string): Promise<SandboxProcess> {
  const cli = new URL("../src/sandbox/cli.ts", import.meta.url).pathname;
  const args = [
    cli,
    "--port",
    "0",
    "--seed",
    "1",
    "--orders",
    "500",
    ...(faults ? ["--faults", faults] : []),
  ];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  try {
    for await (const line of lines) {
      const parsed: unknown = JSON.parse(line);
      if (!isReady(parsed)) continue;
      lines.close();
      const shopId = parsed.shops[0]?.id;
      if (!shopId) throw new Error("bench: the sandbox lists no workshop");
      return { url: parsed.url, token: parsed.token, shopId, close: () => stop(child) };
    }
  } catch (error) {
    await stop(child);
    throw error;
  }
  throw new Error(`bench: the sandbox process ended before it was ready (exit ${child.exitCode})`);
}
