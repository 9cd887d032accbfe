/**
 * Opening the mirror's file. The file is a cache of the service's data: one
 * that cannot be opened (garbage, truncated, a broken write-ahead log) or fails
 * SQLite's quick integrity check is set aside (renamed with a timestamp, with
 * its -wal and -shm) and a new one is made, which the sync's backfill fills;
 * the bot starts meanwhile and reads what it misses from the service.
 */
import { chmodSync, existsSync, mkdirSync, renameSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Logger } from "pino";
import { LAYOUT_VERSION, PRAGMAS, SCHEMA, TABLES } from "./db-schema.ts";
import { VOCABULARY } from "./fuzzy.ts";

export interface OpenOptions {
  /** A file path, or ":memory:". */
  path: string;
  /** Where a file set aside is told (a warning). */
  logger?: Logger;
  /** For the name of a file set aside. */
  now?: () => number;
}

/** Beside the database file, SQLite's write-ahead log and its index. */
const COMPANIONS = ["", "-wal", "-shm"];

/** The database, ready for use: a sound file as it is, a broken one replaced by a new empty one. */
export function openMirrorFile(options: OpenOptions): DatabaseSync {
  if (options.path === ":memory:") return prepare(new DatabaseSync(":memory:"));
  // It holds every order with its client's name and phone: 0600 in a 0700 folder, whatever the umask.
  mkdirSync(dirname(options.path), { recursive: true, mode: 0o700 });
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(options.path);
    narrow(options.path);
    return narrowed(options.path, prepare(checked(db)));
  } catch (error) {
    if (db?.isOpen) db.close();
    const aside = setAside(options.path, options.now?.() ?? Date.now());
    options.logger?.warn(
      { err: String(error), path: options.path, setAside: aside },
      "mirror: the database file is broken; it is set aside and a new one is filled from the service",
    );
    const fresh = new DatabaseSync(options.path);
    narrow(options.path);
    return narrowed(options.path, prepare(fresh));
  }
}

/** The file and its companions 0600 (SQLite makes the log and index with the file's mode). */
function narrow(path: string): void {
  for (const suffix of COMPANIONS) {
    try {
      chmodSync(path + suffix, 0o600);
    } catch {
      // Not there (yet), or not ours to change: the log and index follow the file's mode.
    }
  }
}

function narrowed(path: string, db: DatabaseSync): DatabaseSync {
  narrow(path);
  return db;
}

/** The database when its pages read back sound; throws what SQLite says otherwise. */
function checked(db: DatabaseSync): DatabaseSync {
  const rows = db.prepare("PRAGMA quick_check").all() as { quick_check?: unknown }[];
  const verdict = rows.map((row) => String(row.quick_check)).join("; ");
  if (verdict !== "ok") throw new Error(`quick_check: ${verdict.slice(0, 200)}`);
  return db;
}

/** Pragmas, the tables made afresh when the file has another layout (or none), the vocabularies. */
function prepare(db: DatabaseSync): DatabaseSync {
  db.exec(PRAGMAS);
  upgrade(db);
  // Views over the word indexes, made when missing (no data of their own: any layout takes them).
  db.exec(VOCABULARY);
  return db;
}

function upgrade(db: DatabaseSync): void {
  const version = (db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version;
  // Layout 3 lacks only the time of the last change: added in place, no refill (no request spent).
  if (version === 3 && LAYOUT_VERSION === 4) {
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec("ALTER TABLE orders ADD COLUMN changed_at INTEGER");
      db.exec(`PRAGMA user_version = ${LAYOUT_VERSION}`);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
    return;
  }
  if (version !== LAYOUT_VERSION) {
    const previous = version === 0 ? [] : previousRecords(db);
    db.exec("BEGIN IMMEDIATE");
    try {
      for (const table of TABLES) db.exec(`DROP TABLE IF EXISTS ${table}`);
      db.exec(SCHEMA);
      // The old records, for the refill to compare with (db.ts): what changed meanwhile is news, not a baseline.
      if (previous.length > 0)
        db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)").run(BASELINE_KEY, JSON.stringify(previous));
      db.exec(`PRAGMA user_version = ${LAYOUT_VERSION}`);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  }
}

/** Where a new layout keeps the old layout's records until the mirror has taken them in. */
export const BASELINE_KEY = "baseline";

/**
 * The order records of an older layout, as JSON texts with when they were read: the layout
 * before this one kept them beside the rows, the one before that in the rows. None when
 * neither fits (a file of another program, or torn).
 */
function previousRecords(db: DatabaseSync): { record: string; at: number }[] {
  const queries = [
    "SELECT r.record AS record, o.synced_at AS at FROM orders o JOIN records r ON r.rid = o.rid",
    "SELECT record, 0 AS at FROM orders",
  ];
  for (const query of queries) {
    try {
      const rows = db.prepare(query).all() as { record: unknown; at: unknown }[];
      return rows
        .filter((row) => typeof row.record === "string")
        .map((row) => ({ record: String(row.record), at: Number(row.at) || 0 }));
    } catch {
      // Not this layout: the next one.
    }
  }
  return [];
}

/** Renames the file and its companions to `<path>.broken-<time>`; returns the new name of the file. */
function setAside(path: string, at: number): string {
  const stamp = new Date(at).toISOString().replace(/[:.]/g, "-");
  const aside = `${path}.broken-${stamp}`;
  for (const suffix of COMPANIONS) {
    if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix);
  }
  return aside;
}
