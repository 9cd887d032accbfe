/**
 * Payments in the chat (issue 37): the service requests one payment costs
 * (the ONE PATCH; the pre-checkout answers from the mirror) and how long the
 * bot takes to answer a pre-checkout query (Telegram waits 10 s; the working
 * target is 100 ms), over clients each paying a ready order.
 */

import { invoiced, startPaymentsBot } from "../test/bot/features/payments/setup.ts";
import { payInvoice } from "../test/helpers/payments.ts";
import type { BenchModule, BenchRow } from "./types.ts";

const PAYERS = 20;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

export const paymentsBench: BenchModule = {
  name: "payments",
  async run(): Promise<BenchRow[]> {
    const t = await startPaymentsBot({ orders: 500 });
    try {
      const answers: number[] = [];
      let requests = 0;
      for (let i = 0; i < PAYERS; i++) {
        const { from, invoice } = await invoiced(t, 9100 + i, i % 2 === 0 ? "ru" : "en");
        t.mark();
        let asked = 0;
        const paid = await payInvoice(
          t.telegram,
          async (update) => {
            if (!update.pre_checkout_query) return t.handle(update);
            asked = performance.now();
            const calls = await t.handle(update);
            answers.push(performance.now() - asked);
            return calls;
          },
          from,
          invoice,
        );
        if (!paid.answer?.ok) throw new Error("bench: the pre-checkout said no");
        requests += t.requests();
      }
      const sorted = [...answers].sort((a, b) => a - b);
      const perPayment = requests / PAYERS;
      const p50 = percentile(sorted, 50);
      const p95 = percentile(sorted, 95);
      return [
        {
          name: "payments: requests per payment",
          value: perPayment,
          unit: "req",
          target: "1",
          ok: perPayment === 1,
        },
        {
          name: "payments: pre-checkout answer p50",
          value: Math.round(p50 * 10) / 10,
          unit: "ms",
          target: "<= 100",
          ok: p50 <= 100,
        },
        {
          name: "payments: pre-checkout answer p95",
          value: Math.round(p95 * 10) / 10,
          unit: "ms",
          target: "<= 100",
          ok: p95 <= 100,
        },
      ];
    } finally {
      await t.close();
    }
  },
};
