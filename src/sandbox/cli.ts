/**
 * `npm run sandbox -- [--port 8787] [--host 127.0.0.1] [--seed 1] [--orders 500]
 *   [--quota N --window SECONDS --quota-block 429|403] [--faults SPEC] [--grants FILE] [--token-ttl SECONDS] [--state FILE]
 *   [--control] [--others SECONDS] [--shapes real|legacy]`
 * `--shapes legacy` answers in the older shapes (numbers with a separator, a full order with `summ`, ...).
 * `--control` serves POST /_control/... (control.ts): change orders as the CRM's other users would;
 * `--others SECONDS` lets those users change a random order that often.
 * `--state FILE` keeps the data in a JSON file across restarts (see state-file.ts).
 * Prints one JSON line `{"sandbox":"ready",...}` on stdout when ready; logs go
 * to stderr (level from LOG_LEVEL, default info).
 */
import { parseArgs } from "node:util";
import pino from "pino";
import { startSandbox } from "./index.ts";

function number(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`--${name} needs a whole number, got "${value}"`);
  return parsed;
}

/** `--quota-block 403`: a spent quota answered as the service's documentation shows its block. */
function quotaBlock(value: string | undefined): "429" | "403" {
  if (value === undefined || value === "429" || value === "403") return value ?? "429";
  throw new Error(`--quota-block is 429 or 403, got "${value}"`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      seed: { type: "string" },
      orders: { type: "string" },
      quota: { type: "string" },
      window: { type: "string" },
      "quota-block": { type: "string" },
      faults: { type: "string" },
      grants: { type: "string" },
      "token-ttl": { type: "string" },
      state: { type: "string" },
      control: { type: "boolean" },
      others: { type: "string" },
      shapes: { type: "string" },
    },
    strict: true,
  });
  const logger = pino({ level: process.env.LOG_LEVEL ?? "info", name: "sandbox" }, pino.destination(2));
  const shapes = values.shapes ?? "real";
  if (shapes !== "real" && shapes !== "legacy")
    throw new Error(`--shapes is real or legacy, got "${shapes}"`);
  const quotaLimit = values.quota === undefined ? undefined : number("quota", values.quota, 100);
  const sandbox = await startSandbox({
    port: number("port", values.port, 8787),
    host: values.host ?? "127.0.0.1",
    seed: number("seed", values.seed, 1),
    orders: number("orders", values.orders, 500),
    quota:
      quotaLimit === undefined
        ? undefined
        : {
            limit: quotaLimit,
            windowMs: number("window", values.window, 900) * 1000,
            block: quotaBlock(values["quota-block"]),
          },
    faults: values.faults,
    grants: values.grants,
    tokenTtlSeconds: number("token-ttl", values["token-ttl"], 900),
    stateFile: values.state,
    control: values.control,
    othersEveryMs: values.others === undefined ? undefined : number("others", values.others, 0) * 1000,
    shapes,
    logger,
  });
  process.stdout.write(
    `${JSON.stringify({
      sandbox: "ready",
      url: sandbox.url,
      token: sandbox.token,
      login: sandbox.login,
      password: sandbox.password,
      restrictedToken: sandbox.restrictedToken,
      restrictedLogin: sandbox.restrictedLogin,
      restrictedPassword: sandbox.restrictedPassword,
      shops: sandbox.shops,
    })}\n`,
  );
  const stop = (signal: string): void => {
    logger.info({ signal }, "sandbox stopping");
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
