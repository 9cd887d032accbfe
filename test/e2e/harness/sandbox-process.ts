/**
 * The sandbox as a separate process: `npm run sandbox -- --port 0 ...` (the CLI),
 * or the controllable variant (sandbox-control-main.ts) whose faults a test can
 * change while it runs. Both print one JSON ready line with the demo credentials.
 */
import { Child } from "./child.ts";

export interface SandboxInfo {
  url: string;
  token: string;
  login: string;
  password: string;
  shops: { id: string; name: string }[];
}

interface SandboxCommand {
  faults?: string;
  clear?: boolean;
  expireTokens?: boolean;
  burst429?: number;
  resetQuota?: boolean;
}

export interface SandboxProcess {
  info: SandboxInfo;
  child: Child;
  /** Only for `controllable: true`; resolves with the requests served so far. */
  control(command: SandboxCommand): Promise<{ requests: number }>;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 20_000;
let commandId = 0;

export async function startSandboxProcess(
  options: { args?: string[]; controllable?: boolean } = {},
): Promise<SandboxProcess> {
  const script = options.controllable ? "test/e2e/harness/sandbox-control-main.ts" : "src/sandbox/cli.ts";
  const child = new Child("sandbox", [script, "--port", "0", ...(options.args ?? [])], {
    PATH: process.env.PATH,
    LOG_LEVEL: "warn",
  });
  const ready = await child.waitForLine(
    (l) => l.stream === "stdout" && parseJson(l.text)?.sandbox === "ready",
    READY_TIMEOUT_MS,
    "ready line",
  );
  const info = parseJson(ready.text) as unknown as SandboxInfo;
  return {
    info,
    child,
    async control(command) {
      if (!options.controllable) throw new Error("this sandbox was started by the CLI: not controllable");
      const id = ++commandId;
      child.write(JSON.stringify({ id, ...command }));
      const ack = await child.waitForLine(
        (l) => l.stream === "stdout" && parseJson(l.text)?.ack === id,
        5_000,
        `ack of command ${id}`,
      );
      return { requests: Number(parseJson(ack.text)?.requests) };
    },
    async stop() {
      await child.stop();
    },
  };
}

export function parseJson(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
