/**
 * A ServiceStore in Redis: several bot processes share one token (renewed by
 * one of them, under a Redis lock) and respect one quota.
 *
 * Keys (under `prefix`): `token` and `quota` as JSON, `lock:<key>` for locks
 * (see redis-lock.ts). Waiters poll; after `lockWaitMs` they run anyway (the
 * client's renewal re-reads the token first), so a dead holder never stops the
 * others for long.
 *
 * While Redis is down the process goes on with what it last read or wrote
 * here (the token, the quota): a known token keeps serving requests, a renewal
 * runs without the lock, and what could not be written is written again with
 * the next change. Only a process that never read anything fails (kind
 * "unavailable").
 */
import type { Redis } from "ioredis";
import { z } from "zod";
import { ServiceError } from "./errors.ts";
import { acquireRedisLock } from "./redis-lock.ts";
import type { ServiceStore, StoredQuota, StoredToken } from "./store.ts";

export interface RedisStoreOptions {
  /** A connected ioredis client; the caller owns (and closes) it. */
  redis: Redis;
  /** Key prefix shared by the processes of one API client. Default "crm:service:". */
  prefix?: string;
  /** Lock lifetime: longer than one login call. Default 20000. */
  lockTtlMs?: number;
  /** How long a waiter polls for the lock before running anyway. Default 25000. */
  lockWaitMs?: number;
  /** Poll interval of a waiter. Default 50. */
  pollMs?: number;
}

const tokenSchema: z.ZodType<StoredToken> = z.object({
  token: z.string(),
  expiresAt: z.number(),
  renewAt: z.number(),
});
const quotaSchema: z.ZodType<StoredQuota> = z.object({
  remaining: z.number(),
  resetAt: z.number().nullable(),
});

/** A stored JSON value through its schema; a foreign or broken value reads as "none". */
function parse<T>(text: string | null, schema: z.ZodType<T>): T | undefined {
  if (text === null) return undefined;
  try {
    return schema.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined; // not JSON
  }
}

/** Redis failures become kind "unavailable", like any other outage of the service path. */
async function guarded<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (cause) {
    if (cause instanceof ServiceError) throw cause;
    throw new ServiceError("unavailable", `Redis store: ${what} failed`, { cause });
  }
}

/** The last value read or written, for when Redis cannot be asked. */
interface Known<T> {
  value: T | undefined;
  /** A write Redis refused: Redis may not hold this value yet. */
  unsaved: boolean;
}

export function createRedisTokenStore(options: RedisStoreOptions): ServiceStore {
  const { redis } = options;
  const prefix = options.prefix ?? "crm:service:";
  const lockTtlMs = options.lockTtlMs ?? 20_000;
  const lockWaitMs = options.lockWaitMs ?? 25_000;
  const pollMs = options.pollMs ?? 50;
  const tokenKey = `${prefix}token`;
  const quotaKey = `${prefix}quota`;

  const writeToken = async (token: StoredToken | undefined) => {
    if (!token) {
      await redis.del(tokenKey);
      return;
    }
    // Expire with the token when that is in the future by the wall clock.
    const ttl = Math.round(token.expiresAt - Date.now());
    if (ttl > 0) await redis.set(tokenKey, JSON.stringify(token), "PX", ttl);
    else await redis.set(tokenKey, JSON.stringify(token));
  };
  const writeQuota = async (quota: StoredQuota | undefined) => {
    if (quota) await redis.set(quotaKey, JSON.stringify(quota));
  };

  /** Reads through Redis; while it fails, the last known value (or a ServiceError when none). */
  const keptValue = <T>(
    what: string,
    load: () => Promise<T | undefined>,
    save: (value: T | undefined) => Promise<void>,
  ) => {
    let known: Known<T> | undefined;
    return {
      async get(): Promise<T | undefined> {
        try {
          const value = await load();
          // Back after an outage: what the other processes kept in Redis wins; ours fills a gap.
          if (value === undefined && known?.unsaved && known.value !== undefined) {
            await save(known.value);
            known.unsaved = false;
            return known.value;
          }
          known = { value, unsaved: false };
          return value;
        } catch (cause) {
          if (known) return known.value;
          throw new ServiceError("unavailable", `Redis store: reading the ${what} failed`, { cause });
        }
      },
      async set(value: T | undefined): Promise<void> {
        known = { value, unsaved: true };
        try {
          await save(value);
          if (known.value === value) known.unsaved = false;
        } catch {
          // Kept here and written with the next read or change.
        }
      },
    };
  };

  const token = keptValue<StoredToken>(
    "token",
    async () => parse(await redis.get(tokenKey), tokenSchema),
    writeToken,
  );
  const quota = keptValue<StoredQuota>(
    "quota",
    async () => parse(await redis.get(quotaKey), quotaSchema),
    writeQuota,
  );

  return {
    getToken: () => token.get(),
    setToken: (value) => token.set(value),
    getQuota: () => quota.get(),
    setQuota: (value) => quota.set(value),

    async withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const lock = await guarded("taking a lock", () =>
        acquireRedisLock(redis, `${prefix}lock:${key}`, { ttlMs: lockTtlMs, waitMs: lockWaitMs, pollMs }),
      ).catch(() => undefined);
      // Without Redis there is no lock to share: this process renews on its own, as a waiter past its wait does.
      try {
        return await fn();
      } finally {
        await lock?.release();
      }
    },
  };
}
