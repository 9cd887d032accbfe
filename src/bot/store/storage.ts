/**
 * One storage for everything the bot persists: sessions, the last handled
 * update per chat, dialog state (conversations v2), the reference-data cache and
 * the service client's token/quota. Each user asks for its own namespace, so keys
 * never collide and a single Redis can serve several instances.
 *
 *   files (default): DATA_DIR/<namespace>/<xx>/<key>.json, written atomically (files.ts)
 *   Redis (REDIS_URL): "<prefix>:<namespace>:<key>" as JSON
 *   memory (tests):  grammY's MemorySessionStorage
 *
 * What a namespace holds, how long, and what it does when the store fails
 * (read-only, full, Redis down) is declared once, as a record (registry.ts);
 * `open(record)` gives its entries, checked (guard.ts). `health()` reports the store.
 *
 * Redis also gives the instances atomic claims ("<prefix>:claim:<key>", update
 * dedupe) and locks ("<prefix>:lock:<key>", one chat at a time).
 */
import { join } from "node:path";
import { MemorySessionStorage, type StorageAdapter } from "grammy";
import type { Redis, RedisOptions } from "ioredis";
import { pino } from "pino";
import { z } from "zod";
import type { Logger } from "../../logger.ts";
import { acquireRedisLock, type RedisLock, type RedisLockOptions } from "../../service/index.ts";
import { fileEntries, sweepExpired, tightenTree } from "./files.ts";
import {
  createHealthTracker,
  type FaultSwitch,
  guard,
  type HealthTracker,
  perKeyQueue,
  type RawAdapter,
  type RecordAdapter,
  rateLimitedWarn,
  type StoreHealth,
  type Warn,
  withFaults,
} from "./guard.ts";
import { redisEntries } from "./redis-entries.ts";
import type { Persisted } from "./registry.ts";

export type { StorageAdapter } from "grammy";
export type { RedisLock } from "../../service/index.ts";
export * from "./errors.ts";
export type { FaultSwitch, RecordAdapter } from "./guard.ts";
export { type Persisted, persisted } from "./registry.ts";

/** Options of `adapter()`, the unchecked access tests use to seed and inspect a namespace. */
interface AdapterOptions {
  ttlSeconds?: number;
  failures?: "throw" | "skip";
  corrupt?: "throw" | "empty";
  keep?: number;
  secret?: boolean;
  durable?: boolean;
}

export interface Store {
  readonly kind: "file" | "redis" | "memory";
  /** A record's entries (registry.ts): checked against its schema, failing as it declares. */
  open<T>(record: Persisted<T>): RecordAdapter<T>;
  /** Unchecked entries of a namespace: for tests and tools that seed or inspect one; the bot opens records. */
  adapter<T>(namespace: string, options?: AdapterOptions): StorageAdapter<T>;
  /** The Redis connection of a Redis store (the service client's shared token store uses it too). */
  readonly redis?: Redis;
  /**
   * Takes `key` for `ttlMs`, atomically: true for the first caller, false while it is taken.
   * Redis: SET NX PX, across instances. Memory and files: within this process (a file
   * store serves one instance by nature).
   */
  claim?(key: string, ttlMs: number): Promise<boolean>;
  /** A lock across instances; only shared stores have one (one process is ordered by sequentialize). */
  lock?(key: string, options: RedisLockOptions): Promise<RedisLock>;
  /** Whether the store takes writes (and, for Redis, is connected): for /health. */
  health?(): StoreHealth;
  /** Releases connections; the store is unusable afterwards. */
  close(): Promise<void>;
}

/** The record `adapter(namespace, options)` stands for: anything JSON reads back. */
function uncheckedRecord<T>(namespace: string, options: AdapterOptions): Persisted<T> {
  return {
    namespace,
    schema: z.unknown() as unknown as z.ZodType<T>,
    ttlSeconds: options.ttlSeconds,
    whenStoreFails: options.failures ?? "throw",
    broken: options.corrupt === "throw" ? "throw" : "set-aside",
    keep: options.keep ? { entries: options.keep, copies: "all" } : undefined,
    secret: options.secret,
    durable: options.durable,
  };
}

interface StoreOptions {
  /** Warnings of skipped writes and faults; silent when absent. */
  logger?: Logger;
  /** Tests: raw operations fail while this says so. */
  faults?: FaultSwitch;
  /** The memory store's clock for expiry (a bench's simulated day); Date.now by default. */
  now?: () => number;
}

const NAMESPACE = /^[a-z0-9_-]+$/i;

function checkNamespace(namespace: string): void {
  if (!NAMESPACE.test(namespace)) throw new Error(`Invalid storage namespace "${namespace}"`);
}

/** Every option of an adapter (a new option left out here fails to compile). */
const ADAPTER_OPTIONS = {
  ttlSeconds: true,
  failures: true,
  corrupt: true,
  keep: true,
  secret: true,
  durable: true,
} satisfies Record<keyof Required<AdapterOptions>, true>;

/** Every option the same. */
function sameOptions(a: AdapterOptions, b: AdapterOptions): boolean {
  for (const key in ADAPTER_OPTIONS) {
    const option = key as keyof AdapterOptions;
    if (!Object.is(a[option], b[option])) return false;
  }
  return true;
}

/**
 * `open` and `adapter` of a store, from the one function that opens a record. A record
 * is opened once per store: what it keeps in memory is shared by every caller.
 */
function opener(open: <T>(record: Persisted<T>) => RecordAdapter<T>) {
  const opened = new WeakMap<Persisted<unknown>, RecordAdapter<unknown>>();
  const adapters = new Map<string, { options: AdapterOptions; entries: StorageAdapter<unknown> }[]>();
  return {
    open<T>(record: Persisted<T>): RecordAdapter<T> {
      const known = opened.get(record as Persisted<unknown>);
      if (known) return known as RecordAdapter<T>;
      checkNamespace(record.namespace);
      const entries = open(record);
      opened.set(record as Persisted<unknown>, entries as RecordAdapter<unknown>);
      return entries;
    },
    adapter<T>(namespace: string, options: AdapterOptions = {}): StorageAdapter<T> {
      // Opened once per namespace and options too: the write markers' adapter is asked for on every update.
      const known = adapters.get(namespace)?.find((opened) => sameOptions(opened.options, options));
      if (known) return known.entries as StorageAdapter<T>;
      checkNamespace(namespace);
      const entries = open(uncheckedRecord<T>(namespace, options));
      const opened = adapters.get(namespace) ?? [];
      opened.push({ options: { ...options }, entries: entries as StorageAdapter<unknown> });
      adapters.set(namespace, opened);
      return entries;
    },
  };
}

interface Expiring<T> {
  v: T;
  /** Expiry in Unix ms. */
  e: number;
}

/** TTL for stores without native expiry: wraps values with their deadline. */
function withExpiry<T>(
  inner: RawAdapter<Expiring<T>>,
  ttlSeconds: number,
  // Looked up per call: tests that fake timers after the store opens still see theirs.
  now: () => number = () => Date.now(),
): RawAdapter<T> {
  return {
    async read(key) {
      const entry = await inner.read(key);
      if (!entry) return undefined;
      if (entry.e <= now()) {
        await inner.delete(key).catch(() => undefined);
        return undefined;
      }
      return entry.v;
    },
    write: (key, value) => inner.write(key, { v: value, e: now() + ttlSeconds * 1000 }),
    delete: (key) => inner.delete(key),
    async update(key, change) {
      const next = await inner.update(key, (entry) => {
        const value = change(entry && entry.e > now() ? entry.v : undefined);
        return value === undefined ? undefined : { v: value, e: now() + ttlSeconds * 1000 };
      });
      return next?.v;
    },
    setAside: (key, fits) =>
      inner.setAside(
        key,
        (entry) => typeof entry === "object" && entry !== null && fits((entry as Expiring<T>).v),
      ),
  };
}

/** In-process claims: a map of deadlines, swept from its oldest end as claims are made. */
function localClaims(): (key: string, ttlMs: number) => Promise<boolean> {
  const until = new Map<string, number>();
  return async (key, ttlMs) => {
    const now = Date.now();
    // Insertion order is about deadline order (each caller uses one TTL): drop expired heads.
    for (const [oldKey, deadline] of until) {
      if (deadline > now) break;
      until.delete(oldKey);
    }
    const taken = until.get(key);
    if (taken !== undefined && taken > now) return false;
    until.delete(key);
    until.set(key, now + ttlMs);
    return true;
  };
}

/** How often, at most, a namespace with a TTL is swept of expired files (on a write; the first write at once). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

function common(options: StoreOptions): { health: HealthTracker; warn: Warn; logger: Logger } {
  const logger = options.logger ?? pino({ level: "silent" });
  return { health: createHealthTracker(), warn: rateLimitedWarn(logger), logger };
}

export function createFileStore(dataDir: string, options: StoreOptions = {}): Store {
  const { health, warn, logger } = common(options);
  // Per namespace: a sweep per write would read the whole namespace's folder each time.
  const sweptAt = new Map<string, number>();
  const tightened = new Set<string>();
  return {
    kind: "file",
    claim: localClaims(),
    health: health.report,
    ...opener(<T>(record: Persisted<T>) => {
      const { namespace, secret, ttlSeconds } = record;
      const dir = join(dataDir, namespace);
      if (secret && !tightened.has(namespace)) {
        // Files an older version left readable by everyone: narrowed before anything reads them.
        tightened.add(namespace);
        void tightenTree(dir).catch((error: unknown) =>
          logger.warn({ namespace, err: String(error) }, "could not narrow the modes of a secret folder"),
        );
      }
      const entryOptions = { namespace, secret, durable: record.durable || secret };
      const raw = <V>() => withFaults(fileEntries<V>(dir, entryOptions), options.faults);
      let entries: RawAdapter<T> = raw<T>();
      if (ttlSeconds) {
        const expiring = withExpiry<T>(raw<Expiring<T>>(), ttlSeconds);
        const ttlMs = ttlSeconds * 1000;
        // An entry is deleted when read after its expiry, and most (a list's records, its token)
        // are never read again: without a sweep their files pile up in DATA_DIR for good.
        const sweep = () => {
          const now = Date.now();
          if (now - (sweptAt.get(namespace) ?? 0) >= SWEEP_EVERY_MS) {
            sweptAt.set(namespace, now);
            void sweepExpired(dir, ttlMs, now);
          }
        };
        entries = {
          ...expiring,
          write(key, value) {
            sweep();
            return expiring.write(key, value);
          },
          update(key, change) {
            sweep();
            return expiring.update(key, change);
          },
        };
      }
      return guard(entries, record, { health, warn });
    }),
    close: async () => {},
  };
}

/**
 * ioredis settings that answer within seconds while Redis is down: no offline
 * queue (a command fails at once while disconnected), bounded connect and command
 * timeouts, one retry. Reconnection goes on in the background (every 2 s at most),
 * so the bot recovers without a restart when Redis is back.
 */
export function redisOptions(timeoutMs: number): RedisOptions {
  return {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 100, 2000),
  };
}

export function createRedisStore(redis: Redis, prefix = "bot", options: StoreOptions = {}): Store {
  const { health, warn } = common(options);
  // Connected again: the failures seen while it was down are over.
  redis.on("ready", () => health.succeeded());
  return {
    kind: "redis",
    redis,
    async claim(key, ttlMs) {
      return (await redis.set(`${prefix}:claim:${key}`, "1", "PX", ttlMs, "NX")) === "OK";
    },
    lock: (key, lockOptions) => acquireRedisLock(redis, `${prefix}:lock:${key}`, lockOptions),
    health() {
      // The connection first: a Redis that is down fails every read and write.
      if (redis.status !== "ready") {
        return { ok: false, fault: "unavailable", reason: `redis ${redis.status}` };
      }
      return health.report();
    },
    ...opener(<T>(record: Persisted<T>) => {
      const full = (key: string) => `${prefix}:${record.namespace}:${key}`;
      const raw = withFaults(
        redisEntries<T>(redis, record.namespace, full, record.ttlSeconds),
        options.faults,
      );
      return guard(raw, record, { health, warn });
    }),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function createMemoryStore(options: StoreOptions = {}): Store {
  const { health, warn } = common(options);
  const namespaces = new Map<string, MemorySessionStorage<unknown>>();
  const queue = perKeyQueue();
  return {
    kind: "memory",
    claim: localClaims(),
    health: health.report,
    ...opener(<T>(record: Persisted<T>) => {
      const { namespace } = record;
      let storage = namespaces.get(namespace);
      if (!storage) {
        storage = new MemorySessionStorage<unknown>();
        namespaces.set(namespace, storage);
      }
      const memory = storage;
      const plain = <V>(): RawAdapter<V> => {
        const read = async (key: string) => memory.read(key) as V | undefined;
        const write = async (key: string, value: V) => memory.write(key, value);
        const remove = async (key: string) => memory.delete(key);
        return {
          read,
          write,
          delete: remove,
          update: (key, change) =>
            queue(`${namespace}\0${key}`, async () => {
              const next = change(await read(key));
              if (next === undefined) await remove(key);
              else await write(key, next);
              return next;
            }),
          async setAside(key, fits) {
            if (!fits(await read(key))) await remove(key);
          },
        };
      };
      const entries = record.ttlSeconds
        ? withExpiry(plain<Expiring<T>>(), record.ttlSeconds, options.now)
        : plain<T>();
      return guard(withFaults(entries, options.faults), record, { health, warn });
    }),
    close: async () => {},
  };
}

/** Opens the store the configuration asks for; Redis is imported only when used. */
export async function openStore(
  storage: { kind: "file"; dataDir: string } | { kind: "redis"; url: string; timeoutMs?: number },
  prefix = "bot",
  options: StoreOptions = {},
): Promise<Store> {
  if (storage.kind === "file") return createFileStore(storage.dataDir, options);
  const { Redis } = await import("ioredis");
  const redis = new Redis(storage.url, redisOptions(storage.timeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS));
  // Errors are the commands' to report; without a listener ioredis prints each reconnect failure.
  redis.on("error", () => undefined);
  await redis.connect();
  return createRedisStore(redis, prefix, options);
}

export const DEFAULT_REDIS_TIMEOUT_MS = 2000;
