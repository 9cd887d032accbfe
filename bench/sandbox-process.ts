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

/** Ends a bench's child process and waits until it has exited. */
export function stopProcess(child: ChildProcess): Promise<void> {
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
  const ready = await readyLine(child, (parsed) => (isReady(parsed) ? parsed : undefined));
  if (!ready)
    throw new Error(`bench: the sandbox process ended before it was ready (exit ${child.exitCode})`);
  const shopId = ready.shops[0]?.id;
  if (!shopId) {
    await stopProcess(child);
    throw new Error("bench: the sandbox lists no workshop");
  }
  return { url: ready.url, token: ready.token, shopId, close: () => stopProcess(child) };
}

/**
 * The first JSON line on a child's stdout that `pick` accepts; undefined when the child
 * ends first. The child is stopped when its output is not JSON.
 */
export async function readyLine<T>(
  child: ChildProcess,
  pick: (parsed: unknown) => T | undefined,
): Promise<T | undefined> {
  if (!child.stdout) throw new Error("bench: the child process has no stdout pipe");
  const lines = createInterface({ input: child.stdout });
  try {
    for await (const line of lines) {
      const picked = pick(JSON.parse(line));
      if (picked !== undefined) return picked;
    }
  } catch (error) {
    await stopProcess(child);
    throw error;
  } finally {
    lines.close();
  }
  return undefined;
}
