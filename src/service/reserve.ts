/**
 * Who may spend the last requests of a quota window. Writes have a reserve no
 * read spends; the order mirror's sync has a share (MIRROR_BUDGET) that users'
 * reads leave it, so news stays fresh in a busy window; users' reads have the
 * rest. The reserve follows what the shop writes: it keeps for the writes still
 * to come twice the most writes seen in a window of the last hour (this one
 * included, so a burst raises it at once), less those this window has made,
 * never below a floor nor above half the quota. WRITE_RESERVE fixes it.
 * The sync's share is held pro rata of the window's time left.
 */
import type { RequestPurpose } from "./purpose.ts";

/** The write reserve: a fixed count (WRITE_RESERVE; 0 is none), or following the writes seen. */
export type ReservePolicy =
  | { kind: "fixed"; requests: number }
  | { kind: "adaptive"; floor: number; ceiling: number };

/** Defaults of the adaptive reserve: a floor for the first writes of a day, half the 100-request quota at most. */
const ADAPTIVE_FLOOR = 10;
const ADAPTIVE_CEILING = 50;
/** The most writes of any window in this span count: a busy hour keeps its reserve. */
const HISTORY_MS = 60 * 60_000;
/** A quota window (service-notes.md: about 100 requests per 15 minutes). */
export const WINDOW_MS = 15 * 60_000;
/** A window ends this much later than the one before it to be a new one (the reset time drifts a little). */
const SAME_WINDOW_SLACK_MS = 1000;

export function reservePolicy(
  writeReserve: number | "auto" | undefined,
  floor = ADAPTIVE_FLOOR,
): ReservePolicy {
  if (writeReserve === "auto") {
    const low = Math.max(0, floor);
    return { kind: "adaptive", floor: low, ceiling: Math.max(low, ADAPTIVE_CEILING) };
  }
  return { kind: "fixed", requests: Math.max(0, writeReserve ?? 0) };
}

interface PastWindow {
  endsAt: number;
  writes: number;
}

/** Counts a process's requests per quota window by purpose; says the reserve and the sync's share now. */
export class ReserveLedger {
  private windowEndsAt: number | undefined;
  private writes = 0;
  private syncs = 0;
  private past: PastWindow[] = [];
  private readonly policy: ReservePolicy;
  /** Requests of a window users' reads leave to the sync (MIRROR_BUDGET; 0 without a mirror). */
  private readonly syncShare: number;

  constructor(policy: ReservePolicy, syncShare: number) {
    this.policy = policy;
    this.syncShare = syncShare;
  }

  /** `endsAt`: the live window's reset time (the service's, else a 15-minute slot). */
  private roll(endsAt: number): void {
    if (this.windowEndsAt === undefined) {
      this.windowEndsAt = endsAt;
      return;
    }
    if (endsAt <= this.windowEndsAt + SAME_WINDOW_SLACK_MS) return;
    this.past.push({ endsAt: this.windowEndsAt, writes: this.writes });
    this.past = this.past.filter((w) => w.endsAt > endsAt - HISTORY_MS);
    this.windowEndsAt = endsAt;
    this.writes = 0;
    this.syncs = 0;
  }

  /** A request is sent. */
  count(purpose: RequestPurpose, endsAt: number): void {
    this.roll(endsAt);
    if (purpose === "write") this.writes++;
    else if (purpose === "sync") this.syncs++;
  }

  /**
   * Requests of the window only writes may spend now. A write made is one fewer to keep: held
   * in full to the end, the reserve would grow as it is spent and starve the sync and lookups.
   */
  writeReserve(endsAt: number): number {
    const { policy } = this;
    if (policy.kind === "fixed") return policy.requests;
    this.roll(endsAt);
    const busiest = Math.max(this.writes, ...this.past.map((w) => w.writes));
    return Math.min(policy.ceiling, Math.max(policy.floor, 2 * busiest - this.writes));
  }

  /**
   * What users' reads leave the sync in this window: what it has not spent of its share, but
   * no more than its share of the time left. The sync paces its budget over the window
   * (mirror/budget.ts), so a share it did not spend early is not one it will spend late:
   * held in full, it would stop a busy shop's lookups with most of the quota unspent.
   */
  syncHeld(endsAt: number, now: number): number {
    this.roll(endsAt);
    const timeLeft = Math.min(WINDOW_MS, Math.max(0, endsAt - now)) / WINDOW_MS;
    return Math.max(0, Math.min(this.syncShare - this.syncs, Math.ceil(this.syncShare * timeLeft)));
  }

  /** The requests below which a request of this purpose is refused (writes: none). */
  floorFor(purpose: RequestPurpose, endsAt: number, now: number): number {
    if (purpose === "write") return 0;
    const reserve = this.writeReserve(endsAt);
    return purpose === "sync" ? reserve : reserve + this.syncHeld(endsAt, now);
  }
}
