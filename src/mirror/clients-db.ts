/**
 * The company's clients (counteragents) in the mirror's database: one row per
 * client with its record as JSON, a full-text index over the name and e-mail,
 * and the suffixes of its phones' digits (the last 4 digits find a number).
 * Rows come from the client sync (GET /counteragents), from a card's read of
 * one client, from the bot's own writes, and, as a minimal record (name,
 * phones), from every order held: a client of any mirrored order is found.
 */
import type { StatementSync } from "node:sqlite";
import { phoneDigits } from "../contract/phone.ts";
import type { Counteragent, Order } from "../service/index.ts";
import { type FtsMatch, ftsExpression } from "./db-schema.ts";
import { vocabularyOf } from "./db-search.ts";
import { fuzzyExpression } from "./fuzzy.ts";
import { decodeRecord, encodeRecord } from "./records.ts";
import { foldWords, suffixes } from "./text.ts";
import type { MirroredClient } from "./types.ts";

interface Handle {
  sql(text: string): StatementSync;
}

interface ClientRow {
  rid: number;
  record: string;
  synced_at: number;
  orders_read_at: number | null;
}

/** What an order says of its client: enough to find them by name or phone. */
export interface ClientRef {
  id?: string;
  name?: string;
  phones?: string[];
  rating?: number;
}

const toMirrored = (row: ClientRow): MirroredClient => ({
  client: decodeRecord<Counteragent>(row.record),
  syncedAt: new Date(row.synced_at),
  ordersReadAt: row.orders_read_at === null ? undefined : new Date(row.orders_read_at),
});

export class ClientRows {
  private readonly h: Handle;

  constructor(handle: Handle) {
    this.h = handle;
  }

  private row(id: string): ClientRow | undefined {
    return this.h.sql("SELECT rid, record, synced_at, orders_read_at FROM clients WHERE id = ?").get(id) as
      | ClientRow
      | undefined;
  }

  private index(rid: number, client: Counteragent): void {
    this.h
      .sql("INSERT INTO clients_fts (rowid, name, email) VALUES (?, ?, ?)")
      .run(rid, foldWords(client.name ?? ""), (client.email ?? "").toLowerCase());
    const digits = [
      ...new Set((client.phones ?? []).map(phoneDigits).flatMap((d) => (d === "" ? [] : suffixes(d)))),
    ];
    if (digits.length > 0)
      this.h.sql("INSERT INTO clients_digits (rowid, digits) VALUES (?, ?)").run(rid, digits.join(" "));
  }

  /**
   * Stores the record as read at `syncedAt` (insert or replace, the orders' read mark kept).
   * A read older than the held one is skipped, unless the held one was only seen on an order.
   */
  put(client: Counteragent, syncedAt: number): boolean {
    const held = this.row(client.id);
    if (held && held.synced_at > syncedAt) return false;
    const lastAction = client.lastAction?.getTime() ?? null;
    const name = foldWords(client.name ?? "").trim();
    let rid: number;
    if (held) {
      rid = held.rid;
      this.h
        .sql("UPDATE clients SET name = ?, last_action = ?, synced_at = ?, record = ? WHERE rid = ?")
        .run(name, lastAction, syncedAt, encodeRecord(client), rid);
      this.h.sql("DELETE FROM clients_fts WHERE rowid = ?").run(rid);
      this.h.sql("DELETE FROM clients_digits WHERE rowid = ?").run(rid);
    } else {
      const result = this.h
        .sql("INSERT INTO clients (id, name, last_action, synced_at, record) VALUES (?, ?, ?, ?, ?)")
        .run(client.id, name, lastAction, syncedAt, encodeRecord(client));
      rid = Number(result.lastInsertRowid);
    }
    this.index(rid, client);
    return true;
  }

  /**
   * A client as an order names them: kept when no read of the client is held (synced_at 0:
   * any read of the client replaces it), so every client of a mirrored order is found.
   */
  seen(ref: ClientRef | undefined): void {
    if (!ref?.id) return;
    const held = this.row(ref.id);
    if (held && held.synced_at > 0) return;
    const record = { id: ref.id, name: ref.name, phones: ref.phones, rating: ref.rating } as Counteragent;
    if (held && held.record === encodeRecord(record)) return;
    this.put(record, 0);
  }

  get(id: string): MirroredClient | undefined {
    const row = this.row(id);
    return row ? toMirrored(row) : undefined;
  }

  /** A client's orders were read from the service (all of them, as far as one page goes). */
  markOrdersRead(id: string, at: number): void {
    this.h.sql("UPDATE clients SET orders_read_at = ? WHERE id = ?").run(at, id);
  }

  /**
   * Clients whose name or e-mail has words starting so, or whose phone holds these digits
   * (4 or more). A name that is the text, then one that starts with it (a surname typed
   * whole), then the most recently active first. With the total.
   */
  search(text: string, limit: number): { items: MirroredClient[]; total: number } {
    const found = this.searchWith(text, ftsExpression(text), limit);
    if (found.total > 0) return found;
    // Nothing: once more with the words' one-letter typos (fuzzy.ts).
    const words = fuzzyExpression(text, vocabularyOf(this.h, "clients_vocab"));
    return words ? this.searchWith(text, { words }, limit) : found;
  }

  /** How many clients' phones hold these digits (4 or more): the count alone, no rows read. */
  countByPhone(digits: string): number {
    const match = ftsExpression(digits)?.digits;
    if (!match) return 0;
    const sql = "SELECT count(*) AS n FROM clients_digits WHERE clients_digits MATCH ?";
    return (this.h.sql(sql).get(match) as { n: number }).n;
  }

  private searchWith(
    text: string,
    match: FtsMatch | undefined,
    limit: number,
  ): { items: MirroredClient[]; total: number } {
    if (!match) return { items: [], total: 0 };
    const source = match.digits
      ? { sql: "SELECT rowid FROM clients_digits WHERE clients_digits MATCH ?", param: match.digits }
      : { sql: "SELECT rowid FROM clients_fts WHERE clients_fts MATCH ?", param: match.words ?? "" };
    const total = (
      this.h.sql(`SELECT count(*) AS n FROM clients WHERE rid IN (${source.sql})`).get(source.param) as {
        n: number;
      }
    ).n;
    const typed = foldWords(text.trim().replace(/\s+/g, " "));
    const rows = this.h
      .sql(
        `SELECT rid, record, synced_at, orders_read_at FROM clients WHERE rid IN (${source.sql})
         ORDER BY name = ? DESC, substr(name, 1, length(?)) = ? DESC, last_action IS NULL, last_action DESC, rid DESC
         LIMIT ?`,
      )
      .all(source.param, typed, `${typed} `, `${typed} `, limit) as unknown as ClientRow[];
    return { items: rows.map(toMirrored), total };
  }

  count(): number {
    return (this.h.sql("SELECT count(*) AS n FROM clients").get() as { n: number }).n;
  }
}

/** Whether an order's copy of its client differs from the client's record (name, phones, rating). */
export function copyDiffers(held: Order["counteragent"], client: Counteragent): boolean {
  return (
    held?.name !== client.name ||
    JSON.stringify(held?.phones ?? []) !== JSON.stringify(client.phones ?? []) ||
    held?.rating !== client.rating
  );
}
