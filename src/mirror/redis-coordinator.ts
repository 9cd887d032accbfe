/**
 * Several instances (REDIS_URL): exactly one syncs, every one reads locally.
 *
 *   <prefix>lease   the syncing instance's lease (SET NX PX, renewed while it lives;
 *                   a dead holder's lease expires and another instance takes over)
 *   <prefix>state   the sync state (watermark, the run in progress), shared so a
 *                   new leader goes on where the old one stopped
 *   <prefix>orders  every record (hash id -> {s: syncedAt, r: record}): a new or
 *                   long-gone replica starts from it
 *   <prefix>feed    a stream of batches (records and changes) that the other
 *                   instances apply to their own SQLite copy
 *
 * A batch goes into the hash and the stream in one script, and an older record
 * never replaces a newer one (a bot's write-through against a sync's read).
 */
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { Coordinator, FeedBatch } from "./coordinator.ts";
import type { MirrorDb } from "./db.ts";
import type { SyncState } from "./sync.ts";

interface RedisCoordinatorOptions {
  redis: Redis;
  /** Key prefix, e.g. "bot:mirror:". */
  prefix: string;
  instanceId: string;
  /** Lifetime of the lease unless renewed; a dead leader is replaced within about this long. */
  leaseMs?: number;
  /** Batches kept in the stream (approximate); a replica further behind starts from the hash. */
  feedMaxLen?: number;
  /** How long one blocking read of the stream waits (its connection waits this long plus the command timeout). */
  blockMs?: number;
  logger?: Logger;
}

const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_BLOCK_MS = 5_000;
const CURSOR_KEY = "feedCursor";
const READ_COUNT = 100;

/** KEYS: hash, stream. ARGV: maxlen, batch JSON, then id, syncedAt, record JSON per record. */
const PUBLISH = `
for i = 3, #ARGV, 3 do
  local held = redis.call("hget", KEYS[1], ARGV[i])
  local newer = true
  if held then
    local s = cjson.decode(held)["s"]
    if s and tonumber(s) > tonumber(ARGV[i + 1]) then newer = false end
  end
  if newer then
    redis.call("hset", KEYS[1], ARGV[i], cjson.encode({s = tonumber(ARGV[i + 1]), r = ARGV[i + 2]}))
  end
end
return redis.call("xadd", KEYS[2], "MAXLEN", "~", ARGV[1], "*", "b", ARGV[2])
`;
const EXTEND = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/** Stream ids compare as (ms, seq). */
function idBefore(a: string, b: string): boolean {
  const [am = 0, as = 0] = a.split("-").map(Number);
  const [bm = 0, bs = 0] = b.split("-").map(Number);
  return am < bm || (am === bm && as < bs);
}

type Entries = [string, string[]][];

export function redisCoordinator(options: RedisCoordinatorOptions): (db: MirrorDb) => Coordinator {
  return (db) => createRedisCoordinator(db, options);
}

function createRedisCoordinator(db: MirrorDb, options: RedisCoordinatorOptions): Coordinator {
  const { redis, prefix, logger } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const keys = {
    lease: `${prefix}lease`,
    state: `${prefix}state`,
    orders: `${prefix}orders`,
    feed: `${prefix}feed`,
  };
  const token = `${options.instanceId}:${randomUUID()}`;
  let leading = false;
  let renewal: NodeJS.Timeout | undefined;
  let reader: Redis | undefined;
  let closed = false;
  let apply: ((batch: FeedBatch) => void) | undefined;
  let cursor = db.getMeta<string>(CURSOR_KEY);

  const advance = (id: string): void => {
    if (cursor === undefined || idBefore(cursor, id)) {
      cursor = id;
      db.setMeta(CURSOR_KEY, id);
    }
  };

  const applyEntries = (entries: Entries): void => {
    for (const [id, fields] of entries) {
      const json = fields[fields.indexOf("b") + 1];
      if (json !== undefined) {
        try {
          apply?.(JSON.parse(json) as FeedBatch);
        } catch (error) {
          logger?.warn({ err: String(error), id }, "mirror: a feed entry could not be applied; skipped");
        }
      }
      advance(id);
    }
  };

  /** Every record of the hash, as one batch without changes (a replica starting or far behind). */
  const loadSnapshot = async (): Promise<void> => {
    const last = (await redis.xrevrange(keys.feed, "+", "-", "COUNT", 1))[0]?.[0];
    let scanCursor = "0";
    do {
      const [next, flat] = await redis.hscan(keys.orders, scanCursor, "COUNT", 500);
      scanCursor = next;
      const bySyncedAt = new Map<number, string[]>();
      for (let i = 1; i < flat.length; i += 2) {
        const { s, r } = JSON.parse(flat[i] ?? "{}") as { s: number; r: string };
        bySyncedAt.set(s, [...(bySyncedAt.get(s) ?? []), r]);
      }
      for (const [syncedAt, records] of bySyncedAt) {
        apply?.({ origin: "snapshot", syncedAt, records, changes: [] });
      }
    } while (scanCursor !== "0");
    if (last) advance(last);
  };

  /** Applies what the stream holds after the cursor; resolves when nothing is left. */
  const catchUp = async (): Promise<void> => {
    const first = (await redis.xrange(keys.feed, "-", "+", "COUNT", 1))[0]?.[0];
    // Never read, or entries after our cursor may have been trimmed away: start from the hash.
    if (cursor === undefined || (first !== undefined && idBefore(cursor, first))) {
      await loadSnapshot();
      if (cursor === undefined) advance("0-0");
    }
    for (;;) {
      const entries = (await redis.xrange(
        keys.feed,
        `(${cursor ?? "0-0"}`,
        "+",
        "COUNT",
        READ_COUNT,
      )) as Entries;
      if (entries.length === 0) return;
      applyEntries(entries);
    }
  };

  const readLoop = async (): Promise<void> => {
    while (!closed && reader) {
      try {
        const answer = (await reader.xread(
          "COUNT",
          READ_COUNT,
          "BLOCK",
          options.blockMs ?? DEFAULT_BLOCK_MS,
          "STREAMS",
          keys.feed,
          cursor ?? "0-0",
        )) as [string, Entries][] | null;
        for (const [, entries] of answer ?? []) applyEntries(entries);
      } catch (error) {
        if (closed) return;
        logger?.warn({ err: String(error) }, "mirror: reading the change feed failed; retrying");
        await new Promise((resolve) => setTimeout(resolve, 1_000).unref());
      }
    }
  };

  const stopRenewal = () => {
    if (renewal) clearInterval(renewal);
    renewal = undefined;
  };

  return {
    kind: "redis",

    async lead() {
      if (closed) return false;
      try {
        if (leading) {
          leading = (await redis.eval(EXTEND, 1, keys.lease, token, leaseMs)) === 1;
        } else if ((await redis.set(keys.lease, token, "PX", leaseMs, "NX")) === "OK") {
          // A new leader first applies everything the old one published: its diffs compare with the latest.
          await catchUp();
          leading = true;
          renewal = setInterval(
            () => {
              redis
                .eval(EXTEND, 1, keys.lease, token, leaseMs)
                .then((extended) => {
                  if (extended !== 1) {
                    leading = false;
                    stopRenewal();
                  }
                })
                .catch(() => undefined);
            },
            Math.floor(leaseMs / 3),
          );
          renewal.unref();
        }
      } catch (error) {
        logger?.warn({ err: String(error) }, "mirror: the lease could not be checked; not syncing now");
        leading = false;
      }
      if (!leading) stopRenewal();
      return leading;
    },

    async loadState() {
      const json = await redis.get(keys.state);
      return json === null ? undefined : (JSON.parse(json) as SyncState);
    },

    async saveState(state) {
      await redis.set(keys.state, JSON.stringify(state));
    },

    async publish(batch) {
      const args: (string | number)[] = [options.feedMaxLen ?? 100_000, JSON.stringify(batch)];
      for (const record of batch.records) {
        const id = (JSON.parse(record) as { id: string }).id;
        args.push(id, batch.syncedAt, record);
      }
      // Our own entry comes back through the reader, which skips it (same origin).
      await redis.eval(PUBLISH, 2, keys.orders, keys.feed, ...args);
    },

    async follow(applyBatch) {
      apply = applyBatch;
      await catchUp();
      // Its own connection, whose commands may take as long as a blocking read plus the usual
      // timeout: an idle feed is no failure (under the shared 2 s timeout a 5 s read failed every time).
      const timeout = redis.options.commandTimeout;
      reader = redis.duplicate(
        timeout === undefined ? {} : { commandTimeout: (options.blockMs ?? DEFAULT_BLOCK_MS) + timeout },
      );
      // A lazy connection (the bot's settings) would refuse the first read: connected first.
      if (reader.status === "wait") await reader.connect().catch(() => undefined);
      void readLoop();
    },

    async close() {
      closed = true;
      stopRenewal();
      if (leading) await redis.eval(RELEASE, 1, keys.lease, token).catch(() => undefined);
      leading = false;
      reader?.disconnect();
      reader = undefined;
    },
  };
}
