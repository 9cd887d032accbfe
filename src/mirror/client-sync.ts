/**
 * The clients' sync: `GET /counteragents` in pages of 50 (no `sort`: the
 * default by name). The first run reads every client (a backfill spread over
 * as many quota windows as the budget needs, after the orders' backfill);
 * then, every CLIENT_REFRESH_MS at most, the clients changed since the last
 * run (`lastAction` from its start, less the overlap). A filter holding more
 * than the 10 000 reachable records is split into two halves of its
 * `lastAction` range. Saved after every page, like the orders' run.
 */
import type { Counteragent, CounteragentListQuery, Page } from "../service/index.ts";
import { MAX_PAGE_SIZE, MAX_REACHABLE } from "../service/index.ts";

/** One filter set and the next page to read; no `from`: every client (the backfill's first scan). */
export interface ClientScan {
  from?: number;
  /** Null: open end (past the run's start). */
  to: number | null;
  page: number;
}

export interface ClientRun {
  startedAt: number;
  backfill: boolean;
  scans: ClientScan[];
}

export interface ClientSyncState {
  /** Start of the last complete run; null before the first (then every client is read). */
  watermark: number | null;
  run?: ClientRun;
}

/** Changes made to clients in the CRM reach the mirror this often (a request each). */
const CLIENT_REFRESH_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/** A run to start now, or undefined when the last one is recent enough. */
export function newClientRun(state: ClientSyncState, now: number, overlapMs: number): ClientRun | undefined {
  if (state.watermark === null) return { startedAt: now, backfill: true, scans: [{ to: null, page: 1 }] };
  if (now - state.watermark < CLIENT_REFRESH_MS) return undefined;
  return {
    startedAt: now,
    backfill: false,
    scans: [{ from: state.watermark - overlapMs, to: null, page: 1 }],
  };
}

export function clientQuery(scan: ClientScan, run: ClientRun): CounteragentListQuery {
  const query: CounteragentListQuery = { page: scan.page, pageSize: MAX_PAGE_SIZE };
  if (scan.from === undefined && scan.to === null) return query;
  // An open end is a bound well past the run's start: clients changed while it pages stay in it.
  const to = scan.to ?? run.startedAt + DAY_MS;
  return { ...query, lastAction: [Math.floor(scan.from ?? 0), Math.floor(to)] };
}

/** The scans that follow reading `page` of `scan` (none: it is done). */
export function advanceClientScan(scan: ClientScan, page: Page<Counteragent>, run: ClientRun): ClientScan[] {
  const total = page.total;
  if (scan.page === 1 && total !== undefined && total > MAX_REACHABLE) {
    const from = scan.from ?? 0;
    const to = scan.to ?? run.startedAt + DAY_MS;
    // One instant holding over 10 000: what is reachable was read.
    if (to - from < 2) return next(scan, page);
    const middle = Math.floor((from + to) / 2);
    return [
      { from, to: middle, page: 1 },
      { from: middle + 1, to, page: 1 },
    ];
  }
  return next(scan, page);
}

function next(scan: ClientScan, page: Page<Counteragent>): ClientScan[] {
  const size = MAX_PAGE_SIZE;
  const total = page.total ?? Number.POSITIVE_INFINITY;
  if (page.items.length < size || scan.page * size >= Math.min(total, MAX_REACHABLE)) return [];
  return [{ ...scan, page: scan.page + 1 }];
}
