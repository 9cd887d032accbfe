/**
 * Client overhead: the typed client (validation, query encoding, quota
 * bookkeeping, answer parsing) against raw ofetch with the same requests on
 * the same in-process sandbox. Target: at most 10% more time per call.
 * Both sides use the same transport settings (a 15 s timeout, no ofetch
 * retries): the figure is meant to be the cost of validation and parsing,
 * and a service client without a timeout is no baseline for production.
 * The means are the median of 20 interleaved rounds' means (100 calls a round): the GC
 * a call causes stays in its round, a round another process disturbed drops out. The
 * overheads are the median of each round's client ÷ raw, the two run back to back, so
 * a machine whose speed drifts between rounds (a shared 2-core VM's does) moves both.
 * Measured apart (canned answers, no socket), the client's own work reads 3-4 times
 * cheaper than here, where the sandbox, undici and the socket share its caches: so
 * only this, the call as it runs, is the figure.
 */
import { ofetch } from "ofetch";
import { createServiceClient } from "../src/service/index.ts";
import { compareInterleaved, medianPairedRatio, medianRoundMean, round } from "./measure.ts";
import type { BenchContext, BenchModule, BenchRow } from "./types.ts";

const TARGET = 0.1;
const ROUNDS = 20;
const PER_ROUND = 100;

export const clientOverhead: BenchModule = {
  name: "client overhead",
  async run({ sandbox, orderId, shopId }: BenchContext): Promise<BenchRow[]> {
    const timeoutMs = 15_000;
    const client = createServiceClient({ baseUrl: sandbox.url, token: sandbox.token, timeoutMs });
    const http = ofetch.create({
      baseURL: sandbox.url,
      headers: { authorization: sandbox.token },
      timeout: timeoutMs,
      retry: 0,
    });
    const calls = [
      {
        name: "orders list (50)",
        client: () => client.orders.list({ shopId, pageSize: 50 }),
        raw: () => http(`/shops/${shopId}/orders`, { query: { pageSize: 50 } }),
      },
      { name: "order get", client: () => client.orders.get(orderId), raw: () => http(`/orders/${orderId}`) },
      {
        name: "employees list",
        client: () => client.employees.list(shopId, { pageSize: 50 }),
        raw: () => http(`/shops/${shopId}/customers`, { query: { pageSize: 50 } }),
      },
    ];
    const rows: BenchRow[] = [];
    let rawTotal = 0;
    let clientAtRaw = 0; // each call's client time at its raw median: the ratio's weights
    for (const call of calls) {
      const samples = await compareInterleaved(call.client, call.raw, {
        warmup: 300,
        rounds: ROUNDS,
        perRound: PER_ROUND,
      });
      const c = medianRoundMean(samples.a, PER_ROUND);
      const r = medianRoundMean(samples.b, PER_ROUND);
      rawTotal += r;
      const paired = medianPairedRatio(samples.a, samples.b, PER_ROUND);
      clientAtRaw += paired * r;
      const overhead = paired - 1;
      rows.push(
        { name: `${call.name}: client mean`, value: round(c * 1000, 0), unit: "µs" },
        { name: `${call.name}: raw ofetch mean`, value: round(r * 1000, 0), unit: "µs" },
        {
          name: `${call.name}: client overhead`,
          value: round(overhead * 100, 1),
          unit: "%",
          target: `<= ${TARGET * 100}%`,
          ok: overhead <= TARGET,
        },
      );
    }
    const ratio = clientAtRaw / rawTotal;
    rows.push({
      name: "client/raw time ratio (3 calls)",
      value: round(ratio, 3),
      unit: "x",
      target: `<= ${1 + TARGET}`,
      ok: ratio <= 1 + TARGET,
    });
    return rows;
  },
};
