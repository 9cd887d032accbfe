/**
 * The payments not in the CRM yet, tried again until they land: every 30
 * seconds the open ones whose pause is over (record.ts doubles it after each
 * failure, up to 30 minutes), by whichever instance claims the attempt, after
 * a restart too (they are in the store). Started in main.ts.
 */
import { openPaymentIds } from "../../state/payments.ts";
import { attemptPayment, payerOutbox } from "./record.ts";
import type { PaymentDeps } from "./staff.ts";

const CHECK_EVERY_MS = 30_000;

export class PaymentRetry {
  private queue: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly deps: PaymentDeps;

  constructor(deps: PaymentDeps) {
    this.deps = deps;
    // A thanks kept before a restart is delivered by this process too.
    payerOutbox(deps);
  }

  start(): void {
    this.timer = setInterval(() => void this.kick(), CHECK_EVERY_MS);
    this.timer.unref();
    void this.kick();
  }

  /** Tries what is due now; resolves when done (tests wait on it). */
  kick(): Promise<void> {
    this.queue = this.queue
      .then(async () => {
        const now = this.deps.services.clock.now().getTime();
        const open = await openPaymentIds(this.deps.services.store);
        for (const [chargeId, item] of Object.entries(open))
          if (item.next <= now) await attemptPayment(this.deps, chargeId);
      })
      .catch((error: unknown) => this.deps.logger.warn({ err: String(error) }, "payments: retry failed"));
    return this.queue;
  }

  stop(): Promise<void> {
    clearInterval(this.timer);
    return this.queue;
  }
}
