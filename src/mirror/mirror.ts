/**
 * The order mirror: the database (db.ts), the sync loop (sync-loop.ts) paced by
 * the budget (budget.ts), the lookups of orders it does not hold (lookups.ts),
 * the write-through of the bot's writes, and the change listeners (apply.ts);
 * what it is built from: options.ts.
 */
import type { Counteragent, Order } from "../service/index.ts";
import { ChangeApplier } from "./apply.ts";
import { SyncBudget } from "./budget.ts";
import { copyDiffers } from "./clients-db.ts";
import { type Coordinator, localCoordinator } from "./coordinator.ts";
import { MirrorDb } from "./db.ts";
import { Lookups } from "./lookups.ts";
import type { MirrorOptions, SyncProgress } from "./options.ts";
import type { StepOutcome } from "./sync.ts";
import { BUDGET_KEY, SyncLoop } from "./sync-loop.ts";
import type {
  ChangeListener,
  MirrorChange,
  MirroredClient,
  MirroredOrder,
  MirrorPage,
  MirrorQuery,
  MirrorStats,
  StatusCount,
  StatusCountFilter,
} from "./types.ts";

/** A client's orders read in one request (the newest). */
const CLIENT_ORDERS_PAGE = 50;
/** Held orders of a client whose copies a change of the client updates. */
const CLIENT_ORDERS_KEPT = 500;

/** An order the bot writes that was created this recently (and is not held yet) counts as created. */
const RECENTLY_CREATED_MS = 3_600_000;

export class Mirror {
  readonly db: MirrorDb;
  private readonly options: MirrorOptions;
  private readonly budget: SyncBudget;
  private readonly coordinator: Coordinator;
  private readonly applier: ChangeApplier;
  private readonly lookups: Lookups;
  private readonly sync: SyncLoop;
  private readonly now: () => number;

  constructor(options: MirrorOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
    this.db = new MirrorDb({ path: options.path, logger: options.logger, now: this.now });
    this.budget = new SyncBudget(options.budget);
    this.budget.restore(this.db.getMeta(BUDGET_KEY));
    this.coordinator = (options.coordinator ?? localCoordinator)(this.db);
    const instanceId = options.instanceId ?? `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    // SHOP_IDS may have changed since the last run: other workshops' orders go.
    if (options.shopIds.length > 0) this.db.keepShops(options.shopIds);
    const inScope = (order: Order) => this.inScope(order);
    this.applier = new ChangeApplier({
      db: this.db,
      coordinator: this.coordinator,
      instanceId,
      inScope,
      logger: options.logger,
    });
    this.sync = new SyncLoop({
      client: options.client,
      db: this.db,
      budget: this.budget,
      coordinator: this.coordinator,
      applier: this.applier,
      overlapMs: options.overlapMs,
      backfillDays: options.backfillDays,
      clients: options.clients,
      onClients: (clients, at) => {
        for (const client of clients) this.refreshCopies(client, at);
      },
      statuses: options.statuses,
      now: this.now,
      logger: options.logger,
    });
    this.lookups = new Lookups({
      client: options.client,
      db: this.db,
      applier: this.applier,
      now: this.now,
      inScope,
      readContext: (at) => this.sync.readContext(at),
    });
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

  statusCounts(filter: StatusCountFilter = {}): StatusCount[] {
    return this.db.statusCounts(filter);
  }

  fresh(id: string): MirroredOrder | undefined {
    const held = this.get(id);
    if (!held) return undefined;
    const seen = this.confirmedAt(held).getTime();
    if (this.now() - seen > this.budget.options.baseIntervalMs) return undefined;
    return { order: held.order, syncedAt: new Date(seen) };
  }

  confirmedAt(held: MirroredOrder): Date {
    // A complete sync that began at the watermark saw every change made before it; a deleted
    // copy is not seen again by a sync (it lists visible orders), so its own time stands.
    if (held.order.isVisible === false) return held.syncedAt;
    return new Date(Math.max(held.syncedAt.getTime(), this.sync.state.watermark ?? 0));
  }

  // ---- reads that may ask the service (1 request on a miss, shared by concurrent misses) ----

  /** The order from the mirror (a deleted one too: `isVisible: false`), else read from the service once and kept. */
  async fetch(id: string, options: { refresh?: boolean } = {}): Promise<MirroredOrder> {
    if (!options.refresh) {
      const held = this.get(id);
      if (held) return held;
    }
    return this.lookups.read(id);
  }

  /** Orders with this number from the mirror; on a miss one list request, whose matches are kept. */
  async findByNumber(text: string): Promise<MirroredOrder[]> {
    const held = this.byNumber(text);
    if (held.length > 0) return held;
    return this.lookups.readNumber(text);
  }

  /** Deleted orders held with this number (a lookup says "deleted" with no request). */
  deletedByNumber(text: string): MirroredOrder[] {
    return this.db.byNumber(text, 0).filter((held) => this.inScope(held.order));
  }

  /** Deleted orders held, the most recently seen first. */
  deleted(limit: number): MirroredOrder[] {
    return this.db.deleted(limit).filter((held) => this.inScope(held.order));
  }

  // ---- clients (0 requests, but the one read of a client's orders) ----

  client(id: string): MirroredClient | undefined {
    return this.db.clients.get(id);
  }

  /** Clients by name, e-mail or phone digits (4 or more), the most recently active first. */
  searchClients(text: string, limit: number): { items: MirroredClient[]; total: number } {
    return this.db.clients.search(text, limit);
  }

  /** How many clients' phones hold these digits (4 or more). */
  countClientsByPhone(digits: string): number {
    return this.db.clients.countByPhone(digits);
  }

  /** A client's held orders in the configured workshops: open first, newest first. */
  clientOrders(id: string, limit: number): MirroredOrder[] {
    return this.db.ordersOfClient(id, limit).filter((held) => this.inScope(held.order));
  }

  /**
   * Every order of a client (one page of 50, the newest), read once from the service and
   * kept: the client's card lists them from then on with no request. Returns how many came.
   */
  async readClientOrders(id: string): Promise<number> {
    const readAt = this.now();
    const page = await this.options.client.orders.list({
      counteragentId: id,
      isVisible: true,
      page: 1,
      pageSize: CLIENT_ORDERS_PAGE,
    });
    // Only what was asked for: a service that ignored the filter must not fill the mirror with strangers.
    const theirs = page.items.filter((order) => order.counteragent?.id === id);
    this.applier.apply(theirs, readAt, this.sync.readContext(readAt));
    this.db.clients.markOrdersRead(id, readAt);
    return theirs.length;
  }

  /**
   * A client as the bot read or wrote them: kept, and every held order of theirs shows the
   * client's name and phones at once (the card of each, with no request).
   */
  putClient(client: Counteragent): void {
    const at = this.now();
    this.db.transaction(() => this.db.clients.put(client, at));
    void this.applier.publishClients([client], at);
    this.refreshCopies(client, at);
  }

  /** The held orders of `client` take its name, phones and rating (no change is told of it). */
  private refreshCopies(client: Counteragent, at: number): void {
    const orders = this.db.ordersOfClient(client.id, CLIENT_ORDERS_KEPT).map((held) => held.order);
    const changed = orders
      .filter((order) => copyDiffers(order.counteragent, client))
      .map((order) => ({
        ...order,
        counteragent: {
          ...order.counteragent,
          name: client.name,
          phones: client.phones,
          rating: client.rating,
        },
      }));
    if (changed.length === 0) return;
    this.applier.apply(changed, at, {
      groups: this.db.groups,
      detectedAt: at,
      source: "bot",
      isNew: () => false,
    });
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
    return this.applier.apply([order], at, {
      groups: this.db.groups,
      detectedAt: at,
      source: "bot",
      actorId: options.actorId,
      // The bot's write is a change of the order now.
      changedSince: at,
      isNew: (record) => options.created ?? (record.dateCreate?.getTime() ?? 0) >= at - RECENTLY_CREATED_MS,
    });
  }

  // ---- changes ----

  onChange(listener: ChangeListener): () => void {
    return this.applier.onChange(listener);
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
    this.sync.noteActivity();
  }

  get progress(): SyncProgress {
    return { state: this.sync.state, idleRuns: this.sync.idleRuns };
  }

  /** Loads the sync state and applies what other instances published; call once before syncing. */
  open(): Promise<void> {
    return this.sync.open();
  }

  /** Starts the periodic sync. */
  async start(): Promise<void> {
    await this.open();
    this.sync.start();
  }

  async stop(): Promise<void> {
    await this.sync.stop();
    await this.coordinator.close();
    this.db.close();
  }

  /** Sync now (e.g. a webhook said something changed), within the budget. */
  syncNow(): Promise<StepOutcome> {
    return this.sync.step();
  }

  /** When the next sync is due at the present pace (for a driver of a manual clock, as the timer is for a real one). */
  nextDueAt(): number {
    return this.sync.nextDueAt();
  }

  nextDelay(): number {
    return this.sync.nextDelay();
  }

  /** One sync step: as many pages as the budget allows now. Never runs twice at once. */
  step(): Promise<StepOutcome> {
    return this.sync.step();
  }

  private inScope(order: Order): boolean {
    const shops = this.options.shopIds;
    return shops.length === 0 || (order.shop?.id !== undefined && shops.includes(order.shop.id));
  }

  stats(): MirrorStats {
    const now = this.now();
    const { state, leading, lastError } = this.sync;
    const last = state.lastSyncAt;
    const quota = this.options.client.quota;
    return {
      enabled: true,
      orders: this.db.count(),
      clients: this.db.clients.count(),
      clientsFilling: this.sync.clientsFilling,
      lastSyncAt: last === undefined ? null : new Date(last),
      lastSyncAgeSeconds: last === undefined ? null : Math.max(0, Math.round((now - last) / 1000)),
      requestsThisWindow: this.budget.spent(now, quota),
      budgetPerWindow: this.budget.options.perWindow,
      reserve: this.budget.options.reserve,
      role: leading ? "syncing" : this.coordinator.kind === "redis" ? "replica" : "syncing",
      backfilling: state.run?.backfill === true || state.watermark === null,
      watchingSince: this.watchingSince(),
      lastError,
    };
  }

  private watchingSince(): Date | null {
    const since = this.sync.state.watchingSince;
    if (since === undefined) return null;
    // A log cut short (it keeps the newest changes) holds every change only from its oldest one on.
    const oldest = this.db.changesSince(0, 1)[0];
    const cut = oldest !== undefined && oldest.seq > 1 ? oldest.change.detectedAt.getTime() : since;
    return new Date(Math.max(since, cut));
  }
}
