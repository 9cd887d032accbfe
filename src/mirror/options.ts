/** What the mirror is built from: the service client it reads with, its database, its scope and pace. */
import type { Logger } from "pino";
import type { ServiceClient, Status } from "../service/index.ts";
import type { BudgetOptions } from "./budget.ts";
import type { Coordinator } from "./coordinator.ts";
import type { MirrorDb } from "./db.ts";
import type { SyncState } from "./sync.ts";

/** What the mirror needs of the service client: order lists and reads, statuses, the quota; clients when kept. */
export type MirrorClient = Pick<ServiceClient, "orders" | "statuses" | "quota"> &
  Partial<Pick<ServiceClient, "counteragents">>;

export interface MirrorOptions {
  client: MirrorClient;
  /** The database file (DATA_DIR/mirror.sqlite), or ":memory:". */
  path: string;
  /** SHOP_IDS: only these workshops' orders are held (empty: all). */
  shopIds: readonly string[];
  budget: BudgetOptions;
  /** Re-read this much before the watermark (clock skew between us and the service). */
  overlapMs: number;
  backfillDays: number;
  /** Keep the company's clients too (MIRROR_CLIENTS): GET /counteragents within the sync's budget. */
  clients?: boolean;
  /** The statuses with their groups (the bot's cache); default GET /statuses. */
  statuses?: () => Promise<Status[]>;
  coordinator?: (db: MirrorDb) => Coordinator;
  /** An id for this instance in the change feed. */
  instanceId?: string;
  logger?: Logger;
  now?: () => number;
}

/** The sync's own state, for tests and the bench. */
export interface SyncProgress {
  state: SyncState;
  idleRuns: number;
}
