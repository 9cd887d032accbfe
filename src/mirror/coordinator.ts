/**
 * Who syncs and how the others learn what changed. One process: it always
 * syncs and keeps the sync state in its own database. Several (REDIS_URL):
 * see redis-coordinator.ts (a lease, the state and a change feed in Redis).
 */
import type { MirrorDb } from "./db.ts";
import type { SyncState } from "./sync.ts";

/** Records and changes applied by one instance, for the others to apply to their copies. */
export interface FeedBatch {
  /** The instance that made it (it does not apply its own batch twice). */
  origin: string;
  /** When the records were read (or written through): an older record never replaces a newer one. */
  syncedAt: number;
  /** Records as stored (see records.ts encodeOrder). */
  records: string[];
  /** Per record, when it last changed as the publisher knew (MirroredOrder.changedAt); absent in snapshots. */
  changedAt?: (number | null)[];
  /** Changes found, JSON (see db.ts logChanges). */
  changes: string[];
  /** Clients read or written (records.ts encodeRecord): the other instances keep them too. */
  clients?: string[];
}

export interface Coordinator {
  /** "local": one process; "redis": several share the work. */
  readonly kind: "local" | "redis";
  /** True while this instance is the one that syncs; takes or renews the lease. */
  lead(): Promise<boolean>;
  loadState(): Promise<SyncState | undefined>;
  saveState(state: SyncState): Promise<void>;
  /** Hands a batch to the other instances (nothing to do alone). */
  publish(batch: FeedBatch): Promise<void>;
  /** Starts applying the other instances' batches; resolves once caught up. */
  follow(apply: (batch: FeedBatch) => void): Promise<void>;
  close(): Promise<void>;
}

const STATE_KEY = "sync";

export function localCoordinator(db: MirrorDb): Coordinator {
  return {
    kind: "local",
    lead: async () => true,
    loadState: async () => db.getMeta<SyncState>(STATE_KEY),
    saveState: async (state) => db.setMeta(STATE_KEY, state),
    publish: async () => undefined,
    follow: async () => undefined,
    close: async () => undefined,
  };
}
