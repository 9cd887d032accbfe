/**
 * "This was done" markers that outlive a restart and hold across instances:
 * on a shared store (Redis) SET NX, atomic across instances; on files or in
 * memory (one instance by nature) the store's in-process claim orders callers
 * that come at once, and a stored marker keeps the answer across a restart.
 */
import type { Store } from "../store/storage.ts";

/** True for the first caller of `key` in `namespace` within `seconds`; false for every later one. */
export async function claimMarker(
  store: Store,
  namespace: string,
  key: string,
  seconds: number,
): Promise<boolean> {
  if (store.kind === "redis" && store.claim) return store.claim(`${namespace}:${key}`, seconds * 1000);
  if (store.claim && !(await store.claim(`${namespace}:${key}`, seconds * 1000))) return false;
  const markers = store.adapter<number>(namespace, { ttlSeconds: seconds });
  if ((await markers.read(key)) !== undefined) return false;
  await markers.write(key, Date.now());
  return true;
}
