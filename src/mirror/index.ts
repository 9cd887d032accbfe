/**
 * The order mirror: a local read model of the company's orders,
 * kept current by an incremental sync that spends a small, fixed share of the
 * request quota. The bot depends on `OrderMirror` only; nothing here imports grammY.
 *
 *   const mirror = createOrderMirror({ client, path: "data/mirror.sqlite", shopIds, ... });
 *   await mirror.start();                       // backfill, then a sync every MIRROR_SYNC_SECONDS or slower
 *   mirror.list({ text: "иванов" });            // 0 requests
 *   await mirror.fetch(id);                     // 0 requests when held, else 1 (and kept)
 *   mirror.upsert(order, { actorId });          // after each write of the bot
 *   mirror.onChange((changes) => notify(...));  // created, status, ready, master, manager, deleted
 *   mirror.searchClients("иванов", 5);         // the company's clients (MIRROR_CLIENTS), 0 requests
 */
import type { Counteragent, Order } from "../service/index.ts";
import { Mirror } from "./mirror.ts";
import type { MirrorOptions } from "./options.ts";
import type { StepOutcome } from "./sync.ts";
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

export { type BudgetOptions, DEFAULT_BUDGET } from "./budget.ts";
export type { Coordinator, FeedBatch } from "./coordinator.ts";
export { Mirror } from "./mirror.ts";
export type { MirrorClient, MirrorOptions, SyncProgress } from "./options.ts";
export { isHeldReading } from "./records.ts";
export type { StepOutcome, SyncState } from "./sync.ts";
export { foldLookAlikes, parseNumberKey } from "./text.ts";
export type {
  ChangeListener,
  MirrorChange,
  MirrorChangeKind,
  MirroredClient,
  MirroredOrder,
  MirrorPage,
  MirrorQuery,
  MirrorStats,
  StatusCount,
  StatusCountFilter,
} from "./types.ts";

export interface OrderMirror {
  // Reads: 0 requests.
  /** One order by id (deleted ones too, with `isVisible: false`); undefined when not held. */
  get(id: string): MirroredOrder | undefined;
  /** Orders with this number in any form (`А001042`, `a-1042`, `#1042`, `1042`), newest first. */
  byNumber(text: string): MirroredOrder[];
  /** Search and lists (see MirrorQuery), one page with the total. */
  list(query: MirrorQuery): MirrorPage;
  /** The open orders per status (the board), of one employee or workshop when asked. */
  statusCounts(filter?: StatusCountFilter): StatusCount[];

  /** Deleted orders held with this number (0 requests: a lookup says it was deleted). */
  deletedByNumber(text: string): MirroredOrder[];
  /** Deleted orders held, the most recently seen first. */
  deleted(limit: number): MirroredOrder[];

  // Clients (MIRROR_CLIENTS; clients of held orders in any case): 0 requests.
  client(id: string): MirroredClient | undefined;
  /** By name, e-mail or phone digits (4 or more), the most recently active first. */
  searchClients(text: string, limit: number): { items: MirroredClient[]; total: number };
  /** How many clients' phones hold these digits (4 or more): a count, no records read. */
  countClientsByPhone(digits: string): number;
  /** A client's held orders: open first, newest first. */
  clientOrders(id: string, limit: number): MirroredOrder[];
  /** One request: every order of the client (the newest 50), kept; `ordersReadAt` then says so. */
  readClientOrders(id: string): Promise<number>;
  /** After a read or write of the bot: the client kept, their held orders' copies updated. */
  putClient(client: Counteragent): void;
  /**
   * The held copy when it is as new as the service's within the sync interval
   * (MIRROR_SYNC_SECONDS): read itself, or covered by a complete sync that began, that
   * recently; `syncedAt` is then that moment. Undefined otherwise. 0 requests: a card's
   * refresh is served so.
   */
  fresh(id: string): MirroredOrder | undefined;
  /**
   * When the bot last confirmed this copy: its own read, or the last complete sync
   * (a run that began at the watermark saw every change made before it; an order it
   * did not bring is unchanged as of then). The card's "as of" (issue 32.12).
   */
  confirmedAt(held: MirroredOrder): Date;

  // Reads that cost 1 request only on a miss (or when asked to refresh, e.g. 🔄 Refresh); what they get is kept.
  fetch(id: string, options?: { refresh?: boolean }): Promise<MirroredOrder>;
  findByNumber(text: string): Promise<MirroredOrder[]>;

  /**
   * After every write of the bot: the record as the bot now knows it (no request).
   * `actorId`: the Telegram user whose action it was (not echoed back to them);
   * `created`: the bot just created the order.
   */
  upsert(order: Order, options?: { actorId?: number; created?: boolean }): MirrorChange[];

  /** Changes as they are applied on this instance (found by its sync, or from the leader's feed). */
  onChange(listener: ChangeListener): () => void;
  /** The change log from a sequence number on (a notifier catching up after a restart). */
  changesSince(seq: number, limit?: number): { seq: number; change: MirrorChange }[];
  /**
   * How far a reader of the change log (the notifier) got, kept in the mirror's own file
   * beside the log: each instance numbers its log its own way, and a new file starts at 1.
   */
  logCursor(reader: string): number | undefined;
  setLogCursor(reader: string, seq: number): void;

  /** A user did something: the sync keeps its day pace (it slows down when nobody is around). */
  noteActivity(): void;
  /** Sync at once within the budget (e.g. a webhook of the service said something changed). */
  syncNow(): Promise<StepOutcome>;
  stats(): MirrorStats;

  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The mirror over SQLite in `options.path`; call `start()` to sync. */
export function createOrderMirror(options: MirrorOptions): OrderMirror {
  return new Mirror(options);
}
