/** The mirror as the configuration asks for it (main.ts): its file in DATA_DIR, its budget, its pace. */
import { join } from "node:path";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { Status } from "../service/index.ts";
import { DEFAULT_BUDGET } from "./budget.ts";
import { Mirror, type MirrorClient, type MirrorOptions } from "./mirror.ts";

export const MIRROR_FILE = "mirror.sqlite";
/** Re-read before the watermark: covers clock skew between this host and the service. */
export const OVERLAP_MS = 30_000;

export interface MirrorDeps {
  config: Config;
  client: MirrorClient;
  logger: Logger;
  /** The statuses with their groups, e.g. from the bot's reference cache (saves a request). */
  statuses?: () => Promise<Status[]>;
  coordinator?: MirrorOptions["coordinator"];
}

export function mirrorFromConfig(deps: MirrorDeps): Mirror | undefined {
  const { config } = deps;
  if (!config.mirror.enabled) return undefined;
  return new Mirror({
    client: deps.client,
    path: join(config.mirror.dataDir, MIRROR_FILE),
    shopIds: config.shopIds,
    budget: {
      ...DEFAULT_BUDGET,
      perWindow: config.mirror.budget,
      reserve: config.mirror.reserve,
      baseIntervalMs: config.mirror.syncSeconds * 1000,
    },
    overlapMs: OVERLAP_MS,
    backfillDays: config.mirror.backfillDays,
    logger: deps.logger.child({ module: "mirror" }),
    ...(deps.statuses ? { statuses: deps.statuses } : {}),
    ...(deps.coordinator ? { coordinator: deps.coordinator } : {}),
  });
}
