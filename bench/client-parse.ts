/**
 * Where the client's overhead goes: CPU time of answer parsing alone (the zod
 * answer schemas on bodies captured from the sandbox), next to JSON.parse of
 * the same text. No network: this is the part the overhead ratio attributes
 * to validation and parsing.
 */
import { listEnvelope, oneEnvelope } from "../src/service/schemas/envelope.ts";
import { order } from "../src/service/schemas/order.ts";
import { round } from "./measure.ts";
import type { BenchContext, BenchModule, BenchRow } from "./types.ts";

function cpuMicros(fn: () => unknown, iterations: number): number {
  for (let i = 0; i < Math.ceil(iterations / 5); i++) fn();
  const started = performance.now();
  for (let i = 0; i < iterations; i++) fn();
  return ((performance.now() - started) / iterations) * 1000;
}

export const clientParse: BenchModule = {
  name: "client parse",
  async run({ sandbox, orderId, shopId }: BenchContext): Promise<BenchRow[]> {
    const get = async (path: string) =>
      (await fetch(`${sandbox.url}${path}`, { headers: { authorization: sandbox.token } })).text();
    const listText = await get(`/shops/${shopId}/orders?pageSize=50`);
    const oneText = await get(`/orders/${orderId}`);
    const listBody: unknown = JSON.parse(listText);
    const oneBody: unknown = JSON.parse(oneText);
    const listSchema = listEnvelope(order);
    const oneSchema = oneEnvelope(order);
    return [
      {
        name: "orders list (50): zod answer parse",
        value: round(
          cpuMicros(() => listSchema.safeParse(listBody), 2_000),
          0,
        ),
        unit: "µs",
      },
      {
        name: "orders list (50): JSON.parse",
        value: round(
          cpuMicros(() => JSON.parse(listText), 2_000),
          0,
        ),
        unit: "µs",
      },
      {
        name: "order get: zod answer parse",
        value: round(
          cpuMicros(() => oneSchema.safeParse(oneBody), 10_000),
          0,
        ),
        unit: "µs",
      },
    ];
  },
};
