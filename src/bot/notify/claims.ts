/**
 * "This notification was sent" markers that outlive a restart: on a shared
 * store (Redis) SET NX, atomic across instances; on files (one instance by
 * nature) a stored marker, read then written by the one notifier queue.
 */
import type { Store } from "../storage.ts";

const NAMESPACE = "notified";
/** Longer than any change stays in the log a notifier might replay. */
const KEEP_SECONDS = 14 * 24 * 60 * 60;

export async function claimOnce(store: Store, key: string): Promise<boolean> {
  if (store.kind === "redis" && store.claim) return store.claim(`${NAMESPACE}:${key}`, KEEP_SECONDS * 1000);
  const markers = store.adapter<number>(NAMESPACE, { ttlSeconds: KEEP_SECONDS });
  if ((await markers.read(key)) !== undefined) return false;
  await markers.write(key, Date.now());
  return true;
}
