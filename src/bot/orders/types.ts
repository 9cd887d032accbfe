/**
 * The one way the bot reads orders. Features, keyboards and dialog steps ask
 * `ctx.services.orders`; whether the answer comes from the order mirror or from
 * the service is the reader's business (index.ts picks the implementation).
 */
import type { Order } from "../../service/index.ts";
import type { ListQuery } from "../services/list-query.ts";
import type { OrderPage } from "../services/order-search.ts";

export type { OrderPage };

/** An order as the reader holds it; `asOf`: when that copy was read from the service, where known. */
export interface HeldOrder {
  order: Order;
  asOf?: Date;
}

/** Who a read is for: the lookup share (lookup-share.ts) counts the requests of each user. */
export interface ReadOptions {
  userId?: number;
}

/** Which records of a list: page `page` (1-based) of `pageSize`. */
export interface PageAt {
  page: number;
  pageSize: number;
}

export interface OrderReader {
  /**
   * One order by id within the configured workshops (another workshop's reads as
   * not found). Held: no request; else one, and kept. `refresh` always asks the service.
   */
  byId(id: string, options?: ReadOptions & { refresh?: boolean }): Promise<HeldOrder>;
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
  /** How many orders the reader holds locally (undefined: it holds none, it asks the service). */
  heldCount(): number | undefined;
}
