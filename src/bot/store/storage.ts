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
 * What a namespace does when the store fails (read-only, full, Redis down) is
 * its own choice (AdapterOptions, guard.ts); `health()` reports the store.
 *
 * Redis also gives the instances atomic claims ("<prefix>:claim:<key>", update
 * dedupe) and locks ("<prefix>:lock:<key>", one chat at a time).
 */
import { join } from "node:path";
import { MemorySessionStorage, type StorageAdapter } from "grammy";
import type { Redis, RedisOptions } from "ioredis";
import { pino } from "pino";
import type { Logger } from "../../logger.ts";
import { acquireRedisLock, type RedisLock, type RedisLockOptions } from "../../service/index.ts";
import { StoreCorruptError, StoreReadError, StoreWriteError } from "./errors.ts";
import { fileEntries, type RawAdapter, sweepExpired, tightenTree } from "./files.ts";
import {
  createHealthTracker,
  type FaultSwitch,
  guard,
  type HealthTracker,
  rateLimitedWarn,
  type StoreHealth,
  type Warn,
  withFaults,
} from "./guard.ts";

export type { StorageAdapter } from "grammy";
export type { RedisLock, RedisLockOptions } from "../../service/index.ts";
export * from "./errors.ts";
export type { FaultSwitch, StoreHealth } from "./guard.ts";

export interface AdapterOptions {
  /** Entries expire after this many seconds (Redis: EX; files and memory: checked on read; files swept hourly). */
  ttlSeconds?: number;
  /**
   * A failed write or read: "throw" (default) StoreWriteError / StoreReadError; "skip" for
   * bookkeeping and caches (skipped with a rate-limited warning; a failed read is "nothing stored").
   */
  failures?: "throw" | "skip";
  /** An entry that exists but cannot be read back: "empty" (default, reads as nothing) or "throw" StoreCorruptError. */
  corrupt?: "throw" | "empty";
  /** The last this many entries read or written are served from memory while the store cannot be read. */
  keep?: number;
  /** Files only readable by the bot's user (0600 in a 0700 folder); written durably. */
  secret?: boolean;
  /** fsync before the rename (files): for records a power cut must not take back. */
  durable?: boolean;
}

export interface Store {
  readonly kind: "file" | "redis" | "memory";
  /** A key-value adapter for one namespace (letters, digits, "-" and "_"). */
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

interface StoreOptions {
  /** Warnings of skipped writes and faults; silent when absent. */
  logger?: Logger;
  /** Tests: raw operations fail while this says so. */
  faults?: FaultSwitch;
}

const NAMESPACE = /^[a-z0-9_-]+$/i;

function checkNamespace(namespace: string): void {
  if (!NAMESPACE.test(namespace)) throw new Error(`Invalid storage namespace "${namespace}"`);
}

interface Expiring<T> {
  v: T;
  /** Expiry in Unix ms. */
  e: number;
}

/** TTL for stores without native expiry: wraps values with their deadline. */
function withExpiry<T>(inner: RawAdapter<Expiring<T>>, ttlSeconds: number): RawAdapter<T> {
  return {
    async read(key) {
      const entry = await inner.read(key);
      if (!entry) return undefined;
      if (entry.e <= Date.now()) {
        await inner.delete(key).catch(() => undefined);
        return undefined;
      }
      return entry.v;
    },
    write: (key, value) => inner.write(key, { v: value, e: Date.now() + ttlSeconds * 1000 }),
    delete: (key) => inner.delete(key),
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
  // Per namespace, not per adapter: features make an adapter per call, and a sweep per
  // write would read the whole namespace's folder each time.
  const sweptAt = new Map<string, number>();
  const tightened = new Set<string>();
  return {
    kind: "file",
    claim: localClaims(),
    health: health.report,
    adapter<T>(namespace: string, adapterOptions: AdapterOptions = {}) {
      checkNamespace(namespace);
      const dir = join(dataDir, namespace);
      const { secret, ttlSeconds } = adapterOptions;
      if (secret && !tightened.has(namespace)) {
        // Files an older version left readable by everyone: narrowed before anything reads them.
        tightened.add(namespace);
        void tightenTree(dir).catch((error: unknown) =>
          logger.warn({ namespace, err: String(error) }, "could not narrow the modes of a secret folder"),
        );
      }
      const entryOptions = { namespace, secret, durable: adapterOptions.durable || secret };
      const raw = <V>() => withFaults(fileEntries<V>(dir, entryOptions), options.faults);
      let entries: RawAdapter<T> = raw<T>();
      if (ttlSeconds) {
        const expiring = withExpiry<T>(raw<Expiring<T>>(), ttlSeconds);
        const ttlMs = ttlSeconds * 1000;
        entries = {
          ...expiring,
          write(key, value) {
            // An entry is deleted when read after its expiry, and most (a list's records, its token)
            // are never read again: without a sweep their files pile up in DATA_DIR for good.
            const now = Date.now();
            if (now - (sweptAt.get(namespace) ?? 0) >= SWEEP_EVERY_MS) {
              sweptAt.set(namespace, now);
              void sweepExpired(dir, ttlMs, now);
            }
            return expiring.write(key, value);
          },
        };
      }
      return guard(entries, { ...adapterOptions, namespace, health, warn });
    },
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

function redisEntries<T>(
  redis: Redis,
  namespace: string,
  full: (key: string) => string,
  ttlSeconds: number | undefined,
): RawAdapter<T> {
  const down = (error: unknown, what: "read" | "write") =>
    what === "read"
      ? new StoreReadError(namespace, "unavailable", { cause: error })
      : new StoreWriteError(namespace, "unavailable", { cause: error });
  return {
    async read(key) {
      const text = await redis.get(full(key)).catch((error: unknown) => {
        throw down(error, "read");
      });
      if (text === null) return undefined;
      try {
        return JSON.parse(text) as T;
      } catch (cause) {
        throw new StoreCorruptError(namespace, key, { cause });
      }
    },
    async write(key, value) {
      const text = JSON.stringify(value);
      await (ttlSeconds ? redis.set(full(key), text, "EX", ttlSeconds) : redis.set(full(key), text)).catch(
        (error: unknown) => {
          throw down(error, "write");
        },
      );
    },
    async delete(key) {
      await redis.del(full(key)).catch((error: unknown) => {
        throw down(error, "write");
      });
    },
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
    adapter<T>(namespace: string, adapterOptions: AdapterOptions = {}): StorageAdapter<T> {
      checkNamespace(namespace);
      const full = (key: string) => `${prefix}:${namespace}:${key}`;
      const raw = withFaults(
        redisEntries<T>(redis, namespace, full, adapterOptions.ttlSeconds),
        options.faults,
      );
      return guard(raw, { ...adapterOptions, namespace, health, warn });
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function createMemoryStore(options: StoreOptions = {}): Store {
  const { health, warn } = common(options);
  const namespaces = new Map<string, MemorySessionStorage<unknown>>();
  return {
    kind: "memory",
    claim: localClaims(),
    health: health.report,
    adapter<T>(namespace: string, adapterOptions: AdapterOptions = {}) {
      checkNamespace(namespace);
      let storage = namespaces.get(namespace);
      if (!storage) {
        storage = new MemorySessionStorage<unknown>();
        namespaces.set(namespace, storage);
      }
      const memory = storage;
      const plain = <V>(): RawAdapter<V> => ({
        read: async (key) => memory.read(key) as V | undefined,
        write: async (key, value) => memory.write(key, value),
        delete: async (key) => memory.delete(key),
      });
      const entries = adapterOptions.ttlSeconds
        ? withExpiry(plain<Expiring<T>>(), adapterOptions.ttlSeconds)
        : plain<T>();
      return guard(withFaults(entries, options.faults), { ...adapterOptions, namespace, health, warn });
    },
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
