/**
 * One storage for everything the bot persists: sessions, the last handled
 * update per chat, dialog state (conversations v2), the reference-data cache and
 * the service client's token/quota. Each user asks for its own namespace, so keys
 * never collide and a single Redis can serve several instances.
 *
 *   files (default): DATA_DIR/<namespace>/..  via @grammyjs/storage-file
 *   Redis (REDIS_URL): "<prefix>:<namespace>:<key>"  via @grammyjs/storage-redis
 *   memory (tests):  grammY's MemorySessionStorage
 *
 * Redis also gives the instances atomic claims ("<prefix>:claim:<key>", update
 * dedupe) and locks ("<prefix>:lock:<key>", one chat at a time).
 */
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { FileAdapter } from "@grammyjs/storage-file";
import { RedisAdapter } from "@grammyjs/storage-redis";
import { MemorySessionStorage, type StorageAdapter } from "grammy";
import type { Redis } from "ioredis";
import { acquireRedisLock, type RedisLock, type RedisLockOptions } from "../service/index.ts";

export type { StorageAdapter } from "grammy";
export type { RedisLock, RedisLockOptions } from "../service/index.ts";

export interface AdapterOptions {
  /** Entries expire after this many seconds (Redis: EX; files and memory: checked on read; files swept hourly). */
  ttlSeconds?: number;
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
  /** Releases connections; the store is unusable afterwards. */
  close(): Promise<void>;
}

const NAMESPACE = /^[a-z0-9_-]+$/i;

function checkNamespace(namespace: string): void {
  if (!NAMESPACE.test(namespace)) throw new Error(`Invalid storage namespace "${namespace}"`);
}

/** Keys become file names: keep them to a safe alphabet, keep them distinct. */
function fileKey(key: string): string {
  return /^[\w.-]+$/.test(key) ? key : `~${Buffer.from(key).toString("base64url")}`;
}

interface Expiring<T> {
  v: T;
  /** Expiry in Unix ms. */
  e: number;
}

/** TTL for stores without native expiry: wraps values with their deadline. */
function withExpiry<T>(inner: StorageAdapter<Expiring<T>>, ttlSeconds: number): StorageAdapter<T> {
  return {
    async read(key) {
      const entry = await inner.read(key);
      if (!entry) return undefined;
      if (entry.e <= Date.now()) {
        await inner.delete(key);
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

/**
 * Deletes the expired entries' files of one namespace (`dir/<xx>/<key>.json`). A file
 * written within its lifetime is not even read. Failures (a file gone or half written
 * meanwhile) leave it to the next sweep.
 */
async function sweepExpired(dir: string, ttlMs: number, now: number): Promise<void> {
  for (const sub of await readdir(dir).catch(() => [])) {
    for (const name of await readdir(join(dir, sub)).catch(() => [])) {
      const path = join(dir, sub, name);
      try {
        if (!name.endsWith(".json")) continue;
        const written = (await stat(path)).mtimeMs;
        if (written + ttlMs > now) continue;
        const entry: unknown = JSON.parse(await readFile(path, "utf8"));
        const expiry = typeof entry === "object" && entry !== null ? (entry as { e?: unknown }).e : undefined;
        // Written again meanwhile (a new entry under the old key): it stays.
        if (typeof expiry !== "number" || expiry > now || (await stat(path)).mtimeMs !== written) continue;
        await rm(path, { force: true });
      } catch {
        // Next time.
      }
    }
  }
}

export function createFileStore(dataDir: string): Store {
  // Per namespace, not per adapter: features make an adapter per call, and a sweep per
  // write would read the whole namespace's folder each time.
  const sweptAt = new Map<string, number>();
  return {
    kind: "file",
    claim: localClaims(),
    adapter<T>(namespace: string, options: AdapterOptions = {}) {
      checkNamespace(namespace);
      const make = <V>(): StorageAdapter<V> => {
        const files = new FileAdapter<V>({
          dirName: join(dataDir, namespace),
          // Compact JSON: dialog states are replay logs and add up (the budget is 8 KB each).
          serializer: (value) => JSON.stringify(value),
        });
        return {
          async read(key) {
            try {
              return await files.read(fileKey(key));
            } catch {
              // A file cut short by a crash mid-write reads as "nothing stored", never as a crash.
              return undefined;
            }
          },
          write: (key, value) => files.write(fileKey(key), value),
          delete: (key) => files.delete(fileKey(key)),
        };
      };
      if (!options.ttlSeconds) return make<T>();
      const expiring: StorageAdapter<T> = withExpiry<T>(make<Expiring<T>>(), options.ttlSeconds);
      const ttlMs = options.ttlSeconds * 1000;
      const swept: StorageAdapter<T> = {
        ...expiring,
        write(key: string, value: T) {
          // An entry is deleted when read after its expiry, and most (a list's records, its token)
          // are never read again: without a sweep their files pile up in DATA_DIR for good.
          const now = Date.now();
          if (now - (sweptAt.get(namespace) ?? 0) >= SWEEP_EVERY_MS) {
            sweptAt.set(namespace, now);
            void sweepExpired(join(dataDir, namespace), ttlMs, now);
          }
          return expiring.write(key, value);
        },
      };
      return swept;
    },
    close: async () => {},
  };
}

export function createRedisStore(redis: Redis, prefix = "bot"): Store {
  return {
    kind: "redis",
    redis,
    async claim(key, ttlMs) {
      return (await redis.set(`${prefix}:claim:${key}`, "1", "PX", ttlMs, "NX")) === "OK";
    },
    lock: (key, options) => acquireRedisLock(redis, `${prefix}:lock:${key}`, options),
    adapter<T>(namespace: string, options: AdapterOptions = {}): StorageAdapter<T> {
      checkNamespace(namespace);
      const inner = new RedisAdapter<T>({
        instance: redis,
        ttl: options.ttlSeconds,
      });
      const full = (key: string) => `${prefix}:${namespace}:${key}`;
      return {
        read: (key) => inner.read(full(key)),
        write: (key: string, value: T) => inner.write(full(key), value),
        delete: (key) => inner.delete(full(key)),
      };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function createMemoryStore(): Store {
  const namespaces = new Map<string, MemorySessionStorage<unknown>>();
  return {
    kind: "memory",
    claim: localClaims(),
    adapter<T>(namespace: string, options: AdapterOptions = {}) {
      checkNamespace(namespace);
      let storage = namespaces.get(namespace);
      if (!storage) {
        storage = new MemorySessionStorage<unknown>();
        namespaces.set(namespace, storage);
      }
      const typed = storage as MemorySessionStorage<T>;
      return options.ttlSeconds
        ? withExpiry(storage as MemorySessionStorage<Expiring<T>>, options.ttlSeconds)
        : typed;
    },
    close: async () => {},
  };
}

/** Opens the store the configuration asks for; Redis is imported only when used. */
export async function openStore(
  storage: { kind: "file"; dataDir: string } | { kind: "redis"; url: string },
  prefix = "bot",
): Promise<Store> {
  if (storage.kind === "file") return createFileStore(storage.dataDir);
  const { Redis } = await import("ioredis");
  const redis = new Redis(storage.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await redis.connect();
  return createRedisStore(redis, prefix);
}
