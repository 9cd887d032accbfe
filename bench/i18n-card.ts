/**
 * What the texts of a card cost: CPU time of one order card's ~20 translations
 * through @grammyjs/i18n as the bot uses it, and the same with Fluent's bundle
 * matching memoized, a speed-up the bot once got by patching a private method
 * of the plugin (dropped: the difference is this row pair, against a lookup's
 * ~0.2 ms added by the bot and tens of ms of a real service call).
 */
import { createI18n } from "../src/bot/i18n.ts";
import { formatOrderCard } from "../src/bot/ui/order-card.ts";
import { createServiceClient } from "../src/service/index.ts";
import { round } from "./measure.ts";
import type { BenchContext, BenchModule, BenchRow } from "./types.ts";

const ITERATIONS = 5_000;

/** The plugin's private matcher, memoized per locale list: for the comparison only. */
function memoizeBundleMatching(fluent: object): boolean {
  const target = fluent as { matchBundles?: (locales: string[]) => unknown };
  const match = target.matchBundles?.bind(fluent);
  if (!match) return false;
  const matched = new Map<string, unknown>();
  target.matchBundles = (locales) => {
    const key = locales.join("\n");
    if (!matched.has(key)) matched.set(key, match(locales));
    return matched.get(key);
  };
  return true;
}

export const i18nCard: BenchModule = {
  name: "i18n card",
  async run({ sandbox, orderId }: BenchContext): Promise<BenchRow[]> {
    const client = createServiceClient({ baseUrl: sandbox.url, token: sandbox.token });
    const order = await client.orders.get(orderId);
    const cardMicros = (memoized: boolean): number | undefined => {
      const i18n = createI18n("en");
      if (memoized && !memoizeBundleMatching(i18n.fluent)) return undefined;
      let calls = 0;
      const card = () =>
        formatOrderCard(order, {
          t: (key, vars) => {
            calls++;
            return i18n.t("en", key, vars);
          },
          locale: "en",
          timezone: "Europe/Moscow",
          now: new Date(),
        });
      for (let i = 0; i < ITERATIONS / 5; i++) card();
      calls = 0;
      const started = performance.now();
      for (let i = 0; i < ITERATIONS; i++) card();
      const micros = ((performance.now() - started) / ITERATIONS) * 1000;
      translations = calls / ITERATIONS;
      return micros;
    };
    let translations = 0;
    const plain = cardMicros(false) ?? 0;
    const memoized = cardMicros(true);
    return [
      { name: "order card text (i18n as shipped)", value: round(plain, 1), unit: "µs" },
      { name: "order card: translations per card", value: round(translations, 0), unit: "calls" },
      ...(memoized === undefined
        ? []
        : [{ name: "order card text (bundle matching memoized)", value: round(memoized, 1), unit: "µs" }]),
    ];
  },
};
