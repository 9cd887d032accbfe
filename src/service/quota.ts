import { ServiceError } from "./errors.ts";
import type { RequestPurpose } from "./purpose.ts";
import { ReserveLedger, type ReservePolicy, WINDOW_MS } from "./reserve.ts";
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
  /** Requests of this window kept for writes now: no read may spend them (0: none). */
  readonly writeReserve: number;
  /**
   * Throws kind "quota" (nothing sent) while the quota is spent and the window has not
   * reset, for the sync while no more than the write reserve is left, and for a user's
   * read while no more than the reserve and the sync's unspent share are left
   * (error.reserve set). Synchronous with a synchronous store.
   */
  assertAvailable(purpose?: RequestPurpose): Awaitable<void>;
  /**
   * assertAvailable, and the request counted in flight at once (in the same turn as the check):
   * reads checked together against a shared store (Redis answers them in one go) each see the
   * others. end() when its answer (or failure) came.
   */
  acquire(purpose: RequestPurpose): Awaitable<void>;
  /** Requests users' reads may still spend in this window; Infinity while nothing is known of it. */
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

export interface ReserveOptions {
  /** The write reserve (reserve.ts): reads of every kind stop above it, so changes find requests left. */
  policy: ReservePolicy;
  /** Requests of a window users' reads leave to the mirror's sync (MIRROR_BUDGET). */
  syncShare: number;
}

export function createQuotaTracker(
  store: ServiceStore,
  now: () => number,
  reserve: ReserveOptions = { policy: { kind: "fixed", requests: 0 }, syncShare: 0 },
): QuotaTracker {
  const ledger = new ReserveLedger(reserve.policy, reserve.syncShare);
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

  /** When the live window ends: the service's reset time, else the end of a 15-minute slot. */
  const windowEnd = (): number => {
    const at = futureOrNull(last?.resetAt);
    return at ?? (Math.floor(now() / WINDOW_MS) + 1) * WINDOW_MS;
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
      const kept = ledger.floorFor(purpose, windowEnd(), now());
      if (kept > 0 && quota.remaining - inFlight <= kept)
        throw reserveError(resetAt ?? new Date(now() + FALLBACK_BLOCK_MS), kept);
    };

  const reserveError = (resetAt: Date, kept: number) =>
    new ServiceError(
      "quota",
      `Reads stopped: the last ${kept} requests until ${resetAt.toISOString()} are kept for writes and the sync`,
      { resetAt, reserve: kept },
    );

  return {
    get current() {
      return last
        ? { remaining: last.remaining, resetAt: last.resetAt === null ? null : new Date(last.resetAt) }
        : null;
    },

    get writeReserve() {
      return ledger.writeReserve(windowEnd());
    },

    assertAvailable(purpose = "write") {
      return then(store.getQuota(), check(purpose));
    },

    acquire(purpose) {
      return then(store.getQuota(), (stored) => {
        check(purpose)(stored);
        inFlight++;
        ledger.count(purpose, windowEnd());
      });
    },

    readAllowance() {
      const remaining = left(last);
      if (remaining === undefined) return Number.POSITIVE_INFINITY;
      return Math.max(0, remaining - ledger.floorFor("read", windowEnd(), now()));
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
