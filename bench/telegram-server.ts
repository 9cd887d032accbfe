/**
 * Starts telegram-server-child.ts, the lean fake Bot API over HTTP, and hands
 * back its root for grammY's `client.apiRoot` (as sandbox-process.ts starts the
 * sandbox).
 */
import { spawn } from "node:child_process";
import { readyLine, stopProcess } from "./sandbox-process.ts";

export interface TelegramServer {
  /** For grammY's `client.apiRoot`: `${apiRoot}/bot<token>/<method>`. */
  apiRoot: string;
  stop(): Promise<void>;
}

function portOf(parsed: unknown): number | undefined {
  if (typeof parsed !== "object" || parsed === null || !("port" in parsed)) return undefined;
  return typeof parsed.port === "number" ? parsed.port : undefined;
}

export async function startTelegramServer(): Promise<TelegramServer> {
  const child = spawn(process.execPath, [new URL("./telegram-server-child.ts", import.meta.url).pathname], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await readyLine(child, portOf);
  if (port === undefined)
    throw new Error(`bench: the fake Telegram process ended before it listened (exit ${child.exitCode})`);
  return { apiRoot: `http://127.0.0.1:${port}`, stop: () => stopProcess(child) };
}
