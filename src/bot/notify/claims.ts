/**
 * The same news told once: one real change recorded twice (by a sync and by a
 * write-through, on two instances) has two records but one meaning (order, what
 * the user is told, the new value), and is told once within a few minutes.
 *
 * The claim names its holder (the message's outbox key): the holder asking again
 * (its change log replayed after a crash between the claim and the outbox) still
 * holds it and goes on, where the outbox's key makes the message once. Another
 * record of the same meaning does not. A claim is one `update` of its entry:
 * compare-and-set on Redis, one queue per key on files.
 */
import { z } from "zod";
import { persisted } from "../store/registry.ts";
import type { Store } from "../store/storage.ts";

/**
 * Longer than two records of one change lie apart (seconds: a sync and a
 * write-through of the same moment); a genuine repeat of the same value
 * (a status set back and forth) within it is told once.
 */
const SAME_MEANING_SECONDS = 10 * 60;

const notifiedMeaning = persisted({
  namespace: "notified-meaning",
  // A number: claimed by the version before the outbox (no holder: another's).
  schema: z.union([z.string(), z.number()]),
  ttlSeconds: SAME_MEANING_SECONDS,
  whenStoreFails: "throw",
});

/** True unless the same news for the same user (`key`) was claimed by another holder within SAME_MEANING_SECONDS. */
export async function claimMeaning(store: Store, key: string, holder: string): Promise<boolean> {
  const held = await store.open(notifiedMeaning).update(key, (current) => current ?? holder);
  return held === holder;
}
