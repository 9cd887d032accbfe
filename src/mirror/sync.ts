/**
 * The incremental sync: `GET /company/orders` filtered by a `lastAction`
 * window from the watermark (minus an overlap for clock skew) on, paged, with
 * no `sort` (the real service refused one there). The watermark is the time a
 * run started; it moves only when the run has read every page. A window that
 * holds more than the 10 000 reachable records is split in two. The first run
 * is a backfill: the orders not in a closed status group, plus those changed
 * in the last MIRROR_BACKFILL_DAYS.
 *
 * A run is a list of scans (one filter set each, with the next page to read),
 * saved after every page: a run cut short by the budget, the quota, the
 * service being down or a restart continues where it stopped.
 */
import type { Order, OrderListQuery, Page } from "../service/index.ts";
import { MAX_PAGE_SIZE, MAX_REACHABLE } from "../service/index.ts";
import type { ClientSyncState } from "./client-sync.ts";

/**
 * One filter set of a run and how far it was read. Bounds are Unix ms; `to` null: open end.
 * "lastAction": changed in [from, to]; "open": statuses not closed, created in [from, to];
 * "closed": closed statuses changed in [from, to] (the backfill's other half, read once).
 */
export interface Scan {
  by: "lastAction" | "open" | "closed";
  from: number;
  to: number | null;
  /** Next page to read (1-based). */
  page: number;
  /** The total the last page reported: a drop means records left the filter while paging. */
  total?: number;
  /**
   * Only records created up to then: set when a filter holds more than the 10 000
   * reachable records. Lists come newest first, so the next part starts below the
   * oldest record read (keyset paging, no request wasted on probing).
   */
  createdTo?: number;
}

export interface SyncRun {
  startedAt: number;
  backfill: boolean;
  scans: Scan[];
}

export interface SyncState {
  /** Start of the last complete run; null before the first (then a backfill runs). */
  watermark: number | null;
  run?: SyncRun;
  lastSyncAt?: number;
  /** Start of the first complete run (the backfill): every change since is in the change log. */
  watchingSince?: number;
  /** The sync's requests in the current quota window: shared, so a new leader does not start from 0. */
  budget?: { windowKey: number; spent: number };
  /** The clients' sync (client-sync.ts), when the mirror keeps clients. */
  clients?: ClientSyncState;
}

interface SyncSettings {
  overlapMs: number;
  backfillDays: number;
}

export interface StepOutcome {
  requests: number;
  /** The run finished in this step (the watermark moved). */
  completed: boolean;
  /** Records read (before the workshop filter). */
  records: number;
}

const DAY_MS = 86_400_000;
/** The oldest creation date a split of the open-orders scan considers. */
const OLDEST_MS = 20 * 365 * DAY_MS;

/** Status ids by whether their group is closed; undefined when the statuses are not known. */
export interface StatusSplit {
  open: string[];
  closed: string[];
}

/** A new run: a backfill before the first watermark, else the window since the watermark. */
export function newRun(
  state: SyncState,
  now: number,
  settings: SyncSettings,
  statuses: StatusSplit | undefined,
): SyncRun {
  if (state.watermark === null) {
    const recent = now - settings.backfillDays * DAY_MS;
    const split = statuses && statuses.open.length > 0 && statuses.closed.length > 0;
    // Open orders, then the closed ones changed lately: no order is read twice.
    const scans: Scan[] = split
      ? [
          { by: "open", from: now - OLDEST_MS, to: null, page: 1 },
          { by: "closed", from: recent, to: null, page: 1 },
        ]
      : [{ by: "lastAction", from: recent, to: null, page: 1 }];
    return { startedAt: now, backfill: true, scans };
  }
  return {
    startedAt: now,
    backfill: false,
    scans: [{ by: "lastAction", from: state.watermark - settings.overlapMs, to: null, page: 1 }],
  };
}

export function scanQuery(scan: Scan, run: SyncRun, statuses: StatusSplit | undefined): OrderListQuery {
  // An open end is sent as a bound well past the run's start: records changed while the run pages stay in it.
  const to = scan.to ?? run.startedAt + DAY_MS;
  const range: [number, number] = [Math.floor(scan.from), Math.floor(to)];
  const base = { page: scan.page, pageSize: MAX_PAGE_SIZE };
  if (scan.by === "open") {
    const created: [number, number] = [range[0], Math.min(range[1], scan.createdTo ?? range[1])];
    return { ...base, statusIds: statuses?.open ?? [], dateCreate: created };
  }
  const created =
    scan.createdTo === undefined ? {} : { dateCreate: [0, Math.floor(scan.createdTo)] as [number, number] };
  if (scan.by === "closed")
    return { ...base, statusIds: statuses?.closed ?? [], lastAction: range, ...created };
  return { ...base, lastAction: range, ...created };
}

/**
 * After reading `page` of a scan: the scan to continue with, or undefined when it is done.
 * When the total dropped by d, d records before this page left the filter and the
 * rest moved up: step back far enough to read the ones that moved onto pages already read.
 */
export function advanceScan(scan: Scan, page: Page<Order>): Scan | undefined {
  const total = page.total ?? Number.POSITIVE_INFINITY;
  const size = MAX_PAGE_SIZE;
  const dropped = scan.total !== undefined && Number.isFinite(total) ? Math.max(0, scan.total - total) : 0;
  const next = Math.max(1, scan.page + 1 - Math.ceil(dropped / size));
  const short = page.items.length < size;
  const beyond = Number.isFinite(total) && (next - 1) * size >= total;
  if ((short && dropped === 0) || beyond) return undefined;
  if (next * size > MAX_REACHABLE) return continueBelow(scan, page);
  return { ...scan, page: next, total: Number.isFinite(total) ? total : scan.total };
}

/**
 * The reachable records of a filter are read but it holds more: the same filter for the
 * records created up to the oldest one read (those at that very time are read again).
 * Undefined when that would not move on (over 10 000 records created at one instant).
 */
function continueBelow(scan: Scan, page: Page<Order>): Scan | undefined {
  if ((page.total ?? 0) <= MAX_REACHABLE) return undefined;
  let oldest: number | undefined;
  for (const order of page.items) {
    const created = order.dateCreate?.getTime();
    if (created !== undefined && (oldest === undefined || created < oldest)) oldest = created;
  }
  if (oldest === undefined || (scan.createdTo !== undefined && oldest >= scan.createdTo)) return undefined;
  const { total: _total, ...rest } = scan;
  return { ...rest, page: 1, createdTo: oldest };
}
