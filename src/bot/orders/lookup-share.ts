/**
 * No single user spends more than LOOKUP_SHARE percent of what reads may spend
 * of a quota window (the window less WRITE_RESERVE, which only writes spend):
 * each request a read costs is counted per user in fixed 15-minute windows, in
 * the shared store (every instance counts into the same window). A user over
 * the share is refused with a localized message; the rest of the staff keep
 * theirs. A read the write reserve refuses (the service client decides, before
 * anything is counted) costs neither a request nor the share. A store that
 * cannot count never refuses anyone.
 */
import { z } from "zod";
import { ServiceError } from "../../service/index.ts";
import { persisted } from "../store/registry.ts";
import type { Store } from "../store/storage.ts";

/** The service's quota window, and its size for the whole company. */
const QUOTA_WINDOW_MS = 15 * 60_000;
const QUOTA_PER_WINDOW = 100;

/** Requests per user and window ("<user>:<window>"); failures are handled below. */
const lookupCounts = persisted({
  namespace: "lookup-share",
  schema: z.number().int().nonnegative(),
  ttlSeconds: QUOTA_WINDOW_MS / 1000,
  whenStoreFails: "throw",
});

/** A user's reads used up their share of this window; `resetAt` is the window's end. */
export class LookupShareError extends ServiceError {
  /** Requests one user may spend per window. */
  readonly limit: number;
  constructor(resetAt: Date, limit: number) {
    super("quota", "this user's share of the quota window for lookups is spent", { resetAt });
    this.limit = limit;
  }
}

export function isLookupShareError(error: unknown): error is LookupShareError {
  return error instanceof LookupShareError;
}

interface LookupShare {
  /** Counts one request for `userId`; throws LookupShareError (nothing counted) when the share is spent. */
  spend(userId: number | undefined): Promise<void>;
}

/** Requests one user may spend per window: `percent` of what reads may spend (QUOTA_PER_WINDOW less the write reserve), at least one. */
export function sharePerWindow(percent: number, writeReserve = 0): number {
  const readable = Math.max(0, QUOTA_PER_WINDOW - writeReserve);
  return Math.max(1, Math.floor((readable * percent) / 100));
}

interface ShareOptions {
  /** The write reserve now (it follows the writes seen unless WRITE_RESERVE fixes it). */
  writeReserve?: () => number;
  /** Throws the service client's refusal of a read now (the reserve reached), before anything is counted. */
  checkRead?: () => Promise<void>;
}

export function createLookupShare(
  store: Store,
  percent: number,
  now: () => number,
  options: ShareOptions = {},
): LookupShare {
  const counts = store.open(lookupCounts);
  return {
    async spend(userId) {
      await options.checkRead?.();
      if (userId === undefined || percent >= 100) return;
      const window = Math.floor(now() / QUOTA_WINDOW_MS);
      const key = `${userId}:${window}`;
      let spent: number;
      try {
        spent = (await counts.read(key)) ?? 0;
      } catch {
        return;
      }
      const limit = sharePerWindow(percent, options.writeReserve?.());
      if (spent >= limit) throw new LookupShareError(new Date((window + 1) * QUOTA_WINDOW_MS), limit);
      try {
        await counts.write(key, spent + 1);
      } catch {
        // Not counted: a store that cannot write never stops a lookup.
      }
    },
  };
}
