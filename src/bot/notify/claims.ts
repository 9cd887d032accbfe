/**
 * "This notification was sent" markers that outlive a restart (claimMarker:
 * on a shared store (Redis) SET NX, atomic across instances; on files, one
 * instance by nature, an in-process claim and a stored marker).
 *
 * Two kinds: per record of a change (its id: a replay of the log after a
 * restart, the leader's feed) for as long as a log may be replayed, and per
 * meaning (order, what the user is told, the new value) for a short time: one
 * real change recorded twice (by a sync and by a write-through, on two
 * instances) has two ids but one meaning, and is told once.
 */
import { z } from "zod";
import { claimMarker } from "../store/claim.ts";
import { persisted } from "../store/registry.ts";
import type { Store } from "../store/storage.ts";

/** Longer than any change stays in the log a notifier might replay. */
const KEEP_SECONDS = 14 * 24 * 60 * 60;
/**
 * Longer than two records of one change lie apart (seconds: a sync and a
 * write-through of the same moment); a genuine repeat of the same value
 * (a status set back and forth) within it is told once.
 */
const SAME_MEANING_SECONDS = 10 * 60;

const notified = persisted({
  namespace: "notified",
  schema: z.number(),
  ttlSeconds: KEEP_SECONDS,
  whenStoreFails: "throw",
});
const notifiedMeaning = persisted({
  namespace: "notified-meaning",
  schema: z.number(),
  ttlSeconds: SAME_MEANING_SECONDS,
  whenStoreFails: "throw",
});

/** True the first time this record of a change is claimed for `key` (its id and the user). */
export function claimOnce(store: Store, key: string): Promise<boolean> {
  return claimMarker(store, notified, key);
}

/** True unless the same news for the same user (`key`) was claimed within SAME_MEANING_SECONDS. */
export function claimMeaning(store: Store, key: string): Promise<boolean> {
  return claimMarker(store, notifiedMeaning, key);
}
