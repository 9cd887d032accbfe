/**
 * `npm run bench`: runs each bench module against one in-process sandbox,
 * prints a table and, last, one JSON line `{"bench": [rows], "ok", "totalMs"}`.
 * To add figures, write a module (see types.ts) and list it in MODULES.
 */
import { startSandbox } from "../src/sandbox/index.ts";
import { clientOverhead } from "./client-overhead.ts";
import { clientParse } from "./client-parse.ts";
import { rawThroughput } from "./raw-throughput.ts";
import { formatTable, jsonLine } from "./report.ts";
import type { BenchModule, BenchRow } from "./types.ts";

const MODULES: BenchModule[] = [clientOverhead, clientParse, rawThroughput];

async function main(): Promise<void> {
  const started = performance.now();
  const sandbox = await startSandbox({ port: 0, seed: 1, orders: 500 });
  const rows: BenchRow[] = [];
  try {
    const shopId = sandbox.shops[0]?.id ?? "";
    const orderId = sandbox.store.orders.find((o) => o.shopId === shopId && o.isVisible)?.id ?? "";
    for (const module of MODULES) {
      const moduleStarted = performance.now();
      rows.push(...(await module.run({ sandbox, orderId, shopId })));
      process.stderr.write(
        `bench: ${module.name} took ${Math.round(performance.now() - moduleStarted)} ms\n`,
      );
    }
  } finally {
    await sandbox.close();
  }
  console.log(formatTable(rows));
  console.log(jsonLine(rows, performance.now() - started));
}

await main();
