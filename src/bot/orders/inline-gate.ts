/**
 * Which of a user's inline queries may go to the service, and the short
 * per-query result cache (docs/decisions.md, "Inline mode": ~500 ms per user, only the newest query
 * goes; repeats come from the cache).
 *
 * One process (memory or file store): two maps, no I/O. Several instances on a
 * shared store: a user's keystrokes reach any instance, so the "newest query"
 * marker and the cache live in the store too, with the maps in front as a fast
 * path. Redis cost per query of 3+ characters: before the debounce a marker
 * write and a cache read sent together (one round trip), after it a marker read
 * and a cache read together (none when this instance saw a newer keystroke), and
 * one write when a fetched result is shared. A local cache hit costs nothing.
 */
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { persisted } from "../store/registry.ts";
import type { Store } from "../store/storage.ts";
import type { SearchResult } from "./by-number.ts";
import { storedOrders } from "./json.ts";

const INLINE_CACHE_MS = 60_000;
const INLINE_CACHE_SIZE = 200;
/** A marker outlives the debounce of its query by far; then it is only garbage. */
const MARKER_TTL_SECONDS = 10;
const INLINE_MARKER_NAMESPACE = "inline-newest";
export const INLINE_CACHE_NAMESPACE = "inline-cache";

export interface InlineGate {
  /** A fresh cached result for `key`; otherwise `ticket` becomes the user's newest query. */
  begin(user: number, ticket: number, key: string): Promise<SearchResult | undefined>;
  /** After the debounce: is `ticket` still the user's newest query, and was `key` cached meanwhile? */
  settle(user: number, ticket: number, key: string): Promise<{ newest: boolean; cached?: SearchResult }>;
  /** Caches a fetched result (for every instance on a shared store). */
  remember(key: string, result: SearchResult): Promise<void>;
}

interface Cached {
  at: number;
  result: SearchResult;
}

/**
 * Tickets are update ids: they grow with arrival across all instances, so a
 * marker holding a higher ticket means a newer keystroke.
 */
export function createInlineGate(store: Store, now: () => number): InlineGate {
  const newest = new Map<number, number>(); // user id -> ticket of their newest query seen here
  const cache = new LRUCache<string, Cached>({ max: INLINE_CACHE_SIZE });
  const fresh = (entry: Cached | undefined) =>
    entry && now() - entry.at < INLINE_CACHE_MS ? entry.result : undefined;
  const keep = (key: string, entry: Cached) => cache.set(key, entry);

  // Files would cost a disk write per keystroke for nothing: one instance by nature.
  if (store.kind !== "redis") {
    return {
      async begin(user, ticket, key) {
        // Newest even when the cache answers it: an older keystroke still waiting must not go out.
        newest.set(user, ticket);
        return fresh(cache.get(key));
      },
      async settle(user, ticket, key) {
        if (newest.get(user) !== ticket) return { newest: false };
        newest.delete(user);
        const cached = fresh(cache.get(key));
        return cached ? { newest: true, cached } : { newest: true };
      },
      async remember(key, result) {
        keep(key, { at: now(), result });
      },
    };
  }

  const markers = store.open(newestQueries);
  const shared = store.open(sharedResults);
  const readShared = async (key: string) => {
    const entry = await shared.read(key);
    const hit = fresh(entry);
    if (entry && hit) keep(key, entry);
    return hit;
  };

  return {
    async begin(user, ticket, key) {
      // Newest here even on a local hit (no Redis trip then): this instance's older keystroke stays home.
      newest.set(user, ticket);
      const local = fresh(cache.get(key));
      if (local) return local;
      // Both commands go out at once on the one connection: one round trip.
      const [hit] = await Promise.all([readShared(key), markers.write(String(user), ticket)]);
      return hit;
    },
    async settle(user, ticket, key) {
      if (newest.get(user) !== ticket) return { newest: false }; // a newer keystroke came here
      newest.delete(user);
      const [marker, cached] = await Promise.all([markers.read(String(user)), readShared(key)]);
      // No marker (expired, or not a ticket) or ours: still the newest.
      if (marker !== undefined && marker > ticket) return { newest: false };
      return cached ? { newest: true, cached } : { newest: true };
    },
    async remember(key, result) {
      const entry = { at: now(), result };
      keep(key, entry);
      await shared.write(key, entry);
    },
  };
}

/** A cache entry as JSON gave it back (dates revived); anything foreign is a miss. */
const cachedSchema = z.object({
  at: z.number(),
  result: z.object({ items: storedOrders, total: z.number(), truncated: z.boolean() }),
});

// While Redis is down the gate works on this instance's maps alone: a query is never lost for it.
const newestQueries = persisted({
  namespace: INLINE_MARKER_NAMESPACE,
  schema: z.number(),
  ttlSeconds: MARKER_TTL_SECONDS,
  whenStoreFails: "skip",
});
const sharedResults = persisted({
  namespace: INLINE_CACHE_NAMESPACE,
  schema: cachedSchema,
  ttlSeconds: INLINE_CACHE_MS / 1000,
  whenStoreFails: "skip",
});
