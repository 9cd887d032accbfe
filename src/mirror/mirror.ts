/**
 * The order mirror: the database (db.ts), the sync (sync.ts) paced by the
 * budget (budget.ts), the write-through of the bot's writes, the one-request
 * lookups of orders it does not hold, and the change listeners.
 */
import type { Logger } from "pino";
import {
  type Order,
  type OrderListQuery,
  type ServiceClient,
  ServiceError,
  type Status,
} from "../service/index.ts";
import { type BudgetOptions, SyncBudget } from "./budget.ts";
import { type Coordinator, type FeedBatch, localCoordinator } from "./coordinator.ts";
import { MirrorDb } from "./db.ts";
import { type DiffContext, diffOrder, mergeRecords } from "./diff.ts";
import { CLOSED_GROUP, decodeChange, decodeOrder, encodeChange, encodeOrder } from "./records.ts";
import {
  advanceScan,
  newRun,
  type StatusSplit,
  type StepOutcome,
  type SyncRun,
  type SyncState,
  scanQuery,
} from "./sync.ts";
import { parseNumberKey } from "./text.ts";
import type {
  ChangeListener,
  MirrorChange,
  MirroredOrder,
  MirrorPage,
  MirrorQuery,
  MirrorStats,
} from "./types.ts";

/** What the mirror needs of the service client: order lists and reads, statuses, the quota. */
export type MirrorClient = Pick<ServiceClient, "orders" | "statuses" | "quota">;

export interface MirrorOptions {
  client: MirrorClient;
  /** The database file (DATA_DIR/mirror.sqlite), or ":memory:". */
  path: string;
  /** SHOP_IDS: only these workshops' orders are held (empty: all). */
  shopIds: readonly string[];
  budget: BudgetOptions;
  /** Re-read this much before the watermark (clock skew between us and the service). */
  overlapMs: number;
  backfillDays: number;
  /** The statuses with their groups (the bot's cache); default GET /statuses. */
  statuses?: () => Promise<Status[]>;
  coordinator?: (db: MirrorDb) => Coordinator;
  /** An id for this instance in the change feed. */
  instanceId?: string;
  logger?: Logger;
  now?: () => number;
}

/** The sync's own state, for tests and the bench. */
export interface SyncProgress {
  state: SyncState;
  idleRuns: number;
}

const RETRY_AFTER_FAILURE_MS = 30_000;
const BUDGET_KEY = "budget";
/** An order the bot writes that was created this recently (and is not held yet) counts as created. */
const RECENTLY_CREATED_MS = 3_600_000;

export class Mirror {
  readonly db: MirrorDb;
  private readonly options: MirrorOptions;
  private readonly budget: SyncBudget;
  private readonly coordinator: Coordinator;
  private readonly listeners = new Set<ChangeListener>();
  private readonly now: () => number;
  private readonly instanceId: string;
  private state: SyncState = { watermark: null };
  private idleRuns = 0;
  private failures = 0;
  private lastActivityAt: number | undefined;
  private lastError: MirrorStats["lastError"];
  private leading = false;
  private running: Promise<StepOutcome> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private groupsLoaded = false;

  constructor(options: MirrorOptions) {
    this.options = options;
    this.db = new MirrorDb({ path: options.path });
    this.budget = new SyncBudget(options.budget);
    this.budget.restore(this.db.getMeta(BUDGET_KEY));
    this.coordinator = (options.coordinator ?? localCoordinator)(this.db);
    this.now = options.now ?? Date.now;
    this.instanceId = options.instanceId ?? `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    // SHOP_IDS may have changed since the last run: other workshops' orders go.
    if (options.shopIds.length > 0) this.db.keepShops(options.shopIds);
    const groups = this.db.getMeta<Record<string, string>>("groups");
    if (groups) this.db.setGroups(new Map(Object.entries(groups)));
    // Groups kept from the last run spare GET /statuses; a statuses source (the bot's cache) is free to ask.
    this.groupsLoaded = groups !== undefined && options.statuses === undefined;
  }

  // ---- reads (0 requests) ----

  get(id: string): MirroredOrder | undefined {
    const found = this.db.get(id);
    return found && this.inScope(found.order) ? found : undefined;
  }

  byNumber(text: string): MirroredOrder[] {
    return this.db.byNumber(text);
  }

  list(query: MirrorQuery): MirrorPage {
    return this.db.query(query, this.now());
  }

  // ---- reads that may ask the service (1 request on a miss) ----

  /** The order from the mirror (a deleted one too: `isVisible: false`), else read from the service once and kept. */
  async fetch(id: string, options: { refresh?: boolean } = {}): Promise<MirroredOrder> {
    if (!options.refresh) {
      const held = this.get(id);
      if (held) return held;
    }
    const readAt = this.now();
    const order = await this.options.client.orders.get(id);
    if (!this.inScope(order)) {
      throw new ServiceError("not_found", `GET /orders/${id}: outside the configured workshops`, {
        status: 404,
      });
    }
    this.applyRecords([order], readAt, this.readContext(readAt));
    return this.db.get(order.id) ?? { order, syncedAt: new Date(readAt) };
  }

  /** Orders with this number from the mirror; on a miss one list request, whose matches are kept. */
  async findByNumber(text: string): Promise<MirroredOrder[]> {
    const held = this.byNumber(text);
    const key = parseNumberKey(text);
    if (held.length > 0 || !key) return held;
    // By the numeric part even with a prefix: the prefix as typed (a Latin A, a hyphen) may not be
    // the workshop's spelling; the filter below keeps the prefix asked for, look-alikes folded.
    const query: OrderListQuery = {
      num: key.num,
      isVisible: true,
      page: 1,
      pageSize: 50,
    };
    const readAt = this.now();
    const page = await this.options.client.orders.list(query);
    // Only what was asked for: a service that ignored the filter must not fill the mirror with strangers.
    const asked = page.items.filter((order) => {
      const found = parseNumberKey(order.number ?? "");
      return found?.num === key.num && (key.prefix === "" || found.prefix === key.prefix);
    });
    this.applyRecords(asked, readAt, this.readContext(readAt));
    return this.byNumber(text);
  }

  // ---- writes ----

  /**
   * The bot wrote this order (create, status, master, manager, comment): the mirror
   * takes the record at once. Changes found are emitted with source "bot" and the actor.
   * `created`: the bot just created it (default: it was created in the last hour and
   * the mirror did not hold it), so an old order first seen here is no "created".
   */
  upsert(order: Order, options: { actorId?: number; created?: boolean } = {}): MirrorChange[] {
    const at = this.now();
    return this.applyRecords([order], at, {
      groups: this.db.groups,
      detectedAt: at,
      source: "bot",
      actorId: options.actorId,
      isNew: (record) => options.created ?? (record.dateCreate?.getTime() ?? 0) >= at - RECENTLY_CREATED_MS,
    });
  }

  // ---- changes ----

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changesSince(seq: number, limit = 100): { seq: number; change: MirrorChange }[] {
    return this.db.changesSince(seq, limit);
  }

  logCursor(reader: string): number | undefined {
    const seq = this.db.getMeta<unknown>(`cursor:${reader}`);
    return typeof seq === "number" && Number.isSafeInteger(seq) ? seq : undefined;
  }

  setLogCursor(reader: string, seq: number): void {
    this.db.setMeta(`cursor:${reader}`, seq);
  }

  // ---- the sync ----

  /** A user did something: the sync keeps its day pace. */
  noteActivity(): void {
    this.lastActivityAt = this.now();
  }

  get progress(): SyncProgress {
    return { state: this.state, idleRuns: this.idleRuns };
  }

  /** Loads the sync state and applies what other instances published; call once before syncing. */
  async open(): Promise<void> {
    this.state = (await this.coordinator.loadState()) ?? { watermark: null };
    await this.coordinator.follow((batch) => this.applyBatch(batch));
  }

  /** Starts the periodic sync. */
  async start(): Promise<void> {
    await this.open();
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
    await this.coordinator.close();
    this.db.close();
  }

  /** Sync now (e.g. a webhook said something changed), within the budget. */
  syncNow(): Promise<StepOutcome> {
    return this.step();
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.step()
        .catch((error: unknown) =>
          this.options.logger?.error({ err: String(error) }, "mirror: sync step failed"),
        )
        .finally(() => this.schedule(this.nextDelay()));
    }, delayMs);
    this.timer.unref();
  }

  nextDelay(): number {
    if (this.failures > 0) {
      return Math.min(RETRY_AFTER_FAILURE_MS * 2 ** (this.failures - 1), this.budget.options.maxIntervalMs);
    }
    if (!this.leading) return Math.min(this.budget.options.baseIntervalMs, 10_000);
    return this.budget.nextDelay({
      now: this.now(),
      quota: this.options.client.quota,
      idleRuns: this.idleRuns,
      lastActivityAt: this.lastActivityAt,
      pending: this.state.run !== undefined,
    });
  }

  /** One sync step: as many pages as the budget allows now. Never runs twice at once. */
  step(): Promise<StepOutcome> {
    this.running ??= this.runStep().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async runStep(): Promise<StepOutcome> {
    const outcome: StepOutcome = { requests: 0, completed: false, records: 0 };
    this.leading = await this.coordinator.lead();
    if (!this.leading) {
      // The syncing instance's progress, for /status here (last sync, first fill done).
      this.state = (await this.coordinator.loadState()) ?? this.state;
      return outcome;
    }
    // The leader may have changed: continue from the shared state.
    this.state = (await this.coordinator.loadState()) ?? this.state;
    this.budget.restore(this.state.budget);
    const quota = () => this.options.client.quota;
    let changed = false;
    try {
      if (!this.groupsLoaded && this.budget.allowance(this.now(), quota()) > 0) {
        outcome.requests += await this.loadGroups();
      }
      if (!this.state.run) {
        this.state = {
          ...this.state,
          run: newRun(this.state, this.now(), this.settings(), this.statusSplit()),
        };
      }
      while (this.state.run && this.budget.allowance(this.now(), quota()) > 0) {
        const run: SyncRun = this.state.run;
        const scan = run.scans[0];
        if (!scan) break; // a run is saved with scans left only
        const readAt = this.now();
        let page: Awaited<ReturnType<MirrorClient["orders"]["list"]>>;
        try {
          page = await this.options.client.orders.list(scanQuery(scan, run, this.statusSplit()));
        } finally {
          outcome.requests++;
          this.spend(1);
        }
        if (!(await this.coordinator.lead())) break; // the lease was lost while waiting: the new leader goes on
        outcome.records += page.items.length;
        const context = this.syncContext(run, scan.from);
        const { changes, published } = this.applyAndPublish(page.items, readAt, context);
        if (changes.length > 0) changed = true;
        // The other instances have the page before the progress says it was read.
        await published;
        const next = advanceScan(scan, page);
        const scans = [...(next ? [next] : []), ...run.scans.slice(1)];
        this.state =
          scans.length > 0
            ? { ...this.state, run: { ...run, scans } }
            : { watermark: run.startedAt, lastSyncAt: this.now() };
        const budget = this.budget.snapshot();
        if (budget) this.state = { ...this.state, budget };
        await this.coordinator.saveState(this.state);
        if (scans.length === 0) {
          outcome.completed = true;
          break;
        }
      }
      this.failures = 0;
      this.lastError = undefined;
    } catch (error) {
      this.failures = error instanceof ServiceError && error.kind === "quota" ? 0 : this.failures + 1;
      const kind = error instanceof ServiceError ? error.kind : undefined;
      this.lastError = kind === "quota" || kind === "unavailable" ? kind : "other";
      this.options.logger?.warn({ err: String(error) }, "mirror: sync step stopped; it continues later");
      if (error instanceof ServiceError && error.kind === "quota" && error.resetAt) {
        // Spent by someone: the budget waits for the reset like everybody else.
        this.spend(this.budget.options.perWindow);
      }
    }
    if (outcome.completed || outcome.requests > 0) this.idleRuns = changed ? 0 : this.idleRuns + 1;
    return outcome;
  }

  /** Counts requests against the budget and keeps the count (a restart goes on with it). */
  private spend(requests: number): void {
    this.budget.record(requests, this.now(), this.options.client.quota);
    this.db.setMeta(BUDGET_KEY, this.budget.snapshot());
  }

  private settings() {
    return { overlapMs: this.options.overlapMs, backfillDays: this.options.backfillDays };
  }

  /** Status ids by closed or not, for the backfill; undefined when no status is known. */
  private statusSplit(): StatusSplit | undefined {
    if (this.db.groups.size === 0) return undefined;
    const split: StatusSplit = { open: [], closed: [] };
    for (const [id, group] of this.db.groups) (group === CLOSED_GROUP ? split.closed : split.open).push(id);
    return split;
  }

  private async loadGroups(): Promise<number> {
    let requests = 0;
    try {
      let statuses: Status[];
      if (this.options.statuses) statuses = await this.options.statuses();
      else {
        requests = 1;
        statuses = (await this.options.client.statuses.list()).items;
      }
      const groups = new Map<string, string>();
      for (const status of statuses) if (status.group) groups.set(status.id, status.group);
      this.db.setGroups(groups);
      this.db.setMeta("groups", Object.fromEntries(this.db.groups));
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

  private syncContext(run: SyncRun, windowFrom: number): DiffContext {
    return {
      groups: this.db.groups,
      detectedAt: run.startedAt,
      source: "sync",
      // During the backfill nothing is "new": the mirror is only learning what exists.
      isNew: (order) => !run.backfill && (order.dateCreate?.getTime() ?? 0) >= windowFrom,
    };
  }

  /**
   * A lookup's one read. An order created after the last complete sync's window is one
   * no sync has seen: "created" here, or nobody would be told (the next sync finds it held).
   */
  private readContext(at: number): DiffContext {
    const { watermark } = this.state;
    const since = watermark === null ? Number.POSITIVE_INFINITY : watermark - this.options.overlapMs;
    return {
      groups: this.db.groups,
      detectedAt: at,
      source: "sync",
      isNew: (order) => (order.dateCreate?.getTime() ?? 0) >= since,
    };
  }

  private inScope(order: Order): boolean {
    const shops = this.options.shopIds;
    return shops.length === 0 || (order.shop?.id !== undefined && shops.includes(order.shop.id));
  }

  /** Compares, stores and logs in one transaction; then publishes and tells the listeners. */
  private applyRecords(records: readonly Order[], readAt: number, context: DiffContext): MirrorChange[] {
    const { changes, published } = this.applyAndPublish(records, readAt, context);
    published.catch((error: unknown) =>
      this.options.logger?.warn({ err: String(error) }, "mirror: publishing to the other instances failed"),
    );
    return changes;
  }

  /** As applyRecords; the sync waits for `published` before it saves its progress. */
  private applyAndPublish(
    records: readonly Order[],
    readAt: number,
    context: DiffContext,
  ): { changes: MirrorChange[]; published: Promise<void> } {
    const kept = records.filter((order) => this.inScope(order));
    if (kept.length === 0) return { changes: [], published: Promise.resolve() };
    const stored: Order[] = [];
    const changes = this.db.transaction(() => {
      const found: MirrorChange[] = [];
      for (const record of kept) {
        const held = this.db.get(record.id);
        // A bot write newer than this read wins; the next sync brings anything later.
        if (held && held.syncedAt.getTime() > readAt) continue;
        const merged = mergeRecords(held?.order, record);
        found.push(...diffOrder(held?.order, merged, context));
        this.db.put(merged, readAt);
        stored.push(merged);
      }
      return this.db.logChanges(found);
    });
    const published =
      stored.length === 0
        ? Promise.resolve()
        : this.coordinator.publish({
            origin: this.instanceId,
            syncedAt: readAt,
            records: stored.map(encodeOrder),
            changes: changes.map(encodeChange),
          });
    this.emit(changes);
    return { changes, published };
  }

  /** Another instance's batch: its records (unless ours are newer) and its changes. */
  private applyBatch(batch: FeedBatch): void {
    if (batch.origin === this.instanceId) return;
    const changes = batch.changes.map(decodeChange);
    const added = this.db.transaction(() => {
      for (const json of batch.records) {
        const order = decodeOrder(json);
        const held = this.db.get(order.id);
        if (held && held.syncedAt.getTime() > batch.syncedAt) continue;
        this.db.put(order, batch.syncedAt);
      }
      return this.db.logChanges(changes);
    });
    this.emit(added);
  }

  private emit(changes: readonly MirrorChange[]): void {
    if (changes.length === 0) return;
    for (const listener of this.listeners) {
      Promise.resolve()
        .then(() => listener(changes))
        .catch((error: unknown) =>
          this.options.logger?.error({ err: String(error) }, "mirror: a change listener failed"),
        );
    }
  }

  stats(): MirrorStats {
    const now = this.now();
    const last = this.state.lastSyncAt;
    const quota = this.options.client.quota;
    return {
      enabled: true,
      orders: this.db.count(),
      lastSyncAt: last === undefined ? null : new Date(last),
      lastSyncAgeSeconds: last === undefined ? null : Math.max(0, Math.round((now - last) / 1000)),
      requestsThisWindow: this.budget.spent(now, quota),
      budgetPerWindow: this.budget.options.perWindow,
      reserve: this.budget.options.reserve,
      role: this.leading ? "syncing" : this.coordinator.kind === "redis" ? "replica" : "syncing",
      backfilling: this.state.run?.backfill === true || this.state.watermark === null,
      lastError: this.lastError,
    };
  }
}
