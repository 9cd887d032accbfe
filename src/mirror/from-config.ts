/** The mirror as the configuration asks for it (main.ts): its file in DATA_DIR, its budget, its pace. */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { join } from "node:path";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { Config } from "../config/index.ts";
import type { Status } from "../service/index.ts";
import { DEFAULT_BUDGET } from "./budget.ts";
import { createOrderMirror, type OrderMirror } from "./index.ts";
import type { MirrorClient } from "./options.ts";
import { redisCoordinator } from "./redis-coordinator.ts";

const MIRROR_FILE = "mirror.sqlite";
/** Re-read before the watermark: covers clock skew between this host and the service. */
const OVERLAP_MS = 30_000;
/** Keys of the lease, the shared state, the records and the feed. */
const REDIS_PREFIX = "bot:mirror:";

interface MirrorDeps {
  config: Config;
  /** The bot's own client: the sync spends the same quota, above its write reserve. */
  client: MirrorClient & { readonly writeReserve: number };
  logger: Logger;
  /** The statuses with their groups, e.g. from the bot's reference cache (saves a request). */
  statuses?: () => Promise<Status[]>;
  /** With REDIS_URL: one instance syncs, the others apply its feed (redis-coordinator.ts). */
  redis?: Redis;
}

export function mirrorFromConfig(deps: MirrorDeps): OrderMirror | undefined {
  const { config } = deps;
  if (!config.mirror.enabled) return undefined;
  const instanceId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const logger = deps.logger.child({ module: "mirror" });
  return createOrderMirror({
    client: deps.client,
    path: join(config.mirror.dataDir, MIRROR_FILE),
    shopIds: config.shopIds,
    budget: {
      ...DEFAULT_BUDGET,
      perWindow: config.mirror.budget,
      // MIRROR_RESERVE counts above the write reserve, which no read (the sync's neither) may
      // touch; the reserve follows the writes seen, so it is read at each step.
      get reserve() {
        return config.mirror.reserve + deps.client.writeReserve;
      },
      baseIntervalMs: config.mirror.syncSeconds * 1000,
    },
    overlapMs: OVERLAP_MS,
    backfillDays: config.mirror.backfillDays,
    clients: config.mirror.clients,
    logger,
    instanceId,
    statuses: deps.statuses,
    coordinator: deps.redis
      ? redisCoordinator({ redis: deps.redis, prefix: REDIS_PREFIX, instanceId, logger })
      : undefined,
  });
}
