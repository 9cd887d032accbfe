import { ServiceError } from "./errors.ts";
import type { ServiceStore, StoredQuota } from "./store.ts";

/** The quota as last seen: requests left and when the window resets. */
export interface Quota {
  remaining: number;
  resetAt: Date | null;
}

/** Quota fields found in an answer (top level, or inside `error`). */
export interface QuotaSignal {
  remaining?: number;
  resetAt?: number;
}

type Awaitable<T> = T | Promise<T>;

/**
 * Continues with a store result: at once when the store answered synchronously
 * (the memory store, on every call), after it settles otherwise (e.g. Redis).
 */
function then<T, R>(value: Awaitable<T>, next: (value: T) => R): Awaitable<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** When neither the error nor an earlier answer says when the block ends. */
const FALLBACK_BLOCK_MS = 60_000;

export interface QuotaTracker {
  /** Last seen quota in this process; null before any answer. */
  readonly current: Quota | null;
  /**
   * Throws kind "quota" (nothing sent) while the quota is spent and the window has not reset.
   * Synchronous with a synchronous store.
   */
  assertAvailable(): Awaitable<void>;
  /** Records remainRequest/expireDate of an answer; synchronous with a synchronous store. */
  observe(signal: QuotaSignal): Awaitable<void>;
  /** Records a quota refusal (429, blocked 403); returns the reset time to report. */
  exhausted(resetAt: number | undefined): Promise<Date>;
}

export function createQuotaTracker(store: ServiceStore, now: () => number): QuotaTracker {
  let last: StoredQuota | undefined;

  const futureOrNull = (at: number | null | undefined): number | null =>
    at !== null && at !== undefined && at > now() ? at : null;

  const save = (quota: StoredQuota): Awaitable<void> => {
    last = quota;
    return store.setQuota(quota);
  };

  const check = (stored: StoredQuota | undefined): void => {
    const quota = stored ?? last;
    last = quota;
    if (!quota || quota.remaining > 0 || quota.resetAt === null || now() >= quota.resetAt) return;
    const resetAt = new Date(quota.resetAt);
    throw new ServiceError("quota", `Request quota spent until ${resetAt.toISOString()}`, { resetAt });
  };

  return {
    get current() {
      return last
        ? { remaining: last.remaining, resetAt: last.resetAt === null ? null : new Date(last.resetAt) }
        : null;
    },

    assertAvailable() {
      return then(store.getQuota(), check);
    },

    observe(signal) {
      const lastResetAt = futureOrNull(last?.resetAt);
      // A count from a window that has reset says nothing about the new one.
      const carried = last && (last.resetAt === null || lastResetAt !== null) ? last.remaining : undefined;
      const remaining = signal.remaining ?? carried;
      if (remaining === undefined) return;
      let resetAt = signal.resetAt ?? lastResetAt;
      if (remaining <= 0 && resetAt === null) resetAt = now() + FALLBACK_BLOCK_MS;
      return save({ remaining, resetAt });
    },

    async exhausted(resetAtFromError) {
      const resetAt =
        futureOrNull(resetAtFromError) ?? futureOrNull(last?.resetAt) ?? now() + FALLBACK_BLOCK_MS;
      await save({ remaining: 0, resetAt });
      return new Date(resetAt);
    },
  };
}
