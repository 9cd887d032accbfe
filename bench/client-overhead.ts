/**
 * Client overhead: the typed client (validation, query encoding, quota
 * bookkeeping, answer parsing) against raw ofetch with the same requests on
 * the same in-process sandbox. Target: at most 10% more time per call.
 * Both sides use the same transport settings (a 15 s timeout, no ofetch
 * retries): the figure is meant to be the cost of validation and parsing,
 * and a service client without a timeout is no baseline for production.
 * Each figure is the median of 20 interleaved rounds' means (100 calls a round):
 * the GC a call causes stays in its round, a round another process disturbed drops out.
 */
import { ofetch } from "ofetch";
import { createServiceClient } from "../src/service/index.ts";
import { compareInterleaved, medianRoundMean, round } from "./measure.ts";
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
    let clientTotal = 0;
    let rawTotal = 0;
    for (const call of calls) {
      const samples = await compareInterleaved(call.client, call.raw, {
        warmup: 300,
        rounds: ROUNDS,
        perRound: PER_ROUND,
      });
      const c = medianRoundMean(samples.a, PER_ROUND);
      const r = medianRoundMean(samples.b, PER_ROUND);
      clientTotal += c;
      rawTotal += r;
      const overhead = c / r - 1;
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
    const ratio = clientTotal / rawTotal;
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
