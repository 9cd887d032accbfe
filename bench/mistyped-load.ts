/**
 * Mistyped numbers under load, on a simulated clock: 50 staff for two minutes
 * (an action every ~2 s each), one lookup in ten a mistyped number (two digits
 * too many: six where the shop's numbers have four), against a sandbox that
 * enforces the real quota (100 requests per 15 minutes for the company, the
 * mirror's sync included). The order reader answers a number far above the
 * newest known with no request, remembers a number the service did not have,
 * and keeps each user within LOOKUP_SHARE (default 25%). Figures: the busiest
 * 15-minute window as a share of the quota, the actions answered.
 */
import { startSandbox } from "../src/sandbox/index.ts";
import { ManualClock } from "../test/helpers/manual-clock.ts";
import { createMirrorBot } from "../test/helpers/mirror-bot.ts";
import type { BenchModule } from "./types.ts";

const SECOND = 1000;
const WINDOW_MS = 15 * 60 * SECOND;
const USERS = Array.from({ length: 50 }, (_, i) => 1001 + i);
const DURATION_MS = 120 * SECOND;
const EVERY_MS = 2 * SECOND;
const MISTYPED_SHARE = 0.1;
const QUOTA = 100;
const T0 = Date.UTC(2026, 10, 25, 8, 0);
const REFUSED = /limit|лимит|share of the service's requests|does not answer|не отвечает|went wrong/i;

/** A small deterministic PRNG: every run sees the same load. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export const mistypedLoad: BenchModule = {
  name: "mistyped-load",
  async run() {
    const random = prng(7);
    const clock = new ManualClock(new Date(T0 - 30 * 60 * SECOND));
    const now = () => clock.now().getTime();
    const sandbox = await startSandbox({
      port: 0,
      seed: 5,
      orders: 600,
      clock: { now },
      quota: { limit: QUOTA, windowMs: WINDOW_MS },
    });
    const t = await createMirrorBot({
      sandbox,
      clock,
      operators: USERS,
      clientOptions: { now },
      // The production default (tests switch the share off).
      config: { lookupShare: 25 },
      budget: { perWindow: 40, reserve: 20, baseIntervalMs: 60 * SECOND },
    });
    try {
      // The backfill is done before the load: it starts with a fresh quota window.
      await clock.advance(T0 - now());
      sandbox.resetQuota();
      const { store } = sandbox;
      // Numbers with four digits, as the shop's are.
      const orders = store.orders.filter((o) => o.isVisible && o.num >= 1000 && o.num <= 9999);
      if (orders.length === 0) throw new Error("bench: no four-digit order numbers");
      const actions: { at: number; user: number; mistyped: boolean }[] = [];
      for (const user of USERS) {
        for (let at = T0 + Math.floor(random() * EVERY_MS); at < T0 + DURATION_MS; at += EVERY_MS)
          actions.push({ at, user, mistyped: random() < MISTYPED_SHARE });
      }
      actions.sort((a, b) => a.at - b.at);
      const start = sandbox.requestCount();
      let answered = 0;
      let mistyped = 0;
      let nextSync = T0;
      for (const action of actions) {
        while (nextSync <= action.at) {
          if (nextSync > now()) await clock.advance(nextSync - now());
          await t.mirror.step().catch(() => undefined);
          nextSync = now() + Math.max(SECOND, t.mirror.nextDelay());
        }
        if (action.at > now()) await clock.advance(action.at - now());
        const order = orders[Math.floor(random() * orders.length)]!;
        const typed = action.mistyped ? `${order.num}${Math.floor(random() * 90) + 10}` : String(order.num);
        if (action.mistyped) mistyped++;
        const user = t.user(action.user, { languageCode: "en" });
        await user.send(typed);
        if (!REFUSED.test(user.lastReply()?.text ?? "")) answered++;
      }
      // Two minutes fall in one window: all the load's requests are its busiest.
      const spent = sandbox.requestCount() - start;
      return [
        {
          name: `50 users for 2 min, 1 lookup in 10 mistyped: busiest 15 min, % of a ${QUOTA}-request quota`,
          value: Math.round((100 * spent) / QUOTA),
          unit: "%",
          target: "< 50",
          ok: spent < QUOTA / 2,
        },
        {
          name: `50 users for 2 min (${actions.length} lookups, ${mistyped} mistyped): answered`,
          value: Math.round((100 * answered) / actions.length),
          unit: "%",
          target: "100",
          ok: answered === actions.length,
        },
      ];
    } finally {
      await t.close();
      await sandbox.close();
    }
  },
};
