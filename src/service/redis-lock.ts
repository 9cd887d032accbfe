/**
 * A lock in Redis shared by processes: SET NX PX with a random token. Release
 * and extension run as scripts that compare the token first, so a holder whose
 * lock expired never frees or prolongs the next holder's lock. Waiters poll up
 * to a deadline and then get `acquired: false`: the caller decides whether to
 * run anyway (both users here do, so a dead holder never stops the others).
 *
 * Used by the service store (one token renewal for all processes) and by the
 * bot (one chat's updates one at a time across instances). No grammY here.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Redis } from "ioredis";

export interface RedisLockOptions {
  /** Lifetime of the lock unless extended, ms. */
  ttlMs: number;
  /** How long a waiter polls before giving up, ms (0: one attempt). */
  waitMs: number;
  /** Poll interval of a waiter, ms. */
  pollMs: number;
}

export interface RedisLock {
  /** False when the lock was not free within `waitMs`. */
  readonly acquired: boolean;
  /** Resets the lifetime to `ttlMs`; false when the lock is no longer ours (expired, or Redis failed). */
  extend(): Promise<boolean>;
  /** Frees the lock if it is still ours; never throws (it expires anyway). */
  release(): Promise<void>;
}

const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;
const EXTEND = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;

/** Takes `key` (a full Redis key). Redis errors while acquiring are thrown to the caller. */
export async function acquireRedisLock(
  redis: Redis,
  key: string,
  options: RedisLockOptions,
): Promise<RedisLock> {
  const token = randomUUID();
  const deadline = Date.now() + options.waitMs;
  let acquired = false;
  for (;;) {
    if ((await redis.set(key, token, "PX", options.ttlMs, "NX")) === "OK") {
      acquired = true;
      break;
    }
    if (Date.now() >= deadline) break;
    await sleep(options.pollMs);
  }
  return {
    acquired,
    async extend() {
      if (!acquired) return false;
      const result = await redis.eval(EXTEND, 1, key, token, options.ttlMs).catch(() => 0);
      return result === 1;
    },
    async release() {
      if (acquired) await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
    },
  };
}
