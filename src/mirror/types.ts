/**
 * The seam between the mirror and its users (the bot, notifications): plain
 * types over the service's normalized `Order`. No grammY here.
 */
import type { Counteragent, Order } from "../service/index.ts";

/** An order as the mirror holds it, with the time the mirror last saw it from the service. */
export interface MirroredOrder {
  order: Order;
  /** When this record was last read from the service (or written through by the bot). */
  syncedAt: Date;
  /**
   * When the order last changed, as far as the mirror knows: the record's `lastAction`, or the
   * earliest time its read vouches for (a sync window of `lastAction`, a bot write). Unknown
   * (undefined) for an order only ever seen unchanged, e.g. in the backfill's open orders.
   */
  changedAt?: Date;
}

/**
 * A client (counteragent) as the mirror holds it. `syncedAt` 0 (the epoch): only seen on an
 * order (name, phones); `ordersReadAt`: when all their orders were read from the service.
 */
export interface MirroredClient {
  client: Counteragent;
  syncedAt: Date;
  ordersReadAt?: Date;
}

/** One page of a mirror list, with the total of the whole list. */
export interface MirrorPage {
  items: MirroredOrder[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * What to list. `text`: search by number, client name, phone, device, serial
 * number, faults (ranked: exact number, then open orders, newest first).
 * `employeeId`: that person's orders as master, manager or either (open only
 * unless `includeClosed`). `overdue`: open orders past their deadline.
 * `deadlineFrom`/`deadlineTo`: open orders due in that range (e.g. today in
 * TIMEZONE). Filters combine; without `text` the order is overdue first, then
 * the nearest deadline, then newest.
 */
export interface MirrorQuery {
  text?: string;
  employeeId?: string;
  role?: "master" | "manager" | "any";
  overdue?: boolean;
  deadlineFrom?: Date;
  deadlineTo?: Date;
  /** Closed orders too (default: only with `text`, which searches all). */
  includeClosed?: boolean;
  /** Orders in this status only (the board's page of a status). */
  statusId?: string;
  /** Orders of this workshop only (the board's workshop filter). */
  shopId?: string;
  /** Orders whose status is of this group only (`finish`: ready; `closed` needs `includeClosed`). */
  statusGroup?: string;
  /** 1-based; default 1. */
  page?: number;
  /** Default 10, at most 50. */
  pageSize?: number;
}

/** How an order changed between two reads, as found by a sync (or a bot write). */
export type MirrorChangeKind = "created" | "status" | "master" | "manager" | "ready" | "deleted" | "price";

export interface MirrorChange {
  /**
   * Stable across restarts and instances for the same change (order, kind, new
   * value, sync run): a notifier dedupes on it.
   */
  id: string;
  kind: MirrorChangeKind;
  /** The order as it is now. */
  order: Order;
  /** The previous value for status/master/manager changes (absent when there was none). */
  from?: { id: string; name?: string };
  /**
   * The new value for status/master/manager changes (absent when removed); for "price" (the
   * approximate price or the works' and parts' total changed) both as written, in `id`.
   */
  to?: { id: string; name?: string };
  /** When the change was noticed (the start of the sync run that saw it). */
  detectedAt: Date;
  /** "sync": made by someone outside the bot (or unknown); "bot": written through by the bot. */
  source: "sync" | "bot";
  /** For source "bot": the Telegram user whose action it was (so it is not echoed back to them). */
  actorId?: number;
}

export interface MirrorStats {
  enabled: boolean;
  /** Orders held (deleted ones not counted). */
  orders: number;
  /** Clients held (read, or seen on an order). */
  clients: number;
  /** The first fill of the clients is still running. */
  clientsFilling: boolean;
  /** End of the last completed sync; null before the first. */
  lastSyncAt: Date | null;
  /** Seconds since lastSyncAt; null before the first. */
  lastSyncAgeSeconds: number | null;
  /** Requests the sync spent in the current quota window (as far as this instance knows). */
  requestsThisWindow: number;
  /** The sync's own budget per quota window. */
  budgetPerWindow: number;
  /** Requests the sync never touches: kept for users' actions. */
  reserve: number;
  /** "syncing": this instance syncs; "replica": it applies the leader's feed; "off". */
  role: "syncing" | "replica" | "off";
  /** The first fill is still running. */
  backfilling: boolean;
  /**
   * Since when the change log holds every change the sync saw (its first complete run, or
   * the oldest change kept when the log was cut); null before the first fill is done.
   */
  watchingSince: Date | null;
  /** Why the last sync attempt did not finish, if it did not. */
  lastError?: "quota" | "unavailable" | "other";
}

/** Changes of one sync step (or one bot write), in order. */
export type ChangeListener = (changes: readonly MirrorChange[]) => void | Promise<void>;

/** The open orders of one status in one workshop (the board), counted with no request. */
export interface StatusCount {
  statusId: string;
  shopId?: string;
  /** The workshop's name from a record in it. */
  shopName?: string;
  /** The status's group as the mirror knows it (new, inWork, wait, finish); undefined when unknown. */
  group?: string;
  /** The status's name from a record in it. */
  name?: string;
  count: number;
}

/** Which open orders the board counts: one employee's (master or manager), one workshop's. */
export interface StatusCountFilter {
  employeeId?: string;
  shopId?: string;
}
