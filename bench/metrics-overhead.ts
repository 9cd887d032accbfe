/**
 * What the operator's figures cost a service request: the client's `onRequest`
 * hook as main.ts wires it (metrics.serviceRequest), timed alone per call, and
 * set against one GET /orders/{id} of the typed client over loopback.
 */
import { createMetrics } from "../src/bot/metrics/index.ts";
import { createServiceClient, type RequestEvent } from "../src/service/index.ts";
import type { BenchModule } from "./types.ts";

const CALLS = 1_000_000;
const REQUESTS = 300;

export const metricsOverhead: BenchModule = {
  name: "metrics-overhead",
  async run({ sandbox, orderId }) {
    const metrics = createMetrics();
    const event: RequestEvent = {
      method: "GET",
      path: "/orders/x",
      status: 200,
      durationMs: 1,
      purpose: "read",
      use: "read",
    };
    for (let i = 0; i < 100_000; i++) metrics.serviceRequest(event);
    const started = performance.now();
    for (let i = 0; i < CALLS; i++) metrics.serviceRequest(event);
    const hookNs = ((performance.now() - started) * 1e6) / CALLS;

    const client = createServiceClient({
      baseUrl: sandbox.url,
      token: sandbox.token,
      onRequest: metrics.serviceRequest,
    });
    for (let i = 0; i < 30; i++) await client.orders.get(orderId);
    const sent = performance.now();
    for (let i = 0; i < REQUESTS; i++) await client.orders.get(orderId);
    const requestNs = ((performance.now() - sent) * 1e6) / REQUESTS;
    const share = (hookNs / requestNs) * 100;
    return [
      {
        name: "metrics: the service request hook, per call",
        value: Math.round(hookNs),
        unit: "ns",
        target: "<= 1000",
        ok: hookNs <= 1000,
      },
      {
        name: "metrics: the hook's share of a loopback GET",
        value: Number(share.toFixed(3)),
        unit: "%",
        target: "<= 1",
        ok: share <= 1,
      },
    ];
  },
};
