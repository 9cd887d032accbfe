/**
 * Entries of the Redis store: "<prefix>:<namespace>:<key>" as JSON, with Redis'
 * own expiry. A change of an entry (`update`) is one compare-and-set: the entry is
 * read, changed here, and written only if it is still what was read (a Lua script,
 * atomic in Redis), else read and changed again: concurrent changes from any
 * instance all land. An entry set aside is renamed "<key>:broken:<time>" and kept
 * for a week to be looked at.
 */
import type { Redis } from "ioredis";
import { StoreCorruptError, StoreReadError, StoreWriteError } from "./errors.ts";
import type { RawAdapter } from "./guard.ts";

/** KEYS[1] the entry; ARGV: "1" if it existed, the text read, "1" to delete, the new text, seconds to live or "". */
const COMPARE_AND_SET = `
local current = redis.call("GET", KEYS[1])
if (current == false and ARGV[1] == "1") or (current ~= false and (ARGV[1] ~= "1" or current ~= ARGV[2])) then
  return 0
end
if ARGV[3] == "1" then
  redis.call("DEL", KEYS[1])
elseif ARGV[5] ~= "" then
  redis.call("SET", KEYS[1], ARGV[4], "EX", ARGV[5])
else
  redis.call("SET", KEYS[1], ARGV[4])
end
return 1
`;

/** Changes raced by other writers this many times in a row give up (a store that cannot settle). */
const MAX_ATTEMPTS = 100;
const BROKEN_KEPT_SECONDS = 7 * 24 * 60 * 60;

/** KEYS[1] the entry, KEYS[2] where it goes; ARGV: the text that did not fit, seconds kept. */
const SET_ASIDE_IF_SAME = `
if redis.call("GET", KEYS[1]) ~= ARGV[1] then
  return 0
end
redis.call("RENAME", KEYS[1], KEYS[2])
redis.call("EXPIRE", KEYS[2], ARGV[2])
return 1
`;

export function redisEntries<T>(
  redis: Redis,
  namespace: string,
  full: (key: string) => string,
  ttlSeconds: number | undefined,
): RawAdapter<T> {
  const down = (error: unknown, what: "read" | "write") =>
    what === "read"
      ? new StoreReadError(namespace, "unavailable", { cause: error })
      : new StoreWriteError(namespace, "unavailable", { cause: error });
  const parse = (key: string, text: string): T => {
    try {
      return JSON.parse(text) as T;
    } catch (cause) {
      throw new StoreCorruptError(namespace, key, { cause });
    }
  };
  return {
    async read(key) {
      const text = await redis.get(full(key)).catch((error: unknown) => {
        throw down(error, "read");
      });
      return text === null ? undefined : parse(key, text);
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
    async update(key, change) {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const text = await redis.get(full(key)).catch((error: unknown) => {
          throw down(error, "read");
        });
        let current: T | undefined;
        try {
          current = text === null ? undefined : parse(key, text);
        } catch {
          // A foreign or torn entry is replaced by the change.
          current = undefined;
        }
        const next = change(current);
        const args = [
          text === null ? "0" : "1",
          text ?? "",
          next === undefined ? "1" : "0",
          next === undefined ? "" : JSON.stringify(next),
          ttlSeconds ? String(ttlSeconds) : "",
        ];
        const set = await redis.eval(COMPARE_AND_SET, 1, full(key), ...args).catch((error: unknown) => {
          throw down(error, "write");
        });
        if (set === 1) return next;
      }
      throw new StoreWriteError(namespace, "failed", { cause: new Error("too many concurrent changes") });
    },
    // Only the text that did not fit, as one step: an entry another writer put there meanwhile stays.
    async setAside(key, fits) {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const text = await redis.get(full(key)).catch((error: unknown) => {
          throw down(error, "read");
        });
        if (text === null) return;
        let fitting = false;
        try {
          fitting = fits(parse(key, text));
        } catch {
          // Not JSON: it does not fit.
        }
        if (fitting) return;
        const aside = `${full(key)}:broken:${Date.now()}`;
        const moved = await redis
          .eval(SET_ASIDE_IF_SAME, 2, full(key), aside, text, String(BROKEN_KEPT_SECONDS))
          .catch((error: unknown) => {
            throw down(error, "write");
          });
        if (moved === 1) return;
      }
    },
  };
}
