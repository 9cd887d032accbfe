/**
 * What the bot adds to a lookup beyond the service call: from handleUpdate
 * start to the outgoing sendMessage, minus the time the service call took
 * (from the client handing the request to fetch to its onRequest report, which
 * comes after parsing; onRequest's own durationMs is rounded to whole ms, too
 * coarse here). One chat, lookups one after another, sandbox in its own process.
 */
import { round, summarize } from "./measure.ts";
import { remoteBot, someOrderNum } from "./remote-bot.ts";
import { startSandboxProcess } from "./sandbox-process.ts";
import type { BenchModule, BenchRow } from "./types.ts";

const WARMUP = 300;
const ITERATIONS = 2_000;
const USER = 6_001;
/** The issue names no figure; these are the bench's own bar for "the bot is not the slow part". */
const TARGET_P50_MS = 2;
const TARGET_P99_MS = 10;

export const lookupLatency: BenchModule = {
  name: "lookup latency",
  async run(): Promise<BenchRow[]> {
    const sandbox = await startSandboxProcess();
    try {
      const num = await someOrderNum(sandbox);
      let fetchedAt = 0;
      let serviceMs = 0;
      let requests = 0;
      let sentAt = 0;
      const bot = remoteBot(sandbox, {
        operators: [USER],
        onFetch: () => {
          fetchedAt = performance.now();
        },
        onRequest: (event) => {
          if (event.status !== 200) throw new Error(`bench: service answered ${event.status}`);
          serviceMs += performance.now() - fetchedAt;
          requests++;
        },
        onTelegramCall: (method) => {
          if (method === "sendMessage") sentAt = performance.now();
        },
      });
      const added: number[] = [];
      const total: number[] = [];
      const service: number[] = [];
      for (let i = 0; i < WARMUP + ITERATIONS; i++) {
        serviceMs = 0;
        requests = 0;
        sentAt = 0;
        const started = performance.now();
        await bot.handleUpdate(bot.lookupUpdate(USER, num));
        if (requests !== 1 || sentAt === 0) throw new Error(`bench: lookup made ${requests} requests`);
        if (i < WARMUP) continue;
        total.push(sentAt - started);
        service.push(serviceMs);
        added.push(sentAt - started - serviceMs);
      }
      const a = summarize(added);
      const s = summarize(service);
      const t = summarize(total);
      const ms = (value: number) => round(value, 3);
      return [
        { name: "lookup: until sendMessage, p50", value: ms(t.p50Ms), unit: "ms" },
        { name: "lookup: service call (fetch..parsed), p50", value: ms(s.p50Ms), unit: "ms" },
        {
          name: "lookup: added by the bot, p50",
          value: ms(a.p50Ms),
          unit: "ms",
          target: `<= ${TARGET_P50_MS} ms`,
          ok: a.p50Ms <= TARGET_P50_MS,
        },
        {
          name: "lookup: added by the bot, p99",
          value: ms(a.p99Ms),
          unit: "ms",
          target: `<= ${TARGET_P99_MS} ms`,
          ok: a.p99Ms <= TARGET_P99_MS,
        },
      ];
    } finally {
      await sandbox.close();
    }
  },
};
