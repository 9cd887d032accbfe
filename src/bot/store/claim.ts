/**
 * "This was done" markers that outlive a restart and hold across instances:
 * on a shared store (Redis) SET NX, atomic across instances; on files or in
 * memory (one instance by nature) one change of the stored marker (`update`),
 * so callers that come at once get one "first", and the marker keeps the
 * answer across a restart. A record of markers holds numbers (when claimed)
 * and has a time to live: how long a claim stands.
 */
import type { Persisted } from "./registry.ts";
import type { Store } from "./storage.ts";

/** True for the first caller of `key` within the record's time to live; false for every later one. */
export async function claimMarker(store: Store, markers: Persisted<number>, key: string): Promise<boolean> {
  const seconds = markers.ttlSeconds;
  if (!seconds) throw new Error(`Claims in "${markers.namespace}" need a time to live`);
  if (store.kind === "redis" && store.claim)
    return store.claim(`${markers.namespace}:${key}`, seconds * 1000);
  let first = false;
  await store.open(markers).update(key, (claimed) => {
    first = claimed === undefined;
    return claimed ?? Date.now();
  });
  return first;
}
