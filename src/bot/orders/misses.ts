/**
 * Misses that cost nothing: a number the service said it does not have is
 * remembered for a while (shared by instances through the store), and the
 * newest order number the bot has seen answers a number far above it (six
 * digits typed where the shop's numbers have four) with no request at all.
 */
import { z } from "zod";
import { foldOrderNumber, type Order } from "../../service/index.ts";
import { persisted } from "../store/registry.ts";
import type { Store } from "../store/storage.ts";

const NEWEST_KEY = "newest";

const newestNumber = z.object({ num: z.number(), number: z.string() });
type NewestNumber = z.infer<typeof newestNumber>;

/** Numbers the service said it does not have. Both records are conveniences: callers go on without them. */
const missedNumbers = persisted({
  namespace: "order-misses",
  schema: z.literal(true),
  /** How long "the service has no such number" stands: an order created meanwhile shows up after this. */
  ttlSeconds: 5 * 60,
  whenStoreFails: "throw",
});
/** The newest order number seen ("newest"). */
const newestNumbers = persisted({
  namespace: "order-misses-newest",
  schema: newestNumber,
  whenStoreFails: "throw",
});

export interface Misses {
  /** The service had no order of this number query in these workshops a short while ago. */
  known(key: string): Promise<boolean>;
  remember(key: string): Promise<void>;
  /** Notes the highest number among these orders (never throws). */
  seen(orders: readonly Order[]): Promise<void>;
  newest(): Promise<NewestNumber | undefined>;
}

/** The key of a number query: folded (A-0010 = А0010), with the workshops it looked in. */
export function missKey(kind: string, text: string, shopIds: readonly string[]): string {
  return `${kind}:${foldOrderNumber(text)}:${shopIds.join(",")}`;
}

/**
 * Far above: at least ten times the newest number and 10000 beyond it, so a
 * new order created since (a few above the newest) is still asked for.
 */
export function isFarAbove(num: number, newest: number): boolean {
  return num >= newest * 10 && num >= newest + 10_000;
}

/** The numeric order number: `num`, else the digits the textual number ends with (list records may lack `num`). */
function numOf(order: Order): number | undefined {
  const num = order.num ?? Number(/\d+$/.exec(order.number ?? "")?.[0] ?? Number.NaN);
  return Number.isSafeInteger(num) && num >= 0 ? num : undefined;
}

export function createMisses(store: Store): Misses {
  const misses = store.open(missedNumbers);
  const numbers = store.open(newestNumbers);
  // What this process wrote or read last: an order not above it costs no storage access.
  let newest: NewestNumber | undefined;
  let loaded = false;

  async function readNewest(): Promise<NewestNumber | undefined> {
    try {
      return await numbers.read(NEWEST_KEY);
    } catch {
      return undefined;
    }
  }

  async function load(): Promise<NewestNumber | undefined> {
    if (!loaded) {
      const stored = await readNewest();
      if (stored && (!newest || stored.num > newest.num)) newest = stored;
      loaded = true;
    }
    return newest;
  }

  return {
    async known(key) {
      try {
        return (await misses.read(key)) === true;
      } catch {
        return false;
      }
    },
    async remember(key) {
      try {
        await misses.write(key, true);
      } catch {
        // Not remembered: the next miss asks again.
      }
    },
    async seen(orders) {
      let top: NewestNumber | undefined;
      for (const order of orders) {
        const num = numOf(order);
        if (num === undefined || order.isVisible === false) continue;
        if (!top || num > top.num) top = { num, number: order.number ?? String(num) };
      }
      if (!top) return;
      const known = await load();
      if (known && known.num >= top.num) return;
      newest = top;
      // Another instance may have seen a higher one: kept is the higher.
      const stored = await readNewest();
      if (stored && stored.num >= top.num) {
        newest = stored;
        return;
      }
      try {
        await numbers.write(NEWEST_KEY, top);
      } catch {
        // Kept in this process only until the store takes writes again.
      }
    },
    newest: load,
  };
}
