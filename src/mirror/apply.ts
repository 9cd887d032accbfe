/**
 * How records enter the mirror: compared with what it holds, stored and logged
 * in one transaction, handed to the other instances, and told to the change
 * listeners. An older read never replaces a newer record.
 */
import type { Logger } from "pino";
import type { Counteragent, Order } from "../service/index.ts";
import type { Coordinator, FeedBatch } from "./coordinator.ts";
import type { MirrorDb } from "./db.ts";
import { changedAtOf, type DiffContext, diffOrder, mergeRecords } from "./diff.ts";
import {
  decodeChange,
  decodeOrder,
  decodeRecord,
  encodeChange,
  encodeOrder,
  encodeRecord,
} from "./records.ts";
import type { ChangeListener, MirrorChange } from "./types.ts";

interface ApplierOptions {
  db: MirrorDb;
  coordinator: Coordinator;
  /** This instance in the change feed (its own batches are not applied twice). */
  instanceId: string;
  /** Whether an order belongs to the configured workshops. */
  inScope: (order: Order) => boolean;
  logger?: Logger;
}

export class ChangeApplier {
  private readonly listeners = new Set<ChangeListener>();
  private readonly options: ApplierOptions;

  constructor(options: ApplierOptions) {
    this.options = options;
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Compares, stores and logs in one transaction; then publishes and tells the listeners. */
  apply(records: readonly Order[], readAt: number, context: DiffContext): MirrorChange[] {
    const { changes, published } = this.applyAndPublish(records, readAt, context);
    published.catch((error: unknown) =>
      this.options.logger?.warn({ err: String(error) }, "mirror: publishing to the other instances failed"),
    );
    return changes;
  }

  /** As apply; the sync waits for `published` before it saves its progress. */
  applyAndPublish(
    records: readonly Order[],
    readAt: number,
    context: DiffContext,
  ): { changes: MirrorChange[]; published: Promise<void> } {
    const { db, inScope } = this.options;
    const kept = records.filter((order) => inScope(order));
    if (kept.length === 0) return { changes: [], published: Promise.resolve() };
    const stored: Order[] = [];
    const changedAt: (number | null)[] = [];
    const changes = db.transaction(() => {
      const found: MirrorChange[] = [];
      for (const record of kept) {
        // Read for the merge and replaced at once: not kept among the readings handed out.
        const held = db.getFresh(record.id);
        // A bot write newer than this read wins; the next sync brings anything later.
        if (held && held.syncedAt.getTime() > readAt) continue;
        const merged = mergeRecords(held?.order, record);
        const diff = diffOrder(held?.order, merged, context);
        found.push(...diff);
        const at = changedAtOf(held, merged, diff, context);
        db.put(merged, readAt, at);
        stored.push(merged);
        changedAt.push(at ?? null);
      }
      return db.logChanges(found);
    });
    const published =
      stored.length === 0
        ? Promise.resolve()
        : this.options.coordinator.publish({
            origin: this.options.instanceId,
            syncedAt: readAt,
            records: stored.map(encodeOrder),
            changedAt,
            changes: changes.map(encodeChange),
          });
    this.emit(changes);
    return { changes, published };
  }

  /** Clients this instance read or wrote, for the other instances (nothing to do alone). */
  publishClients(clients: readonly Counteragent[], syncedAt: number): Promise<void> {
    if (clients.length === 0) return Promise.resolve();
    return this.options.coordinator
      .publish({
        origin: this.options.instanceId,
        syncedAt,
        records: [],
        changes: [],
        clients: clients.map(encodeRecord),
      })
      .catch((error: unknown) =>
        this.options.logger?.warn({ err: String(error) }, "mirror: publishing clients failed"),
      );
  }

  /** Another instance's batch: its records (unless ours are newer), its clients and its changes. */
  applyBatch(batch: FeedBatch): void {
    if (batch.origin === this.options.instanceId) return;
    const { db } = this.options;
    const changes = batch.changes.map(decodeChange);
    const added = db.transaction(() => {
      for (const json of batch.clients ?? [])
        db.clients.put(decodeRecord<Counteragent>(json), batch.syncedAt);
      batch.records.forEach((json, i) => {
        const order = decodeOrder(json);
        const held = db.getFresh(order.id);
        if (held && held.syncedAt.getTime() > batch.syncedAt) return;
        db.put(order, batch.syncedAt, batch.changedAt?.[i] ?? undefined);
      });
      return db.logChanges(changes);
    });
    this.emit(added);
  }

  private emit(changes: readonly MirrorChange[]): void {
    if (changes.length === 0) return;
    for (const listener of this.listeners) {
      Promise.resolve()
        .then(() => listener(changes))
        .catch((error: unknown) =>
          this.options.logger?.error({ err: String(error) }, "mirror: a change listener failed"),
        );
    }
  }
}
