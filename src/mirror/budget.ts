/**
 * The sync's share of the request quota (~100 per 15 minutes for the whole
 * company). It spends at most `perWindow` requests per quota window, never
 * touches the last `reserve` requests (kept for users' actions). While staff
 * use the bot it syncs at a steady pace a little sooner than the base interval
 * (news reach them within a minute), slower only when the window's budget must
 * be spread; when nobody uses it (night) it waits longer the longer nothing
 * changes; and longer still when the quota runs low.
 */
import type { Quota } from "../service/index.ts";

export interface BudgetOptions {
  /** Requests the sync may spend per quota window. */
  perWindow: number;
  /** Requests left in the quota that the sync never uses. */
  reserve: number;
  /** The shortest time between two syncs (MIRROR_SYNC_SECONDS). */
  baseIntervalMs: number;
  /** The longest time between two syncs when idle. */
  maxIntervalMs: number;
  /** The quota window when the service does not say (15 minutes). */
  windowMs: number;
  /** No user activity for this long counts as night. */
  quietAfterMs: number;
}

export const DEFAULT_BUDGET: Omit<BudgetOptions, "baseIntervalMs"> = {
  perWindow: 40,
  reserve: 20,
  maxIntervalMs: 15 * 60_000,
  windowMs: 15 * 60_000,
  quietAfterMs: 30 * 60_000,
};

/** Consecutive syncs without a change double the wait, up to this many times (nobody active). */
const MAX_IDLE_DOUBLINGS = 2;
/** While staff are active: the share of the base interval between syncs, when the budget allows. */
const ACTIVE_PACE = 0.75;

interface PaceInput {
  now: number;
  quota: Quota | null;
  /** Syncs in a row that found nothing new. */
  idleRuns: number;
  /** Last user activity (a message, a button); undefined when none yet. */
  lastActivityAt: number | undefined;
  /** A sync run is unfinished (backfill, or a window bigger than one step). */
  pending: boolean;
}

export class SyncBudget {
  readonly options: BudgetOptions;
  private windowKey: number | undefined;
  private spentInWindow = 0;

  constructor(options: BudgetOptions) {
    this.options = options;
  }

  /** The current window: the service's reset time when known, else a fixed 15-minute slot. */
  private key(now: number, quota: Quota | null): number {
    const resetAt = quota?.resetAt?.getTime();
    if (resetAt !== undefined && resetAt > now) return resetAt;
    if (this.windowKey !== undefined && this.windowKey > now) return this.windowKey;
    return (Math.floor(now / this.options.windowMs) + 1) * this.options.windowMs;
  }

  private roll(now: number, quota: Quota | null): void {
    const key = this.key(now, quota);
    if (key !== this.windowKey) {
      // A window reset later than the known one is a new window; an earlier one (clock drift) is not.
      if (this.windowKey === undefined || key > this.windowKey + 1000) this.spentInWindow = 0;
      this.windowKey = key;
    }
  }

  /** What was spent in which window: kept across a restart, so a restart does not double the budget. */
  snapshot(): { windowKey: number; spent: number } | undefined {
    return this.windowKey === undefined
      ? undefined
      : { windowKey: this.windowKey, spent: this.spentInWindow };
  }

  /** Takes a count kept elsewhere (the file, another instance) when it is of a later window or higher. */
  restore(saved: { windowKey: number; spent: number } | undefined): void {
    if (!saved || !Number.isFinite(saved.windowKey) || !Number.isFinite(saved.spent)) return;
    const later = this.windowKey === undefined || saved.windowKey > this.windowKey;
    if (!later && !(saved.windowKey === this.windowKey && saved.spent > this.spentInWindow)) return;
    this.windowKey = saved.windowKey;
    this.spentInWindow = Math.max(0, saved.spent);
  }

  spent(now: number, quota: Quota | null): number {
    this.roll(now, quota);
    return this.spentInWindow;
  }

  record(requests: number, now: number, quota: Quota | null): void {
    this.roll(now, quota);
    this.spentInWindow += requests;
  }

  /** Requests the sync may send now: its budget left, and the quota left above the reserve. */
  allowance(now: number, quota: Quota | null): number {
    this.roll(now, quota);
    let allowed = this.options.perWindow - this.spentInWindow;
    const quotaLive = quota && (quota.resetAt === null || quota.resetAt.getTime() > now);
    if (quota && quotaLive) allowed = Math.min(allowed, quota.remaining - this.options.reserve);
    return Math.max(0, allowed);
  }

  /** When the window ends (the budget is whole again). */
  windowEndsAt(now: number, quota: Quota | null): number {
    this.roll(now, quota);
    return this.windowKey ?? now + this.options.windowMs;
  }

  /** How long to wait before the next sync. */
  nextDelay(input: PaceInput): number {
    const { now, quota } = input;
    const { baseIntervalMs, maxIntervalMs, quietAfterMs } = this.options;
    const allowance = this.allowance(now, quota);
    const windowLeft = Math.max(0, this.windowEndsAt(now, quota) - now);
    if (allowance === 0) return Math.min(Math.max(windowLeft + 1000, baseIntervalMs), maxIntervalMs + 60_000);
    let delay = baseIntervalMs;
    if (!input.pending) {
      const quiet = input.lastActivityAt === undefined || now - input.lastActivityAt > quietAfterMs;
      // Staff at work wait for news whether or not the last syncs found any: no idle slow-down then.
      if (quiet) delay *= 2 * 2 ** Math.min(input.idleRuns, MAX_IDLE_DOUBLINGS);
      else delay = Math.round(delay * ACTIVE_PACE);
      // Little quota left for everybody: slow down before the reserve is reached.
      if (quota && quota.remaining < this.options.reserve * 2) delay *= 2;
      // Spread what is left of the budget over what is left of the window.
      delay = Math.max(delay, Math.floor(windowLeft / allowance));
    }
    return Math.min(delay, maxIntervalMs);
  }
}
