/**
 * The sandbox as a process whose faults can be changed while it runs (the CLI
 * sets them once at start). Same options and ready line as `npm run sandbox`;
 * then one JSON command per stdin line, each acknowledged on stdout:
 *   {"id":1,"faults":"error=0.2"}  {"id":2,"clear":true}  {"id":3,"expireTokens":true}
 *   {"id":4,"burst429":5}          {"id":5,"resetQuota":true}
 * The answer `{"ack":1,"requests":N}` carries the number of requests served so far.
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { pino } from "pino";
import { startSandbox } from "../../../src/sandbox/index.ts";

interface Command {
  id: number;
  faults?: string;
  clear?: boolean;
  expireTokens?: boolean;
  burst429?: number;
  resetQuota?: boolean;
}

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "0" },
    seed: { type: "string", default: "1" },
    orders: { type: "string", default: "500" },
    quota: { type: "string" },
    window: { type: "string", default: "900" },
    faults: { type: "string" },
    "token-ttl": { type: "string", default: "900" },
  },
});
const sandbox = await startSandbox({
  port: Number(values.port),
  seed: Number(values.seed),
  orders: Number(values.orders),
  quota: values.quota ? { limit: Number(values.quota), windowMs: Number(values.window) * 1000 } : undefined,
  faults: values.faults,
  tokenTtlSeconds: Number(values["token-ttl"]),
  logger: pino({ level: process.env.LOG_LEVEL ?? "warn", name: "sandbox" }, pino.destination(2)),
});
const { url, token, login, password, shops } = sandbox;
process.stdout.write(`${JSON.stringify({ sandbox: "ready", url, token, login, password, shops })}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === "") continue;
  const command = JSON.parse(line) as Command;
  if (command.clear) sandbox.faults.clear();
  if (command.faults) sandbox.faults.set(command.faults);
  if (command.expireTokens) sandbox.faults.expireTokens();
  if (command.burst429 !== undefined) sandbox.faults.burst429(command.burst429);
  if (command.resetQuota) sandbox.resetQuota();
  process.stdout.write(`${JSON.stringify({ ack: command.id, requests: sandbox.requestCount() })}\n`);
}
await sandbox.close();
