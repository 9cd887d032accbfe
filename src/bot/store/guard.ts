/**
 * What one record's entries go through on their way to and from the store
 * (registry.ts says what each record asks for): the schema check of what is
 * read back (an entry that does not fit is set aside), the record's behaviour
 * when the store fails, the one "keep it in memory" mechanism, and what /health
 * learns of failures.
 */
import type { StorageAdapter } from "grammy";
import { LRUCache } from "lru-cache";
import type { Logger } from "../../logger.ts";
import { faultOf, StoreCorruptError, type StoreFault, StoreReadError, StoreWriteError } from "./errors.ts";
import type { Persisted } from "./registry.ts";

/** What a backend (files, Redis, memory) does for one namespace, without checks. */
export interface RawAdapter<T> {
  read(key: string): Promise<T | undefined>;
  write(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Reads, changes and writes one entry as one step: no other change of the key
   * comes between (files and memory: within this process, the only one a file store
   * serves; Redis: across instances). `change` may run more than once; undefined deletes.
   */
  update(key: string, change: (current: T | undefined) => T | undefined): Promise<T | undefined>;
  /**
   * Moves an entry that cannot be read back out of the way, where it can still be looked at;
   * unless what is there now `fits` (a writer replaced it since it was read).
   */
  setAside(key: string, fits: (value: unknown) => boolean): Promise<void>;
}

/** A record's entries, as the bot uses them (grammY's StorageAdapter, plus `update`). */
export interface RecordAdapter<T> extends StorageAdapter<T> {
  read(key: string): Promise<T | undefined>;
  write(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  /** RawAdapter.update, with the record's checks: what `change` is given fits the schema. */
  update(key: string, change: (current: T | undefined) => T | undefined): Promise<T | undefined>;
}

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
    update: (key, change) =>
      faults.writes ? fail(faults.writes) : faults.reads ? fail(faults.reads) : raw.update(key, change),
    setAside: (key, fits) => (faults.writes ? fail(faults.writes) : raw.setAside(key, fits)),
  };
}

/** One change at a time per key within this process: `run` waits for the key's previous one. */
export function perKeyQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return <R>(key: string, run: () => Promise<R>): Promise<R> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const next = previous.then(run, run);
    const tail = next.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return next;
  };
}

/** An entry held in this process: its value, and whether the store still has to take it. */
interface Held<T> {
  value: T | undefined;
  refused: boolean;
}

function faultOfError(error: unknown): StoreFault {
  return error instanceof StoreWriteError || error instanceof StoreReadError ? error.fault : faultOf(error);
}

interface GuardDeps {
  health: HealthTracker;
  warn: Warn;
}

export function guard<T>(raw: RawAdapter<T>, record: Persisted<T>, deps: GuardDeps): RecordAdapter<T> {
  const { namespace, whenStoreFails } = record;
  const { health, warn } = deps;
  const held = record.keep ? new LRUCache<string, Held<T>>({ max: record.keep.entries }) : undefined;
  const copies = record.keep?.copies === "all";

  /** What was read back, checked; an entry that does not fit is set aside and reads as nothing. */
  const checked = async (key: string, value: unknown): Promise<T | undefined> => {
    if (value === undefined) return undefined;
    const parsed = record.schema.safeParse(value);
    if (parsed.success) return parsed.data;
    return broken(key, new StoreCorruptError(namespace, key, { cause: parsed.error }));
  };
  const broken = async (key: string, error: StoreCorruptError): Promise<undefined> => {
    if (record.broken === "throw") throw error;
    const fits = (value: unknown) => record.schema.safeParse(value).success;
    const aside = await raw.setAside(key, fits).then(
      () => true,
      () => false,
    );
    warn(
      `${namespace}:broken`,
      { namespace, setAside: aside, err: String(error.cause ?? error) },
      "a store entry that does not fit its record is set aside and reads as nothing stored",
    );
    return undefined;
  };

  const refused = (op: "write" | "delete" | "update", error: unknown): void => {
    const fault = faultOfError(error);
    health.failed(fault, `${op} in ${namespace} failed: ${fault}`);
    if (whenStoreFails !== "skip") throw new StoreWriteError(namespace, fault, { cause: error });
    warn(
      `${namespace}:${op}`,
      { namespace, fault, err: String(error) },
      held ? "the store refused a write; kept in memory" : "the store refused a write; skipped",
    );
  };

  const store = async (key: string, value: T | undefined): Promise<void> => {
    try {
      if (value === undefined) await raw.delete(key);
      else await raw.write(key, value);
      health.succeeded();
      if (copies) held?.set(key, { value, refused: false });
      else held?.delete(key);
    } catch (error) {
      held?.set(key, { value, refused: true });
      refused(value === undefined ? "delete" : "write", error);
    }
  };

  return {
    async read(key) {
      const kept = held?.get(key);
      if (kept?.refused) {
        // Written again at each access until the store takes it; served from here meanwhile.
        await store(key, kept.value).catch(() => undefined);
        return kept.value;
      }
      let value: T | undefined;
      try {
        value = await checked(key, await raw.read(key));
      } catch (error) {
        if (error instanceof StoreCorruptError) {
          if (record.broken === "throw") throw error;
          return broken(key, error);
        }
        const fault = faultOfError(error);
        health.failed(fault, `read in ${namespace} failed: ${fault}`);
        if (kept) return kept.value;
        if (whenStoreFails === "throw") throw new StoreReadError(namespace, fault, { cause: error });
        if (whenStoreFails === "skip")
          warn(`${namespace}:read`, { namespace, fault, err: String(error) }, "the store could not be read");
        return undefined;
      }
      if (copies) held?.set(key, { value, refused: false });
      return value;
    },
    write: (key, value) => store(key, value),
    delete: (key) => store(key, undefined),
    async update(key, change) {
      try {
        const next = await raw.update(key, (current) => {
          const parsed = current === undefined ? undefined : record.schema.safeParse(current);
          // An entry that does not fit is replaced by the change (the old one is logged, not kept).
          if (parsed && !parsed.success)
            warn(
              `${namespace}:broken`,
              { namespace },
              "a store entry that does not fit its record is replaced",
            );
          return change(parsed?.success ? parsed.data : undefined);
        });
        health.succeeded();
        if (copies) held?.set(key, { value: next, refused: false });
        else held?.delete(key);
        return next;
      } catch (error) {
        if (error instanceof StoreCorruptError) throw error;
        refused("update", error);
        return undefined;
      }
    },
  };
}
