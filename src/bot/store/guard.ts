/**
 * How a namespace of the store behaves when the store fails (read-only or full
 * DATA_DIR, Redis down), and what /health learns of it.
 *
 * - `failures: "throw"` (default): a failed write throws `StoreWriteError`, a
 *   failed read `StoreReadError`. For records the caller must not go on without.
 * - `failures: "skip"`: bookkeeping and caches (the last update id, sessions,
 *   saved searches). A failed write is skipped and a failed read is "nothing
 *   stored", with a warning at most once a minute per namespace: a store that
 *   refuses writes never makes a lookup fail.
 * - `corrupt: "empty"` (default): an unreadable entry reads as nothing stored
 *   (logged). `corrupt: "throw"`: `StoreCorruptError`, for exactly-once markers.
 * - `keep: n`: the last n entries read or written stay in this process and are
 *   served while the store cannot be read (reference data, dialog states): an
 *   outage then costs no requests to the service for what was known.
 */
import type { StorageAdapter } from "grammy";
import type { Logger } from "../../logger.ts";
import { faultOf, StoreCorruptError, type StoreFault, StoreReadError, StoreWriteError } from "./errors.ts";
import type { RawAdapter } from "./files.ts";

export interface StoreHealth {
  ok: boolean;
  /** What fails, while something does. */
  fault?: StoreFault;
  reason?: string;
  /** Since when, Unix ms. */
  since?: number;
}

/** The store's state as the last operations saw it: failing from a failure until a write succeeds. */
export interface HealthTracker {
  failed(fault: StoreFault, reason: string): void;
  succeeded(): void;
  report(): StoreHealth;
}

export function createHealthTracker(now: () => number = Date.now): HealthTracker {
  let failing: Required<Omit<StoreHealth, "ok">> | undefined;
  return {
    failed(fault, reason) {
      if (!failing || failing.fault !== fault) failing = { fault, reason, since: now() };
    },
    succeeded() {
      failing = undefined;
    },
    report: () => (failing ? { ok: false, ...failing } : { ok: true }),
  };
}

const WARN_EVERY_MS = 60_000;

/** One warning per `key` per `everyMs`, with the number of the ones left out since. */
export function rateLimitedWarn(logger: Logger, everyMs = WARN_EVERY_MS, now: () => number = Date.now) {
  const last = new Map<string, { at: number; left: number }>();
  return (key: string, fields: Record<string, unknown>, message: string): void => {
    const seen = last.get(key);
    const at = now();
    if (seen && at - seen.at < everyMs) {
      seen.left++;
      return;
    }
    last.set(key, { at, left: 0 });
    logger.warn({ ...fields, ...(seen?.left ? { alsoSkipped: seen.left } : {}) }, message);
  };
}

export type Warn = ReturnType<typeof rateLimitedWarn>;

/** A fault switch for tests: while set, the store's raw operations fail with it. */
export interface FaultSwitch {
  writes?: StoreFault;
  reads?: StoreFault;
}

const faultCodes: Record<StoreFault, string | undefined> = {
  "read-only": "EROFS",
  full: "ENOSPC",
  unavailable: undefined,
  failed: "EIO",
};

/** Raw operations that fail while `faults` says so (tests). */
export function withFaults<T>(raw: RawAdapter<T>, faults: FaultSwitch | undefined): RawAdapter<T> {
  if (!faults) return raw;
  const fail = (fault: StoreFault) =>
    Promise.reject(Object.assign(new Error(`injected fault: ${fault}`), { code: faultCodes[fault] }));
  return {
    read: (key) => (faults.reads ? fail(faults.reads) : raw.read(key)),
    write: (key, value) => (faults.writes ? fail(faults.writes) : raw.write(key, value)),
    delete: (key) => (faults.writes ? fail(faults.writes) : raw.delete(key)),
  };
}

interface GuardOptions {
  namespace: string;
  failures?: "throw" | "skip";
  corrupt?: "throw" | "empty";
  keep?: number;
  health: HealthTracker;
  warn: Warn;
}

type Known<T> = { value: T | undefined };

/** A bounded map, oldest first out. */
function lru<T>(max: number) {
  const map = new Map<string, Known<T>>();
  return {
    get: (key: string) => map.get(key),
    set(key: string, value: T | undefined) {
      map.delete(key);
      map.set(key, { value });
      for (const oldest of map.keys()) {
        if (map.size <= max) break;
        map.delete(oldest);
      }
    },
  };
}

function faultOfError(error: unknown): StoreFault {
  return error instanceof StoreWriteError || error instanceof StoreReadError ? error.fault : faultOf(error);
}

export function guard<T>(raw: RawAdapter<T>, options: GuardOptions): StorageAdapter<T> {
  const { namespace, health, warn } = options;
  const skip = options.failures === "skip";
  const known = options.keep ? lru<T>(options.keep) : undefined;
  const refused = async (op: "write" | "delete", run: () => Promise<void>) => {
    try {
      await run();
      health.succeeded();
    } catch (error) {
      const fault = faultOfError(error);
      health.failed(fault, `${op} in ${namespace} failed: ${fault}`);
      if (!skip) throw new StoreWriteError(namespace, fault, { cause: error });
      warn(
        `${namespace}:${op}`,
        { namespace, fault, err: String(error) },
        "the store refused a write; skipped",
      );
    }
  };
  return {
    async read(key) {
      try {
        const value = await raw.read(key);
        known?.set(key, value);
        return value;
      } catch (error) {
        if (error instanceof StoreCorruptError) {
          if (options.corrupt === "throw") throw error;
          warn(`${namespace}:corrupt`, { namespace }, "an unreadable store entry reads as nothing stored");
          return undefined;
        }
        const fault = faultOfError(error);
        health.failed(fault, `read in ${namespace} failed: ${fault}`);
        const kept = known?.get(key);
        if (kept) return kept.value;
        if (!skip) throw new StoreReadError(namespace, fault, { cause: error });
        warn(`${namespace}:read`, { namespace, fault, err: String(error) }, "the store could not be read");
        return undefined;
      }
    },
    write(key, value) {
      known?.set(key, value);
      return refused("write", () => raw.write(key, value));
    },
    delete(key) {
      known?.set(key, undefined);
      return refused("delete", () => raw.delete(key));
    },
  };
}

type Pending<T> = { value: T } | { deleted: true };

/** How many chats' states a process holds when the store refuses them. */
const KEPT_MAX = 1000;

/**
 * For dialog states: a state the store refused is kept in this process (and the
 * write still throws, so the user is told), read back from here and written
 * again on the next access until the store takes it. A dialog typed while the
 * disk was full therefore continues, and is stored once the disk has room.
 * A store that cannot be read at all reads as nothing stored (beyond what is kept).
 */
export function keptOnFailure<T>(adapter: StorageAdapter<T>): StorageAdapter<T> {
  const pending = new Map<string, Pending<T>>();
  const hold = (key: string, entry: Pending<T>) => {
    pending.delete(key);
    pending.set(key, entry);
    for (const oldest of pending.keys()) {
      if (pending.size <= KEPT_MAX) break;
      pending.delete(oldest);
    }
  };
  const flush = async (key: string, entry: Pending<T>) => {
    try {
      if ("value" in entry) await adapter.write(key, entry.value);
      else await adapter.delete(key);
      if (pending.get(key) === entry) pending.delete(key);
    } catch {
      // Still refused: kept for the next access.
    }
  };
  return {
    async read(key) {
      const entry = pending.get(key);
      if (!entry) {
        // A store that cannot be read (Redis down) holds no dialog this process knows of: the
        // update goes on as outside a dialog (a lookup still answers), and the stored state waits.
        try {
          return await adapter.read(key);
        } catch (error) {
          if (error instanceof StoreReadError) return undefined;
          throw error;
        }
      }
      await flush(key, entry);
      return "value" in entry ? entry.value : undefined;
    },
    async write(key, value) {
      try {
        await adapter.write(key, value);
        pending.delete(key);
      } catch (error) {
        hold(key, { value });
        throw error;
      }
    },
    async delete(key) {
      try {
        await adapter.delete(key);
        pending.delete(key);
      } catch (error) {
        hold(key, { deleted: true });
        throw error;
      }
    },
  };
}
