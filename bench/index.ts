/**
 * `npm run bench`: runs each bench module against one in-process sandbox,
 * prints a table and, last, one JSON line `{"bench": [rows], "ok", "totalMs"}`.
 * To add figures, write a module (see types.ts) and list it in MODULES.
 * `npm run bench -- requests latency` runs only the modules whose names contain a word.
 */
import { startSandbox } from "../src/sandbox/index.ts";
import { bigCompany } from "./big-company.ts";
import { clientOverhead } from "./client-overhead.ts";
import { clientParse } from "./client-parse.ts";
import { clientReadyQuiet } from "./client-ready-quiet.ts";
import { clientSide } from "./client-side.ts";
import { clientsBench } from "./clients.ts";
import { deskRequests } from "./desk-requests.ts";
import { diagnosisBench } from "./diagnosis.ts";
import { dialogRss } from "./dialog-rss.ts";
import { dialogStorage } from "./dialog-storage.ts";
import { i18nCard } from "./i18n-card.ts";
import { intakeInteractions } from "./intake-interactions.ts";
import { lookupLatency } from "./lookup-latency.ts";
import { lookupThroughput } from "./lookup-throughput.ts";
import { metricsOverhead } from "./metrics-overhead.ts";
import { miniAppBench } from "./mini-app.ts";
import { mirrorBackfill } from "./mirror-backfill.ts";
import { mirrorBot } from "./mirror-bot.ts";
import { mirrorSearch } from "./mirror-search.ts";
import { mirrorShopDay } from "./mirror-shop-day.ts";
import { mirrorSync } from "./mirror-sync.ts";
import { mirrorWrites } from "./mirror-writes.ts";
import { mistypedLoad } from "./mistyped-load.ts";
import { paperBench } from "./paper.ts";
import { paymentsBench } from "./payments.ts";
import { formatTable, jsonLine } from "./report.ts";
import { requestsPerAction } from "./requests-per-action.ts";
import { reserveLoad } from "./reserve-load.ts";
import type { BenchModule, BenchRow } from "./types.ts";
import { webhookHostile } from "./webhook-hostile.ts";

const MODULES: BenchModule[] = [
  requestsPerAction,
  intakeInteractions,
  diagnosisBench,
  lookupThroughput,
  lookupLatency,
  dialogStorage,
  dialogRss,
  clientOverhead,
  clientParse,
  i18nCard,
  webhookHostile,
  mirrorSync,
  mirrorBackfill,
  mirrorSearch,
  mirrorBot,
  mirrorWrites,
  mirrorShopDay,
  bigCompany,
  mistypedLoad,
  deskRequests,
  clientSide,
  paymentsBench,
  clientReadyQuiet,
  clientsBench,
  miniAppBench,
  reserveLoad,
  paperBench,
  metricsOverhead,
];

function selected(modules: BenchModule[]): BenchModule[] {
  const words = process.argv.slice(2);
  return words.length === 0 ? modules : modules.filter((m) => words.some((w) => m.name.includes(w)));
}

async function main(): Promise<void> {
  const started = performance.now();
  const sandbox = await startSandbox({ port: 0, seed: 1, orders: 500 });
  const rows: BenchRow[] = [];
  try {
    const shopId = sandbox.shops[0]?.id ?? "";
    const orderId = sandbox.store.orders.find((o) => o.shopId === shopId && o.isVisible)?.id ?? "";
    for (const module of selected(MODULES)) {
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
// A module that leaves a socket or timer behind must not keep the bench from ending:
// name what is left (so it can be fixed) and end anyway.
const left = process.getActiveResourcesInfo().filter((kind) => kind !== "TTYWrap");
if (left.length > 0) process.stderr.write(`bench: still open at the end: ${left.join(", ")}\n`);
process.exit(0);
