/**
 * A ServiceStore in Redis: several bot processes share one token (renewed by
 * one of them, under a Redis lock) and respect one quota.
 *
 * Keys (under `prefix`): `token` and `quota` as JSON, `lock:<key>` for locks
 * (see redis-lock.ts). Waiters poll; after `lockWaitMs` they run anyway (the
 * client's renewal re-reads the token first), so a dead holder never stops the
 * others for long.
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

export function createRedisStore(options: RedisStoreOptions): ServiceStore {
  const { redis } = options;
  const prefix = options.prefix ?? "crm:service:";
  const lockTtlMs = options.lockTtlMs ?? 20_000;
  const lockWaitMs = options.lockWaitMs ?? 25_000;
  const pollMs = options.pollMs ?? 50;
  const tokenKey = `${prefix}token`;
  const quotaKey = `${prefix}quota`;

  return {
    getToken: () => guarded("reading the token", async () => parse(await redis.get(tokenKey), tokenSchema)),

    setToken: (token) =>
      guarded("writing the token", async () => {
        if (!token) {
          await redis.del(tokenKey);
          return;
        }
        // Expire with the token when that is in the future by the wall clock.
        const ttl = Math.round(token.expiresAt - Date.now());
        if (ttl > 0) await redis.set(tokenKey, JSON.stringify(token), "PX", ttl);
        else await redis.set(tokenKey, JSON.stringify(token));
      }),

    getQuota: () => guarded("reading the quota", async () => parse(await redis.get(quotaKey), quotaSchema)),

    setQuota: (quota) =>
      guarded("writing the quota", async () => {
        await redis.set(quotaKey, JSON.stringify(quota));
      }),

    async withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const lock = await guarded("taking a lock", () =>
        acquireRedisLock(redis, `${prefix}lock:${key}`, { ttlMs: lockTtlMs, waitMs: lockWaitMs, pollMs }),
      );
      try {
        return await fn();
      } finally {
        await lock.release();
      }
    },
  };
}
