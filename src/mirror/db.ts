/**
 * The mirror's SQLite database (node:sqlite, FTS5 built in): one row per order
 * with the columns lists filter and sort on, the record as JSON, a full-text
 * index over number, client, phones, device, serial number and faults, a small
 * key-value table for the sync's state, and the log of changes found.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import type { Order } from "../service/index.ts";
import {
  CLOSED_GROUP,
  decodeChange,
  decodeOrder,
  deviceOf,
  encodeChange,
  encodeOrder,
  groupOf,
  numOf,
  READY_GROUP,
} from "./records.ts";
import {
  foldLookAlikes,
  foldWords,
  numberKey,
  parseNumberKey,
  phoneDigits,
  phoneQuery,
  suffixes,
} from "./text.ts";
import type { MirrorChange, MirroredOrder, MirrorPage, MirrorQuery } from "./types.ts";

/**
 * The layout; another version on disk is dropped and filled again by a backfill (the
 * mirror is a copy: the service holds the truth). Rows of `orders` are small (what
 * lists filter and sort on), the records live beside them: a search that matches
 * thousands sorts them without reading their JSON. Words and digit runs have their
 * own full-text tables: the suffixes of phones and serial numbers (what makes "4567"
 * find "+7 912 345-45-67") would otherwise crowd every prefix query of a word.
 */
const LAYOUT_VERSION = 2;
const PRAGMAS = `
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
PRAGMA cache_size = -32000;
PRAGMA temp_store = MEMORY;
`;
const TABLES = ["orders", "records", "orders_fts", "orders_digits", "meta", "changes"];
const SCHEMA = `
CREATE TABLE orders (
  rid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  number_key TEXT,
  num INTEGER,
  shop_id TEXT,
  status_id TEXT,
  status_group TEXT,
  is_visible INTEGER NOT NULL,
  master_id TEXT,
  manager_id TEXT,
  deadline INTEGER,
  date_create INTEGER,
  synced_at INTEGER NOT NULL,
  is_open INTEGER GENERATED ALWAYS AS (status_group IS NULL OR status_group <> 'closed') VIRTUAL
);
CREATE INDEX orders_rank ON orders(is_visible, is_open, date_create);
CREATE INDEX orders_num ON orders(num);
CREATE INDEX orders_number_key ON orders(number_key);
CREATE INDEX orders_master ON orders(master_id);
CREATE INDEX orders_manager ON orders(manager_id);
CREATE INDEX orders_deadline ON orders(deadline);
CREATE INDEX orders_created ON orders(date_create);
CREATE INDEX orders_status ON orders(status_id);
CREATE TABLE records (rid INTEGER PRIMARY KEY, record TEXT NOT NULL);
CREATE VIRTUAL TABLE orders_fts USING fts5(
  number, client, device, sn, faults,
  tokenize = "unicode61 remove_diacritics 2", content = "", contentless_delete = 1
);
CREATE VIRTUAL TABLE orders_digits USING fts5(digits, content = "", contentless_delete = 1);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  change_id TEXT NOT NULL UNIQUE,
  at INTEGER NOT NULL,
  body TEXT NOT NULL
);
`;

const MAX_PAGE_SIZE = 50;
/** From this many matches on, a search walks the rank index instead of sorting. */
const BROAD_MATCHES = 300;
/** Changes kept for consumers that read the log (a notifier catching up after a restart). */
const CHANGES_KEPT = 20_000;

interface Row {
  record: string;
  synced_at: number;
}

function toMirrored(row: Row): MirroredOrder {
  return { order: decodeOrder(row.record), syncedAt: new Date(row.synced_at) };
}

/** FTS5 string literal: words are quoted, so no query text is read as FTS syntax. */
const quote = (word: string): string => `"${word.replaceAll('"', '""')}"`;

function ftsColumns(order: Order) {
  const number = order.number ?? "";
  const num = numOf(order);
  const numberWords = [number.toLowerCase(), foldLookAlikes(number), numberKey(number) ?? ""];
  if (num !== undefined) numberWords.push(String(num), /\d+$/.exec(number)?.[0] ?? "");
  const phones = (order.counteragent?.phones ?? []).map(phoneDigits).filter((d) => d.length > 0);
  const sn = (order.sn ?? "").toLowerCase();
  const snCompact = sn.replace(/[^\p{L}\p{N}]/gu, "");
  return {
    number: [...new Set(numberWords.filter(Boolean))].join(" "),
    client: foldWords(order.counteragent?.name ?? ""),
    device: foldWords(
      [deviceOf(order), order.typeDevice, order.brand, order.model].filter(Boolean).join(" "),
    ),
    sn,
    faults: foldWords((order.problem ?? []).join(" ")),
    digits: [...new Set([...phones, snCompact].flatMap((d) => suffixes(d)))].join(" "),
  };
}

export interface FtsMatch {
  /** Against the words (number, client, device, serial number, faults). */
  words?: string;
  /** Against the digit runs (phones, serial numbers) as substrings. */
  digits?: string;
}

/** The FTS5 expressions of a search text; undefined when nothing in it is searchable. */
export function ftsExpression(text: string): FtsMatch | undefined {
  const digits = phoneQuery(text);
  if (digits !== undefined) {
    const variants = [digits];
    if (digits.startsWith("8") && digits.length > 1) variants.push(`7${digits.slice(1)}`);
    // A whole Russian number (+7 or 8) also finds the phone kept without its country code.
    if (digits.length === 11 && /^[78]/.test(digits)) variants.push(digits.slice(1));
    const terms = variants.map((d) => `${quote(d)}*`).join(" OR ");
    // Digits: a phone or serial number containing them, or a word starting with them (a number, a model).
    return { digits: terms, words: terms };
  }
  const words = foldWords(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  if (words.length === 0) return undefined;
  return { words: words.map((word) => `${quote(word)}*`).join(" AND ") };
}

export interface OpenOptions {
  /** A file path, or ":memory:". */
  path: string;
}

export class MirrorDb {
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  /** Status id -> group, learned from GET /statuses (records of 2026 carry `status.type` themselves). */
  readonly groups = new Map<string, string>();

  constructor(options: OpenOptions) {
    if (options.path !== ":memory:") mkdirSync(dirname(options.path), { recursive: true });
    this.db = new DatabaseSync(options.path);
    this.db.exec(PRAGMAS);
    const version = (this.db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version;
    if (version !== LAYOUT_VERSION) {
      this.transaction(() => {
        for (const table of TABLES) this.db.exec(`DROP TABLE IF EXISTS ${table}`);
        this.db.exec(SCHEMA);
        this.db.exec(`PRAGMA user_version = ${LAYOUT_VERSION}`);
      });
    }
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
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
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
    }
  }

  /** Stores the record as it is now (insert or replace) with its index entries. */
  put(order: Order, syncedAt: number): void {
    const group = groupOf(order, this.groups) ?? null;
    const existing = this.sql("SELECT rid FROM orders WHERE id = ?").get(order.id) as
      | { rid: number }
      | undefined;
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
    ] as const;
    let rid: number;
    if (existing) {
      rid = existing.rid;
      this.sql(
        `UPDATE orders SET number_key = ?, num = ?, shop_id = ?, status_id = ?, status_group = ?, is_visible = ?,
         master_id = ?, manager_id = ?, deadline = ?, date_create = ?, synced_at = ? WHERE rid = ?`,
      ).run(...values, rid);
      this.sql("DELETE FROM orders_fts WHERE rowid = ?").run(rid);
      this.sql("DELETE FROM orders_digits WHERE rowid = ?").run(rid);
    } else {
      const result = this.sql(
        `INSERT INTO orders (id, number_key, num, shop_id, status_id, status_group, is_visible,
         master_id, manager_id, deadline, date_create, synced_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(order.id, ...values);
      rid = Number(result.lastInsertRowid);
    }
    this.sql("INSERT OR REPLACE INTO records (rid, record) VALUES (?, ?)").run(rid, encodeOrder(order));
    if (order.isVisible === false) return; // deleted orders leave the search
    this.index(rid, order);
  }

  get(id: string): MirroredOrder | undefined {
    const row = this.sql(
      "SELECT r.record, o.synced_at FROM orders o JOIN records r ON r.rid = o.rid WHERE o.id = ?",
    ).get(id) as Row | undefined;
    return row ? toMirrored(row) : undefined;
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

  /** Orders whose number is this one (`А001042`, `a-1042`, `1042`); deleted ones left out. Newest first. */
  byNumber(text: string): MirroredOrder[] {
    const key = parseNumberKey(text);
    if (!key) return [];
    const rows = (key.prefix === ""
      ? this.sql(
          "SELECT r.record, o.synced_at FROM orders o JOIN records r ON r.rid = o.rid WHERE o.num = ? AND o.is_visible = 1 ORDER BY o.date_create DESC LIMIT 50",
        ).all(key.num)
      : this.sql(
          "SELECT r.record, o.synced_at FROM orders o JOIN records r ON r.rid = o.rid WHERE o.number_key = ? AND o.is_visible = 1 ORDER BY o.date_create DESC LIMIT 50",
        ).all(`${key.prefix}${key.num}`)) as unknown as Row[];
    return rows.map(toMirrored);
  }

  /** A page of a list (see MirrorQuery), with the total. */
  query(query: MirrorQuery, now: number): MirrorPage {
    const page = Math.max(1, Math.floor(query.page ?? 1));
    const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(query.pageSize ?? 10)));
    const offset = (page - 1) * pageSize;
    const where: string[] = ["o.is_visible = 1"];
    const params: (string | number)[] = [];
    const overdue = `(o.deadline IS NOT NULL AND o.deadline < ${Math.floor(now)} AND (o.status_group IS NULL OR o.status_group NOT IN ('${READY_GROUP}', '${CLOSED_GROUP}')))`;
    const text = query.text?.trim() ?? "";
    if (text === "" && !query.includeClosed) where.push("o.is_open = 1");
    if (query.employeeId !== undefined) {
      const role = query.role ?? "any";
      if (role === "master") where.push("o.master_id = ?");
      else if (role === "manager") where.push("o.manager_id = ?");
      else where.push("(o.master_id = ? OR o.manager_id = ?)");
      params.push(query.employeeId);
      if (role === "any") params.push(query.employeeId);
    }
    if (query.overdue) where.push(overdue);
    if (query.deadlineFrom || query.deadlineTo) {
      where.push(`(o.status_group IS NULL OR o.status_group NOT IN ('${READY_GROUP}', '${CLOSED_GROUP}'))`);
      if (query.deadlineFrom) {
        where.push("o.deadline >= ?");
        params.push(query.deadlineFrom.getTime());
      }
      if (query.deadlineTo) {
        where.push("o.deadline < ?");
        params.push(query.deadlineTo.getTime());
      }
    }
    const filter = { sql: where.join(" AND "), params };
    const { rids, total } =
      text === ""
        ? this.ranked(
            filter,
            `${overdue} DESC, o.deadline IS NULL, o.deadline ASC, o.date_create DESC`,
            pageSize,
            offset,
          )
        : this.searched(text, filter, pageSize, offset);
    // The records of the page only (a search may match thousands).
    const rows = rids.map(
      (rid) =>
        this.sql(
          "SELECT r.record, o.synced_at FROM orders o JOIN records r ON r.rid = o.rid WHERE o.rid = ?",
        ).get(rid) as unknown as Row,
    );
    return { items: rows.map(toMirrored), total, page, pageSize };
  }

  /** One page of rids in `orderBy` order, with the total; not cached (the SQL may hold `now`). */
  private ranked(
    filter: { sql: string; params: (string | number)[] },
    orderBy: string,
    limit: number,
    offset: number,
  ): { rids: number[]; total: number } {
    const rows = this.db
      .prepare(
        `SELECT o.rid, count(*) OVER () AS total FROM orders o WHERE ${filter.sql}
         ORDER BY ${orderBy}, o.rid DESC LIMIT ? OFFSET ?`,
      )
      .all(...filter.params, limit, offset) as unknown as { rid: number; total: number }[];
    const total = rows[0]?.total ?? this.count2(filter);
    return { rids: rows.map((r) => r.rid), total };
  }

  /** `hint` "NOT INDEXED": the matches' rowids are the way in, not an index of all orders. */
  private count2(filter: { sql: string; params: (string | number)[] }, hint = ""): number {
    return (
      this.db
        .prepare(`SELECT count(*) AS n FROM orders o ${hint} WHERE ${filter.sql}`)
        .get(...filter.params) as {
        n: number;
      }
    ).n;
  }

  /**
   * A search: orders with exactly this number first, then the text's matches, open
   * ones first, newest first. Many matches (a vague word) are read in that order
   * from an index until the page is full, instead of sorting them all.
   */
  private searched(
    text: string,
    filter: { sql: string; params: (string | number)[] },
    limit: number,
    offset: number,
  ): { rids: number[]; total: number } {
    const key = parseNumberKey(text);
    const exact = key
      ? key.prefix === ""
        ? { sql: "o.num = ?", param: key.num as string | number, index: "orders_num" }
        : {
            sql: "o.number_key = ?",
            param: `${key.prefix}${key.num}` as string | number,
            index: "orders_number_key",
          }
      : undefined;
    const exactRids = exact
      ? (
          this.db
            .prepare(
              `SELECT o.rid FROM orders o INDEXED BY ${exact.index} WHERE ${filter.sql} AND ${exact.sql}
               ORDER BY o.is_open DESC, o.date_create DESC, o.rid DESC LIMIT 50`,
            )
            .all(...filter.params, exact.param) as { rid: number }[]
        ).map((r) => r.rid)
      : [];
    const match = ftsExpression(text);
    const sources: string[] = [];
    const sourceParams: string[] = [];
    if (match?.words) {
      sources.push("SELECT rowid FROM orders_fts WHERE orders_fts MATCH ?");
      sourceParams.push(match.words);
    }
    if (match?.digits) {
      sources.push("SELECT rowid FROM orders_digits WHERE orders_digits MATCH ?");
      sourceParams.push(match.digits);
    }
    const fromExact = exactRids.slice(offset, offset + limit);
    if (sources.length === 0) return { rids: fromExact, total: exactRids.length };
    // `+o.rid`: the same test, but not a way in (the broad plan walks the rank index instead).
    const restSql = (rid: string) =>
      `${filter.sql} AND (${sources.map((source) => `${rid} IN (${source})`).join(" OR ")})${exact ? ` AND NOT (${exact.sql})` : ""}`;
    const restParams = [...filter.params, ...sourceParams, ...(exact ? [exact.param] : [])];
    const rest = { sql: restSql("o.rid"), params: restParams };
    const restTotal = this.count2(rest, "NOT INDEXED");
    const restOffset = Math.max(0, offset - exactRids.length);
    const restLimit = limit - fromExact.length;
    if (restLimit <= 0 || restTotal === 0) return { rids: fromExact, total: exactRids.length + restTotal };
    // Few matches: sort them; many: walk the rank index (open, newest) and stop at the page.
    const broad = restTotal > BROAD_MATCHES;
    const rows = this.db
      .prepare(
        `SELECT o.rid FROM orders o ${broad ? "INDEXED BY orders_rank" : "NOT INDEXED"} WHERE ${restSql(broad ? "+o.rid" : "o.rid")}
         ORDER BY o.is_visible DESC, o.is_open DESC, o.date_create DESC, o.rid DESC LIMIT ? OFFSET ?`,
      )
      .all(...rest.params, restLimit, restOffset) as { rid: number }[];
    return { rids: [...fromExact, ...rows.map((r) => r.rid)], total: exactRids.length + restTotal };
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
