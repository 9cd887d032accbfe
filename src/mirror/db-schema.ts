/**
 * The mirror database's layout: its tables and indexes, and what an order puts
 * into the full-text index (number, client, phones, device, serial number,
 * faults) and how a search text becomes a full-text query.
 */

import { phoneDigits, phoneQueryDigits, phoneVariants } from "../contract/phone.ts";
import type { Order } from "../service/index.ts";
import { deviceOf, numOf } from "./records.ts";
import { foldLookAlikes, foldWords, MIN_PHONE_DIGITS, numberKey, suffixes } from "./text.ts";

/**
 * The layout; another version on disk is dropped and filled again by a backfill (the
 * mirror is a copy: the service holds the truth). Rows of `orders` are small (what
 * lists filter and sort on), the records live beside them: a search that matches
 * thousands sorts them without reading their JSON. Words and digit runs have their
 * own full-text tables: the suffixes of phones and serial numbers (what makes "4567"
 * find "+7 912 345-45-67") would otherwise crowd every prefix query of a word.
 * `clients` holds the company's counteragents (a returning client is found by name or
 * phone with none of their orders held), indexed the same way; `orders.client_id`
 * lists a client's held orders. `orders.changed_at`: when the order last changed as far as
 * the mirror knows (layout 4; a layout-3 file gains the column in place: db-open.ts).
 */
export const LAYOUT_VERSION = 4;
export const PRAGMAS = `
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
PRAGMA cache_size = -32000;
PRAGMA temp_store = MEMORY;
`;
export const TABLES = [
  // The vocabularies over the word indexes go first (fuzzy.ts makes them again on open).
  "orders_vocab",
  "clients_vocab",
  "orders",
  "records",
  "orders_fts",
  "orders_digits",
  "meta",
  "changes",
  "clients",
  "clients_fts",
  "clients_digits",
];
export const SCHEMA = `
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
  client_id TEXT,
  changed_at INTEGER,
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
CREATE INDEX orders_client ON orders(client_id, date_create);
CREATE TABLE records (rid INTEGER PRIMARY KEY, record TEXT NOT NULL);
CREATE VIRTUAL TABLE orders_fts USING fts5(
  number, client, device, sn, faults,
  tokenize = "unicode61 remove_diacritics 2", content = "", contentless_delete = 1
);
CREATE VIRTUAL TABLE orders_digits USING fts5(digits, content = "", contentless_delete = 1);
CREATE TABLE clients (
  rid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  name TEXT,
  last_action INTEGER,
  synced_at INTEGER NOT NULL,
  orders_read_at INTEGER,
  record TEXT NOT NULL
);
CREATE INDEX clients_last_action ON clients(last_action);
CREATE VIRTUAL TABLE clients_fts USING fts5(
  name, email,
  tokenize = "unicode61 remove_diacritics 2", content = "", contentless_delete = 1
);
CREATE VIRTUAL TABLE clients_digits USING fts5(digits, content = "", contentless_delete = 1);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  change_id TEXT NOT NULL UNIQUE,
  at INTEGER NOT NULL,
  body TEXT NOT NULL
);
`;

/** FTS5 string literal: words are quoted, so no query text is read as FTS syntax. */
const quote = (word: string): string => `"${word.replaceAll('"', '""')}"`;

export function ftsColumns(order: Order) {
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
  const digits = phoneQueryDigits(text, MIN_PHONE_DIGITS);
  if (digits !== undefined) {
    // 8 as 7, and a whole Russian number also without its country code (the one phone rule).
    const terms = phoneVariants(digits)
      .map((d) => `${quote(d)}*`)
      .join(" OR ");
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
