/**
 * The order reader. Staff features, keyboards and dialog steps ask
 * `ctx.services.orders`; whether the answer comes from the order mirror or from
 * the service is the reader's business (index.ts picks the implementation). The
 * client's side needs the mirror and reads its held copies (core-services.ts).
 */
import type { StatusCount, StatusCountFilter } from "../../mirror/index.ts";
import type { Order } from "../../service/index.ts";
import type { OrderPage } from "./by-number.ts";
import type { Deletion } from "./deletions.ts";
import type { ListQuery } from "./list-query.ts";
import type { BucketCounts } from "./period-dating.ts";

export type { OrderPage };

/** An order as the reader holds it; `asOf`: when that copy was read from the service, where known. */
export interface HeldOrder {
  order: Order;
  asOf?: Date;
  /** When the order last changed as far as the mirror knows (MirroredOrder.changedAt). */
  changedAt?: Date;
}

/** Who a read is for: the lookup share (lookup-share.ts) counts the requests of each user. */
interface ReadOptions {
  userId?: number;
}

/** Which records of a list: page `page` (1-based) of `pageSize`. */
export interface PageAt {
  page: number;
  pageSize: number;
}

/** A stretch of time: from `start` up to `end` (exclusive). */
export interface TimeRange {
  start: Date;
  end: Date;
}

export type PeriodFigure = "received" | "ready" | "closed" | "overdue";

/** The orders of a period (period-reader.ts says where each figure comes from). */
export interface OrdersOfPeriod {
  /** Created in the period. */
  received: Order[];
  /** Made ready in the period (`dateFinish`, or the time the mirror saw it). */
  ready: Order[];
  /** Handed over in the period (`dateClose`, or the time the mirror saw it). */
  closed: Order[];
  /** Open orders past their deadline now; undefined when not known. */
  overdue: number | undefined;
  /** Where received and overdue came from. */
  source: "mirror" | "service";
  /** Where made ready and handed over came from ("mirror": only what its log saw). */
  finishedFrom: "mirror" | "service";
  /** Figures that could not be read (budget, quota or an error). */
  missing: PeriodFigure[];
  requests: number;
  /** Why something is missing or read from the mirror alone. */
  reason?: "quota" | "error";
  /** When the mirror last synced (source "mirror"; null: never). */
  asOf?: Date | null;
  /**
   * finishedFrom "mirror": since when its log holds every change; made ready and handed over
   * before that (and after the period's start) the bot cannot date.
   */
  watchingSince?: Date;
}

/** An order known to be deleted: its last copy (the mirror's) and, when the bot deleted it, who and when. */
export interface DeletedOrder {
  number: string;
  order?: Order;
  deletion?: Deletion;
}

export interface OrderReader {
  /**
   * One order by id within the configured workshops (another workshop's reads as
   * not found). Held: no request; else one, and kept. `refresh` asks the service (the full
   * record), unless `fresh` lets a mirror copy synced within the sync interval stand for it
   * (a card's 🔄 Refresh: 0 requests then).
   */
  byId(id: string, options?: ReadOptions & { refresh?: boolean; fresh?: boolean }): Promise<HeldOrder>;
  /**
   * The newest record held of an order (the mirror's, deleted ones not): never a
   * request; undefined when the reader holds none (a saved list's record stands then).
   */
  held(id: string): HeldOrder | undefined;
  /**
   * One page of a list: a number in any form (`num`, `number`), search by text or
   * phone, /overdue, /my. A page the reader holds costs nothing, else one request
   * (a phone search two); a number known not to exist costs none (misses.ts).
   */
  page(query: ListQuery, at: PageAt, options?: ReadOptions): Promise<OrderPage>;
  /** The best matches of a typed text answered without a request; undefined when only the service can answer. */
  instant(text: string, limit: number): HeldOrder[] | undefined;
  /**
   * For a digits-only number that found nothing: the newest order number the bot
   * knows when the number is far above it (a mistyped one), else undefined.
   */
  beyondNewest(num: number): Promise<string | undefined>;
  /**
   * The orders of a period for a report, spending at most `budget` requests (not a
   * user's lookup share: the caller keeps its own reserve). With the mirror,
   * received and overdue cost none.
   */
  period(range: TimeRange, budget: number): Promise<OrdersOfPeriod>;
  /**
   * The orders handed over in each of `buckets` (the report's chart), from the
   * service's counts within `budget` requests; `dated`: those dated already per
   * bucket, `total`: all of them when known (period-dating.ts).
   */
  closedPerBucket(
    buckets: readonly TimeRange[],
    dated: readonly number[],
    budget: number,
    total?: number,
  ): Promise<BucketCounts>;
  /** How many orders the reader holds locally (undefined: it holds none, it asks the service). */
  heldCount(): number | undefined;
  /**
   * Orders of this number known to be deleted (by the bot, or in the CRM as the mirror saw it):
   * never a request. A number lookup that finds only these asks the service nothing.
   */
  deletedOf(query: { kind: "num" | "number"; text: string }): Promise<DeletedOrder[]>;
  /** The order with this id, when known to be deleted (never a request). */
  deletedById(id: string): Promise<DeletedOrder | undefined>;
  /** The open orders per status (the board), with no request; undefined without the mirror. */
  statusCounts(filter: StatusCountFilter): StatusCount[] | undefined;
}
