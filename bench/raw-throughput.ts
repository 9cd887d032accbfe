/** Raw ofetch requests per second against the in-process sandbox over loopback. */
import { ofetch } from "ofetch";
import { round, throughput } from "./measure.ts";
import type { BenchContext, BenchModule, BenchRow } from "./types.ts";

const CONCURRENCY = 8;

export const rawThroughput: BenchModule = {
  name: "raw throughput",
  async run({ sandbox, orderId, shopId }: BenchContext): Promise<BenchRow[]> {
    const http = ofetch.create({ baseURL: sandbox.url, headers: { authorization: sandbox.token } });
    const options = { concurrency: CONCURRENCY, durationMs: 3_000, warmupMs: 500 };
    const lookups = await throughput(
      () => http(`/shops/${shopId}/orders`, { query: { num: 1042 } }),
      options,
    );
    const gets = await throughput(() => http(`/orders/${orderId}`), options);
    return [
      {
        name: `raw ofetch req/s: order lookup by num (c=${CONCURRENCY})`,
        value: round(lookups, 0),
        unit: "req/s",
      },
      { name: `raw ofetch req/s: order get (c=${CONCURRENCY})`, value: round(gets, 0), unit: "req/s" },
    ];
  },
};
