/**
 * Lists and searches over the mirror database: the filters of a MirrorQuery,
 * the ranking (overdue first, then by deadline, newest), and a text search that
 * puts an exact number first and walks the rank index when a word matches many.
 */
import type { StatementSync } from "node:sqlite";
import { DONE_GROUPS } from "../contract/status-groups.ts";
import type { Order } from "../service/index.ts";
import { type FtsMatch, ftsExpression } from "./db-schema.ts";
import { fuzzyExpression, type VocabularyReader } from "./fuzzy.ts";
import { decodeHeldOrder, decodeOrder } from "./records.ts";
import { parseNumberKey } from "./text.ts";
import type { MirroredOrder, MirrorPage, MirrorQuery, StatusCount, StatusCountFilter } from "./types.ts";

/** The database as the queries need it: `sql` caches the statement, `prepare` does not (SQL holding `now`). */
export interface SqlHandle {
  sql(text: string): StatementSync;
  prepare(text: string): StatementSync;
}

const MAX_PAGE_SIZE = 50;
/** Not done (src/contract/status-groups.ts): an unknown group counts as open. */
const NOT_DONE = `(o.status_group IS NULL OR o.status_group NOT IN (${DONE_GROUPS.map((g) => `'${g}'`).join(", ")}))`;
/** From this many matches on, a search walks the rank index instead of sorting. */
const BROAD_MATCHES = 300;

export interface Row {
  record: string;
  synced_at: number;
  changed_at?: number | null;
}

function mirroredOf(row: Row, order: Order): MirroredOrder {
  const held: MirroredOrder = { order, syncedAt: new Date(row.synced_at) };
  if (typeof row.changed_at === "number") held.changedAt = new Date(row.changed_at);
  return held;
}

/** A row as handed out: a record read lately is that reading (decodeHeldOrder). */
export const toMirrored = (row: Row): MirroredOrder => mirroredOf(row, decodeHeldOrder(row.record));

/** A row parsed afresh and kept nowhere: the sync's reads for a merge, replaced at once. */
export const toFreshMirrored = (row: Row): MirroredOrder => mirroredOf(row, decodeOrder(row.record));

/** A page of a list (see MirrorQuery), with the total. */
export function queryOrders(h: SqlHandle, query: MirrorQuery, now: number): MirrorPage {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(query.pageSize ?? 10)));
  const offset = (page - 1) * pageSize;
  const where: string[] = ["o.is_visible = 1"];
  const params: (string | number)[] = [];
  // "Overdue" of src/contract/status-groups.ts on the columns the mirror indexes: the group alone.
  const overdue = `(o.deadline IS NOT NULL AND o.deadline < ${Math.floor(now)} AND ${NOT_DONE})`;
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
  if (query.statusId !== undefined) {
    where.push("o.status_id = ?");
    params.push(query.statusId);
  }
  if (query.shopId !== undefined) {
    where.push("o.shop_id = ?");
    params.push(query.shopId);
  }
  if (query.statusGroup !== undefined) {
    where.push("o.status_group = ?");
    params.push(query.statusGroup);
  }
  if (query.overdue) where.push(overdue);
  if (query.deadlineFrom || query.deadlineTo) {
    where.push(NOT_DONE);
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
      ? ranked(
          h,
          filter,
          `${overdue} DESC, o.deadline IS NULL, o.deadline ASC, o.date_create DESC`,
          pageSize,
          offset,
        )
      : searchedOrFuzzy(h, text, filter, pageSize, offset);
  // The records of the page only (a search may match thousands).
  const rows = rids.map(
    (rid) =>
      h
        .sql(
          "SELECT r.record, o.synced_at, o.changed_at FROM orders o JOIN records r ON r.rid = o.rid WHERE o.rid = ?",
        )
        .get(rid) as unknown as Row,
  );
  return { items: rows.map(toMirrored), total, page, pageSize };
}

/** A search; when it finds nothing, once more with its words' one-letter typos (fuzzy.ts). */
function searchedOrFuzzy(
  h: SqlHandle,
  text: string,
  filter: { sql: string; params: (string | number)[] },
  limit: number,
  offset: number,
): { rids: number[]; total: number } {
  const found = searched(h, text, filter, limit, offset);
  if (found.total > 0) return found;
  const words = fuzzyExpression(text, vocabularyOf(h, "orders_vocab"));
  return words ? searched(h, text, filter, limit, offset, { words }) : found;
}

/** The words of a full-text index's vocabulary table, for fuzzy.ts. */
export function vocabularyOf(
  h: Pick<SqlHandle, "sql">,
  table: "orders_vocab" | "clients_vocab",
): VocabularyReader {
  return {
    terms: (from, to, min, max) =>
      (
        h
          .sql(`SELECT term FROM ${table} WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ?`)
          .all(from, to, min, max) as { term: string }[]
      ).map((row) => row.term),
  };
}

/** One page of rids in `orderBy` order, with the total; not cached (the SQL may hold `now`). */
function ranked(
  h: SqlHandle,
  filter: { sql: string; params: (string | number)[] },
  orderBy: string,
  limit: number,
  offset: number,
): { rids: number[]; total: number } {
  const rows = h
    .prepare(
      `SELECT o.rid, count(*) OVER () AS total FROM orders o WHERE ${filter.sql}
       ORDER BY ${orderBy}, o.rid DESC LIMIT ? OFFSET ?`,
    )
    .all(...filter.params, limit, offset) as unknown as { rid: number; total: number }[];
  const total = rows[0]?.total ?? countWhere(h, filter);
  return { rids: rows.map((r) => r.rid), total };
}

/** `hint` "NOT INDEXED": the matches' rowids are the way in, not an index of all orders. */
function countWhere(h: SqlHandle, filter: { sql: string; params: (string | number)[] }, hint = ""): number {
  return (
    h.prepare(`SELECT count(*) AS n FROM orders o ${hint} WHERE ${filter.sql}`).get(...filter.params) as {
      n: number;
    }
  ).n;
}

/**
 * A search: orders with exactly this number first, then the text's matches, open
 * ones first, newest first. Many matches (a vague word) are read in that order
 * from an index until the page is full, instead of sorting them all.
 */
function searched(
  h: SqlHandle,
  text: string,
  filter: { sql: string; params: (string | number)[] },
  limit: number,
  offset: number,
  /** The words' expression instead of the text's own (the fuzzy retry). */
  fuzzy?: FtsMatch,
): { rids: number[]; total: number } {
  const key = fuzzy ? undefined : parseNumberKey(text);
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
        h
          .prepare(
            `SELECT o.rid FROM orders o INDEXED BY ${exact.index} WHERE ${filter.sql} AND ${exact.sql}
             ORDER BY o.is_open DESC, o.date_create DESC, o.rid DESC LIMIT 50`,
          )
          .all(...filter.params, exact.param) as { rid: number }[]
      ).map((r) => r.rid)
    : [];
  const match = fuzzy ?? ftsExpression(text);
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
  const restTotal = countWhere(h, rest, "NOT INDEXED");
  const restOffset = Math.max(0, offset - exactRids.length);
  const restLimit = limit - fromExact.length;
  if (restLimit <= 0 || restTotal === 0) return { rids: fromExact, total: exactRids.length + restTotal };
  // Few matches: sort them; many: walk the rank index (open, newest) and stop at the page.
  const broad = restTotal > BROAD_MATCHES;
  const rows = h
    .prepare(
      `SELECT o.rid FROM orders o ${broad ? "INDEXED BY orders_rank" : "NOT INDEXED"} WHERE ${restSql(broad ? "+o.rid" : "o.rid")}
       ORDER BY o.is_visible DESC, o.is_open DESC, o.date_create DESC, o.rid DESC LIMIT ? OFFSET ?`,
    )
    .all(...rest.params, restLimit, restOffset) as { rid: number }[];
  return { rids: [...fromExact, ...rows.map((r) => r.rid)], total: exactRids.length + restTotal };
}

/** The open orders per status (the board): one grouped count, a record of each status for its name. */
export function countByStatus(h: SqlHandle, filter: StatusCountFilter): StatusCount[] {
  const where = ["o.is_visible = 1", "o.is_open = 1", "o.status_id IS NOT NULL"];
  const params: string[] = [];
  if (filter.employeeId !== undefined) {
    where.push("(o.master_id = ? OR o.manager_id = ?)");
    params.push(filter.employeeId, filter.employeeId);
  }
  if (filter.shopId !== undefined) {
    where.push("o.shop_id = ?");
    params.push(filter.shopId);
  }
  const rows = h
    .prepare(
      `SELECT o.status_id AS id, o.shop_id AS shop, max(o.status_group) AS grp, count(*) AS n, max(o.rid) AS rid
       FROM orders o WHERE ${where.join(" AND ")} GROUP BY o.status_id, o.shop_id`,
    )
    .all(...params) as unknown as {
    id: string;
    shop: string | null;
    grp: string | null;
    n: number;
    rid: number;
  }[];
  return rows.map((row) => {
    const sample = h.sql("SELECT record FROM records WHERE rid = ?").get(row.rid) as
      | { record: string }
      | undefined;
    const order = sample ? decodeOrder(sample.record) : undefined;
    return {
      statusId: row.id,
      shopId: row.shop ?? undefined,
      shopName: order?.shop?.name,
      group: row.grp ?? undefined,
      name: order?.status?.name,
      count: row.n,
    };
  });
}
