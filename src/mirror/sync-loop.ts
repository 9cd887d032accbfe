/**
 * The sync loop: a step reads as many pages as the budget allows now (the
 * backfill, then changes since the watermark), applies them, and saves its
 * progress; the timer paces the steps by the budget (budget.ts), slower when
 * nobody is around, and backs off after failures.
 */
import type { Logger } from "pino";
import { CLOSED_GROUP } from "../contract/status-groups.ts";
import { asSync, type Counteragent, ServiceError, type Status } from "../service/index.ts";
import type { ChangeApplier } from "./apply.ts";
import type { SyncBudget } from "./budget.ts";
import { clientPages } from "./client-step.ts";
import type { Coordinator } from "./coordinator.ts";
import type { MirrorDb } from "./db.ts";
import type { DiffContext } from "./diff.ts";
import type { MirrorClient } from "./options.ts";
import {
  advanceScan,
  newRun,
  type Scan,
  type StatusSplit,
  type StepOutcome,
  type SyncRun,
  type SyncState,
  scanQuery,
} from "./sync.ts";
import type { MirrorStats } from "./types.ts";

const RETRY_AFTER_FAILURE_MS = 30_000;
export const BUDGET_KEY = "budget";

interface SyncLoopOptions {
  client: MirrorClient;
  db: MirrorDb;
  budget: SyncBudget;
  coordinator: Coordinator;
  applier: ChangeApplier;
  overlapMs: number;
  backfillDays: number;
  /** Keep the company's clients too (GET /counteragents, client-sync.ts). */
  clients?: boolean;
  /** Clients the sync read (their held orders' copies follow). */
  onClients?: (clients: readonly Counteragent[], at: number) => void;
  /** The statuses with their groups (the bot's cache); default GET /statuses. */
  statuses?: () => Promise<Status[]>;
  now: () => number;
  logger?: Logger;
}

export class SyncLoop {
  private readonly options: SyncLoopOptions;
  state: SyncState = { watermark: null };
  idleRuns = 0;
  leading = false;
  lastError: MirrorStats["lastError"];
  private failures = 0;
  private lastActivityAt: number | undefined;
  private running: Promise<StepOutcome> | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** When the timer fires, and when the last step ended. */
  private dueAt: number | undefined;
  private lastStepAt: number | undefined;
  private stopped = true;
  private groupsLoaded: boolean;

  constructor(options: SyncLoopOptions) {
    this.options = options;
    const { db } = options;
    const groups = db.getMeta<Record<string, string>>("groups");
    if (groups) db.setGroups(new Map(Object.entries(groups)));
    // Groups kept from the last run spare GET /statuses; a statuses source (the bot's cache) is free to ask.
    this.groupsLoaded = groups !== undefined && options.statuses === undefined;
  }

  /**
   * A user did something: the sync keeps its day pace. The first activity after a quiet spell
   * (the morning) brings a sync waiting at the night's pace forward to the day's.
   */
  noteActivity(): void {
    const now = this.options.now();
    const before = this.lastActivityAt;
    this.lastActivityAt = now;
    const wasQuiet = before === undefined || now - before > this.options.budget.options.quietAfterMs;
    if (wasQuiet && this.timer && this.dueAt !== undefined && this.running === undefined) {
      const due = (this.lastStepAt ?? now) + this.nextDelay();
      if (due < this.dueAt) this.schedule(Math.max(0, due - now));
    }
  }

  /** When the next sync is due now: the last step's end and the pace (a manual clock's driver asks it). */
  nextDueAt(): number {
    return (this.lastStepAt ?? this.options.now()) + this.nextDelay();
  }

  /** Loads the sync state and applies what other instances published; call once before syncing. */
  async open(): Promise<void> {
    const { coordinator, applier } = this.options;
    this.state = (await coordinator.loadState()) ?? { watermark: null };
    await coordinator.follow((batch) => applier.applyBatch(batch));
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops the timer and waits for a step under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = this.options.now() + delayMs;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.dueAt = undefined;
      void this.step()
        .catch((error: unknown) =>
          this.options.logger?.error({ err: String(error) }, "mirror: sync step failed"),
        )
        .finally(() => this.schedule(this.nextDelay()));
    }, delayMs);
    this.timer.unref();
  }

  nextDelay(): number {
    const { budget } = this.options;
    if (this.failures > 0) {
      return Math.min(RETRY_AFTER_FAILURE_MS * 2 ** (this.failures - 1), budget.options.maxIntervalMs);
    }
    if (!this.leading) return Math.min(budget.options.baseIntervalMs, 10_000);
    return budget.nextDelay({
      now: this.options.now(),
      quota: this.options.client.quota,
      idleRuns: this.idleRuns,
      lastActivityAt: this.lastActivityAt,
      pending: this.state.run !== undefined || this.state.clients?.run !== undefined || this.clientsFilling,
    });
  }

  /** One sync step: as many pages as the budget allows now. Never runs twice at once. */
  step(): Promise<StepOutcome> {
    // Its requests are the sync's (asSync): they spend its share, which users' reads leave it.
    this.running ??= asSync(() => this.runStep()).finally(() => {
      this.running = undefined;
      this.lastStepAt = this.options.now();
    });
    return this.running;
  }

  private async runStep(): Promise<StepOutcome> {
    const { coordinator, budget, client, now } = this.options;
    const outcome: StepOutcome = { requests: 0, completed: false, records: 0 };
    this.leading = await coordinator.lead();
    if (!this.leading) {
      // The syncing instance's progress, for /status here (last sync, first fill done).
      this.state = (await coordinator.loadState()) ?? this.state;
      return outcome;
    }
    // The leader may have changed: continue from the shared state.
    this.state = (await coordinator.loadState()) ?? this.state;
    budget.restore(this.state.budget);
    const quota = () => client.quota;
    let changed = false;
    try {
      if (!this.groupsLoaded && budget.allowance(now(), quota()) > 0) {
        outcome.requests += await this.loadGroups();
      }
      if (!this.state.run) {
        this.state = { ...this.state, run: newRun(this.state, now(), this.settings(), this.statusSplit()) };
      }
      while (this.state.run && budget.allowance(now(), quota()) > 0) {
        const run: SyncRun = this.state.run;
        const scan = run.scans[0];
        if (!scan) break; // a run is saved with scans left only
        const readAt = now();
        let page: Awaited<ReturnType<MirrorClient["orders"]["list"]>>;
        try {
          // Counted as the sync's requests (service/purpose.ts): the operator's figures tell them apart.
          page = await asSync(() => client.orders.list(scanQuery(scan, run, this.statusSplit())));
        } finally {
          outcome.requests++;
          this.spend(1);
        }
        if (!(await coordinator.lead())) break; // the lease was lost while waiting: the new leader goes on
        outcome.records += page.items.length;
        const context = this.syncContext(run, scan);
        const { changes, published } = this.options.applier.applyAndPublish(page.items, readAt, context);
        if (changes.length > 0) changed = true;
        // The other instances have the page before the progress says it was read.
        await published;
        const next = advanceScan(scan, page);
        const scans = [...(next ? [next] : []), ...run.scans.slice(1)];
        this.state =
          scans.length > 0
            ? { ...this.state, run: { ...run, scans } }
            : {
                watermark: run.startedAt,
                lastSyncAt: now(),
                clients: this.state.clients,
                watchingSince: this.state.watchingSince ?? run.startedAt,
              };
        const snapshot = budget.snapshot();
        if (snapshot) this.state = { ...this.state, budget: snapshot };
        await coordinator.saveState(this.state);
        if (scans.length === 0) {
          outcome.completed = true;
          break;
        }
      }
      if (this.options.clients && this.state.watermark !== null) {
        outcome.requests += await clientPages({
          ...this.options,
          state: () => this.state,
          setState: (state) => {
            this.state = state;
          },
          spend: (requests) => this.spend(requests),
        });
      }
      this.failures = 0;
      this.lastError = undefined;
    } catch (error) {
      this.failures = error instanceof ServiceError && error.kind === "quota" ? 0 : this.failures + 1;
      const kind = error instanceof ServiceError ? error.kind : undefined;
      this.lastError = kind === "quota" || kind === "unavailable" ? kind : "other";
      this.options.logger?.warn({ err: String(error) }, "mirror: sync step stopped; it continues later");
      // (Not a refusal at the write reserve: that one only pauses until the next step.)
      if (
        error instanceof ServiceError &&
        error.kind === "quota" &&
        error.resetAt &&
        error.reserve === undefined
      ) {
        // Spent by someone: the budget waits for the reset like everybody else.
        this.spend(budget.options.perWindow);
      }
    }
    if (outcome.completed || outcome.requests > 0) this.idleRuns = changed ? 0 : this.idleRuns + 1;
    return outcome;
  }

  /** The clients' first fill is still running (or has not started). */
  get clientsFilling(): boolean {
    return this.options.clients === true && (this.state.clients?.watermark ?? null) === null;
  }

  /** Counts requests against the budget and keeps the count (a restart goes on with it). */
  private spend(requests: number): void {
    const { budget, db } = this.options;
    budget.record(requests, this.options.now(), this.options.client.quota);
    db.setMeta(BUDGET_KEY, budget.snapshot());
  }

  private settings() {
    return { overlapMs: this.options.overlapMs, backfillDays: this.options.backfillDays };
  }

  /** Status ids by closed or not, for the backfill; undefined when no status is known. */
  private statusSplit(): StatusSplit | undefined {
    const { groups } = this.options.db;
    if (groups.size === 0) return undefined;
    const split: StatusSplit = { open: [], closed: [] };
    for (const [id, group] of groups) (group === CLOSED_GROUP ? split.closed : split.open).push(id);
    return split;
  }

  private async loadGroups(): Promise<number> {
    const { db } = this.options;
    let requests = 0;
    try {
      let statuses: Status[];
      const source = this.options.statuses;
      if (source) statuses = await asSync(source);
      else {
        requests = 1;
        statuses = (await asSync(() => this.options.client.statuses.list())).items;
      }
      const groups = new Map<string, string>();
      for (const status of statuses) if (status.group) groups.set(status.id, status.group);
      db.setGroups(groups);
      db.setMeta("groups", Object.fromEntries(db.groups));
    } catch (error) {
      // Without GET /statuses, records of 2026 carry their group (`status.type`).
      this.options.logger?.info(
        { err: String(error) },
        "mirror: no status list; groups come from the records",
      );
    }
    if (requests > 0) this.spend(requests);
    this.groupsLoaded = true;
    return requests;
  }

  private syncContext(run: SyncRun, scan: Scan): DiffContext {
    const windowFrom = scan.from;
    return {
      groups: this.options.db.groups,
      detectedAt: run.startedAt,
      source: "sync",
      // During the backfill nothing is "new": the mirror is only learning what exists.
      isNew: (order) => !run.backfill && (order.dateCreate?.getTime() ?? 0) >= windowFrom,
      // A later run's window (minutes wide) vouches each record changed since its start; the
      // backfill's scans say nothing close enough (changed within 30 days, or open).
      changedSince: run.backfill ? undefined : Math.floor(windowFrom),
    };
  }

  /**
   * A lookup's one read. An order created after the last complete sync's window is one
   * no sync has seen: "created" here, or nobody would be told (the next sync finds it held).
   */
  readContext(at: number): DiffContext {
    const { watermark } = this.state;
    const since = watermark === null ? Number.POSITIVE_INFINITY : watermark - this.options.overlapMs;
    return {
      groups: this.options.db.groups,
      detectedAt: at,
      source: "sync",
      isNew: (order) => (order.dateCreate?.getTime() ?? 0) >= since,
    };
  }
}
