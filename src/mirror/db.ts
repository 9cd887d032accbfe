/**
 * The mirror's SQLite database (node:sqlite, FTS5 built in): one row per order
 * with the columns lists filter and sort on, the record as JSON, a full-text
 * index over number, client, phones, device, serial number and faults, a small
 * key-value table for the sync's state, and the log of changes found.
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { statusGroupOf } from "../contract/status-groups.ts";
import type { Order } from "../service/index.ts";
import { ClientRows } from "./clients-db.ts";
import { BASELINE_KEY, type OpenOptions, openMirrorFile } from "./db-open.ts";
import { ftsColumns } from "./db-schema.ts";
import {
  countByStatus,
  queryOrders,
  type Row,
  type SqlHandle,
  toFreshMirrored,
  toMirrored,
} from "./db-search.ts";
import { ReadCache } from "./read-cache.ts";
import { decodeChange, decodeOrder, encodeChange, encodeOrder, numOf } from "./records.ts";
import { numberKey, parseNumberKey } from "./text.ts";
import type {
  MirrorChange,
  MirroredOrder,
  MirrorPage,
  MirrorQuery,
  StatusCount,
  StatusCountFilter,
} from "./types.ts";

export type { OpenOptions } from "./db-open.ts";

/** Changes kept for consumers that read the log (a notifier catching up after a restart). */
const CHANGES_KEPT = 20_000;
/** A statement that only reads (anything else counts as a write: read-cache.ts). */
const READS = /^\s*SELECT\b/i;

export class MirrorDb {
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, { statement: StatementSync; writes: boolean }>();
  /** What get and byNumber answered since the last write (read-cache.ts). */
  private readonly readings: ReadCache;
  private readonly dataVersion: StatementSync;
  /** Status id -> group, learned from GET /statuses (records of 2026 carry `status.type` themselves). */
  readonly groups = new Map<string, string>();

  private readonly handle: SqlHandle = {
    sql: (text) => this.sql(text),
    prepare: (text) => {
      if (!READS.test(text)) this.readings.wrote();
      return this.db.prepare(text);
    },
  };

  /** The company's clients (clients-db.ts). */
  readonly clients: ClientRows;

  /** Opens the file (a broken one is set aside and started afresh: db-open.ts). */
  constructor(options: OpenOptions) {
    this.db = openMirrorFile(options);
    this.dataVersion = this.db.prepare("PRAGMA data_version");
    this.readings = new ReadCache(() => (this.dataVersion.get() as { data_version: number }).data_version);
    this.clients = new ClientRows({ sql: (text) => this.sql(text) });
    this.takeBaseline();
  }

  /**
   * After a layout change the old records are held again (db-open.ts), so the refill's
   * backfill compares with them: an order made ready while the bot was down is a change,
   * told, not a baseline. A record that does not read back is left out.
   */
  private takeBaseline(): void {
    const baseline = this.getMeta<{ record: string; at: number }[]>(BASELINE_KEY);
    if (!baseline) return;
    this.transaction(() => {
      for (const { record, at } of baseline) {
        try {
          const order = decodeOrder(record);
          if (typeof order?.id === "string") this.put(order, at);
        } catch {
          // Torn or foreign: the backfill reads it afresh.
        }
      }
      this.setMeta(BASELINE_KEY, undefined);
    });
  }

  private index(rid: number, order: Order): void {
    const fts = ftsColumns(order);
    this.sql(
      "INSERT INTO orders_fts (rowid, number, client, device, sn, faults) VALUES (?, ?, ?, ?, ?, ?)",
    ).run(rid, fts.number, fts.client, fts.device, fts.sn, fts.faults);
    if (fts.digits !== "")
      this.sql("INSERT INTO orders_digits (rowid, digits) VALUES (?, ?)").run(rid, fts.digits);
  }

  private sql(text: string): StatementSync {
    let prepared = this.statements.get(text);
    if (!prepared) {
      prepared = { statement: this.db.prepare(text), writes: !READS.test(text) };
      this.statements.set(text, prepared);
    }
    // A write statement handed out is taken as run (callers run it at once, never keep it):
    // what was read before may change.
    if (prepared.writes) this.readings.wrote();
    return prepared.statement;
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  /** Runs `work` in one transaction (all or nothing). */
  transaction<T>(work: () => T): T {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const result = work();
      this.db.exec("COMMIT");
      return result;
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    } finally {
      // What was read inside (uncommitted, or rolled back) is not what the file holds now.
      this.readings.wrote();
    }
  }

  /**
   * Stores the record as it is now (insert or replace) with its index entries. `changedAt`: the
   * earliest time the read vouches the order changed at (MirroredOrder.changedAt); it only moves on.
   */
  put(order: Order, syncedAt: number, changedAt?: number): void {
    const group = statusGroupOf(order, this.groups) ?? null;
    const existing = this.sql("SELECT rid, changed_at FROM orders WHERE id = ?").get(order.id) as
      | { rid: number; changed_at: number | null }
      | undefined;
    const known = [existing?.changed_at, changedAt].filter((at): at is number => typeof at === "number");
    const values = [
      numberKey(order.number ?? "") ?? null,
      numOf(order) ?? null,
      order.shop?.id ?? null,
      order.status?.id ?? null,
      group,
      order.isVisible === false ? 0 : 1,
      order.master?.id ?? null,
      order.manager?.id ?? null,
      order.deadline?.getTime() ?? null,
      order.dateCreate?.getTime() ?? null,
      syncedAt,
      order.counteragent?.id ?? null,
      known.length > 0 ? Math.max(...known) : null,
    ] as const;
    let rid: number;
    if (existing) {
      rid = existing.rid;
      this.sql(
        `UPDATE orders SET number_key = ?, num = ?, shop_id = ?, status_id = ?, status_group = ?, is_visible = ?,
         master_id = ?, manager_id = ?, deadline = ?, date_create = ?, synced_at = ?, client_id = ?, changed_at = ?
         WHERE rid = ?`,
      ).run(...values, rid);
      this.sql("DELETE FROM orders_fts WHERE rowid = ?").run(rid);
      this.sql("DELETE FROM orders_digits WHERE rowid = ?").run(rid);
    } else {
      const result = this.sql(
        `INSERT INTO orders (id, number_key, num, shop_id, status_id, status_group, is_visible,
         master_id, manager_id, deadline, date_create, synced_at, client_id, changed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(order.id, ...values);
      rid = Number(result.lastInsertRowid);
    }
    this.sql("INSERT OR REPLACE INTO records (rid, record) VALUES (?, ?)").run(rid, encodeOrder(order));
    if (order.isVisible === false) return; // deleted orders leave the search
    this.index(rid, order);
    this.clients.seen(order.counteragent);
  }

  /** The order as handed out to readers: a reading shared with them (decodeHeldOrder). */
  get(id: string): MirroredOrder | undefined {
    return this.readings.read(`id:${id}`, () => {
      const row = this.rowOf(id);
      return row ? Object.freeze(toMirrored(row)) : undefined;
    });
  }

  /** The order parsed afresh and kept nowhere: the sync's read for a merge, replaced at once. */
  getFresh(id: string): MirroredOrder | undefined {
    const row = this.rowOf(id);
    return row ? toFreshMirrored(row) : undefined;
  }

  private rowOf(id: string): Row | undefined {
    return this.sql(
      "SELECT r.record, o.synced_at, o.changed_at FROM orders o JOIN records r ON r.rid = o.rid WHERE o.id = ?",
    ).get(id) as Row | undefined;
  }

  /** The stored records of these ids (for comparing with what the service now says). */
  getMany(ids: readonly string[]): Map<string, Order> {
    const out = new Map<string, Order>();
    for (const id of ids) {
      const row = this.sql(
        "SELECT r.record FROM orders o JOIN records r ON r.rid = o.rid WHERE o.id = ?",
      ).get(id) as Row | undefined;
      if (row) out.set(id, decodeOrder(row.record));
    }
    return out;
  }

  /**
   * Orders whose number is this one (`А001042`, `a-1042`, `1042`); deleted ones left out
   * (`visible` 0: only the deleted ones). Newest first.
   */
  byNumber(text: string, visible: 0 | 1 = 1): MirroredOrder[] {
    const key = parseNumberKey(text);
    if (!key) return [];
    const held = this.readings.read(`number:${visible}:${key.prefix}:${key.num}`, () => {
      const found = this.numberRows(key, visible).map((row) => Object.freeze(toMirrored(row)));
      // The same rows as each order's own read (get): kept for it, which a lookup makes next.
      for (const one of found) this.readings.keep(`id:${one.order.id}`, one);
      return Object.freeze(found);
    });
    return [...held];
  }

  private numberRows(key: { prefix: string; num: number }, visible: 0 | 1): Row[] {
    return (key.prefix === ""
      ? this.sql(
          "SELECT r.record, o.synced_at, o.changed_at FROM orders o JOIN records r ON r.rid = o.rid WHERE o.num = ? AND o.is_visible = ? ORDER BY o.date_create DESC LIMIT 50",
        ).all(key.num, visible)
      : this.sql(
          "SELECT r.record, o.synced_at, o.changed_at FROM orders o JOIN records r ON r.rid = o.rid WHERE o.number_key = ? AND o.is_visible = ? ORDER BY o.date_create DESC LIMIT 50",
        ).all(`${key.prefix}${key.num}`, visible)) as unknown as Row[];
  }

  /** A client's held orders (deleted ones left out): open first, newest first. */
  ordersOfClient(clientId: string, limit: number): MirroredOrder[] {
    const rows = this.sql(
      `SELECT r.record, o.synced_at, o.changed_at FROM orders o INDEXED BY orders_client JOIN records r ON r.rid = o.rid
       WHERE o.client_id = ? AND o.is_visible = 1 ORDER BY o.is_open DESC, o.date_create DESC LIMIT ?`,
    ).all(clientId, limit) as unknown as Row[];
    return rows.map(toMirrored);
  }

  /** Held orders of a client (deleted ones left out). */
  countOfClient(clientId: string): number {
    return (
      this.sql("SELECT count(*) AS n FROM orders WHERE client_id = ? AND is_visible = 1").get(clientId) as {
        n: number;
      }
    ).n;
  }

  /** Deleted orders held, the most recently seen first. */
  deleted(limit: number): MirroredOrder[] {
    const rows = this.sql(
      `SELECT r.record, o.synced_at, o.changed_at FROM orders o JOIN records r ON r.rid = o.rid
       WHERE o.is_visible = 0 ORDER BY o.synced_at DESC, o.rid DESC LIMIT ?`,
    ).all(limit) as unknown as Row[];
    return rows.map(toMirrored);
  }

  /** A page of a list (see MirrorQuery), with the total. */
  query(query: MirrorQuery, now: number): MirrorPage {
    return queryOrders(this.handle, query, now);
  }

  /** The open orders per status (the board). */
  statusCounts(filter: StatusCountFilter): StatusCount[] {
    return countByStatus(this.handle, filter);
  }

  /** Drops the orders of workshops not in `shopIds` (SHOP_IDS changed between two runs). */
  keepShops(shopIds: readonly string[]): void {
    const marks = shopIds.map(() => "?").join(", ");
    const outside = `SELECT rid FROM orders WHERE shop_id IS NULL OR shop_id NOT IN (${marks})`;
    this.transaction(() => {
      for (const table of ["orders_fts", "orders_digits"]) {
        this.db.prepare(`DELETE FROM ${table} WHERE rowid IN (${outside})`).run(...shopIds);
      }
      this.db.prepare(`DELETE FROM records WHERE rid IN (${outside})`).run(...shopIds);
      this.db.prepare(`DELETE FROM orders WHERE rid IN (${outside})`).run(...shopIds);
    });
  }

  /** Orders held, deleted ones not counted. */
  count(): number {
    return (this.sql("SELECT count(*) AS n FROM orders WHERE is_visible = 1").get() as { n: number }).n;
  }

  /** Learns status groups (from GET /statuses) and regroups the orders already held. */
  setGroups(groups: ReadonlyMap<string, string>): void {
    this.transaction(() => {
      for (const [statusId, group] of groups) {
        if (this.groups.get(statusId) === group) continue;
        this.groups.set(statusId, group);
        this.sql("UPDATE orders SET status_group = ? WHERE status_id = ?").run(group, statusId);
      }
    });
  }

  getMeta<T>(key: string): T | undefined {
    const row = this.sql("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  setMeta(key: string, value: unknown): void {
    if (value === undefined) this.sql("DELETE FROM meta WHERE key = ?").run(key);
    else this.sql("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)").run(key, JSON.stringify(value));
  }

  /** Appends changes to the log; a change already logged (same id) is skipped. Returns those added. */
  logChanges(changes: readonly MirrorChange[]): MirrorChange[] {
    const added: MirrorChange[] = [];
    for (const change of changes) {
      const result = this.sql("INSERT OR IGNORE INTO changes (change_id, at, body) VALUES (?, ?, ?)").run(
        change.id,
        change.detectedAt.getTime(),
        encodeChange(change),
      );
      if (result.changes > 0) added.push(change);
    }
    if (added.length > 0) {
      this.sql("DELETE FROM changes WHERE seq <= (SELECT max(seq) FROM changes) - ?").run(CHANGES_KEPT);
    }
    return added;
  }

  /** Logged changes after `seq` (0: from the oldest kept), oldest first, with their sequence numbers. */
  changesSince(seq: number, limit: number): { seq: number; change: MirrorChange }[] {
    const rows = this.sql("SELECT seq, body FROM changes WHERE seq > ? ORDER BY seq LIMIT ?").all(
      seq,
      limit,
    ) as unknown as { seq: number; body: string }[];
    return rows.map((row) => ({ seq: row.seq, change: decodeChange(row.body) }));
  }

  /** Folds the write-ahead log into the database file and empties it (after a large fill). */
  checkpoint(): void {
    this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  }

  /** Size of the database file in bytes (page count x page size). */
  sizeBytes(): number {
    const pages = (this.sql("PRAGMA page_count").get() as { page_count: number }).page_count;
    const size = (this.sql("PRAGMA page_size").get() as { page_size: number }).page_size;
    return pages * size;
  }
}
