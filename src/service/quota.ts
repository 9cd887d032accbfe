import { ServiceError } from "./errors.ts";
import type { RequestPurpose } from "./purpose.ts";
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
  /** Requests of every window kept for writes: no read may spend them. */
  readonly writeReserve: number;
  /**
   * Throws kind "quota" (nothing sent) while the quota is spent and the window has not
   * reset, and for a read while no more than the write reserve is left (error.reserve set).
   * Synchronous with a synchronous store.
   */
  assertAvailable(purpose?: RequestPurpose): Awaitable<void>;
  /**
   * assertAvailable, and the request counted in flight at once (in the same turn as the check):
   * reads checked together against a shared store (Redis answers them in one go) each see the
   * others. end() when its answer (or failure) came.
   */
  acquire(purpose: RequestPurpose): Awaitable<void>;
  /** Requests reads may still spend in this window; Infinity while nothing is known of it. */
  readAllowance(): number;
  /** A request is on its way (counted against what is left until its answer says). */
  begin(): void;
  /** Its answer (or failure) came. */
  end(): void;
  /** Records remainRequest/expireDate of an answer; synchronous with a synchronous store. */
  observe(signal: QuotaSignal): Awaitable<void>;
  /** Records a quota refusal (429, blocked 403); returns the reset time to report. */
  exhausted(resetAt: number | undefined): Promise<Date>;
}

/**
 * `writeReserve`: the last requests of a window that only writes may spend (WRITE_RESERVE):
 * reads of every kind (lookups, refreshes, /cash, reports, the mirror's sync) stop above it,
 * so the staff's changes always find requests left.
 */
export function createQuotaTracker(store: ServiceStore, now: () => number, writeReserve = 0): QuotaTracker {
  let last: StoredQuota | undefined;
  /** Requests sent by this process whose answer has not come: the count of `last` does not hold them yet. */
  let inFlight = 0;

  const futureOrNull = (at: number | null | undefined): number | null =>
    at !== null && at !== undefined && at > now() ? at : null;

  const save = (quota: StoredQuota): Awaitable<void> => {
    last = quota;
    return store.setQuota(quota);
  };

  /** Requests left in the live window (less those in flight); undefined when no window is known. */
  const left = (quota: StoredQuota | undefined): number | undefined => {
    if (!quota) return undefined;
    if (quota.resetAt !== null && now() >= quota.resetAt) return undefined;
    return quota.remaining - inFlight;
  };

  const check =
    (purpose: RequestPurpose) =>
    (stored: StoredQuota | undefined): void => {
      const quota = stored ?? last;
      last = quota;
      // Nothing known, or a window that has reset: the count says nothing of the new one.
      if (!quota || (quota.resetAt !== null && now() >= quota.resetAt)) return;
      const resetAt = quota.resetAt === null ? undefined : new Date(quota.resetAt);
      if (quota.remaining <= 0 && resetAt)
        throw new ServiceError("quota", `Request quota spent until ${resetAt.toISOString()}`, { resetAt });
      if (purpose === "read" && writeReserve > 0 && quota.remaining - inFlight <= writeReserve)
        throw reserveError(resetAt ?? new Date(now() + FALLBACK_BLOCK_MS));
    };

  const reserveError = (resetAt: Date) =>
    new ServiceError(
      "quota",
      `Reads stopped: the last ${writeReserve} requests until ${resetAt.toISOString()} are kept for writes`,
      { resetAt, reserve: writeReserve },
    );

  return {
    get current() {
      return last
        ? { remaining: last.remaining, resetAt: last.resetAt === null ? null : new Date(last.resetAt) }
        : null;
    },

    writeReserve,

    assertAvailable(purpose = "write") {
      return then(store.getQuota(), check(purpose));
    },

    acquire(purpose) {
      return then(store.getQuota(), (stored) => {
        check(purpose)(stored);
        inFlight++;
      });
    },

    readAllowance() {
      const remaining = left(last);
      return remaining === undefined ? Number.POSITIVE_INFINITY : Math.max(0, remaining - writeReserve);
    },

    begin() {
      inFlight++;
    },

    end() {
      inFlight = Math.max(0, inFlight - 1);
    },

    observe(signal) {
      const lastResetAt = futureOrNull(last?.resetAt);
      // A count from a window that has reset says nothing about the new one.
      const carried = last && (last.resetAt === null || lastResetAt !== null) ? last.remaining : undefined;
      let remaining = signal.remaining ?? carried;
      if (remaining === undefined) return;
      let resetAt = signal.resetAt ?? lastResetAt;
      // The same live window only counts down: a higher count is an older answer that came late.
      // (A window that the service restarts ends at another moment: not the same one.)
      const sameWindow = last !== undefined && lastResetAt !== null && resetAt === lastResetAt;
      if (sameWindow && last !== undefined && remaining > last.remaining) remaining = last.remaining;
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
