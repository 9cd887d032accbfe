/**
 * The bot's reads through the order mirror, one place for "the mirror when
 * there is one, else the service as before" (MIRROR=off keeps today's
 * behaviour exactly). Writes go through orders/write-through.ts.
 */
import type { Context } from "grammy";
import type { MirroredOrder, MirrorQuery } from "../../mirror/index.ts";
import type { Order } from "../../service/index.ts";
import type { CoreFlavor } from "../context.ts";
import { withKnownFigures } from "./order-figures.ts";
import { getOrder, type OrderPage, type OrderQuery } from "./order-search.ts";

type Ctx = Context & CoreFlavor;

/**
 * One order by id: from the mirror (0 requests when held, else 1 and kept), or
 * GET /orders/{id} (the price and paid it lacks as the bot knew them: order-figures.ts).
 * `refresh` always reads the service (and updates the mirror).
 * An order outside SHOP_IDS reads as not found either way.
 */
export async function orderById(
  ctx: Ctx,
  id: string,
  options: { refresh?: boolean } = {},
): Promise<{ order: Order; asOf?: Date }> {
  const { mirror, client, config } = ctx.services;
  if (!mirror)
    return { order: await withKnownFigures(ctx.services, await getOrder(client, config.shopIds, id)) };
  const held = await mirror.fetch(id, options);
  return { order: held.order, asOf: held.syncedAt };
}

/** The mirror's newer record of an order the bot holds from elsewhere (a saved list), with its age. */
export function freshestOf(ctx: Ctx, order: Order): { order: Order; asOf?: Date } {
  const held = ctx.services.mirror?.get(order.id);
  return held && held.order.isVisible !== false ? { order: held.order, asOf: held.syncedAt } : { order };
}

/** Fetch number `fetch` of `size` records of a list the mirror holds whole: no request. */
export function localPage(items: readonly MirroredOrder[], fetch: number, size: number): OrderPage {
  const end = Math.min(items.length, fetch * size);
  return {
    items: items.slice((fetch - 1) * size, end).map((held) => held.order),
    total: items.length,
    checked: end,
    scoped: false,
  };
}

/** Fetch number `fetch` (LIST_FETCH_SIZE records) of a mirror list: no request. */
export function mirrorListPage(
  mirror: NonNullable<CoreFlavor["services"]["mirror"]>,
  query: Omit<MirrorQuery, "page" | "pageSize">,
  fetch: number,
  size: number,
): OrderPage {
  const page = mirror.list({ ...query, page: fetch, pageSize: size });
  return {
    items: page.items.map((held) => held.order),
    total: page.total,
    checked: (fetch - 1) * size + page.items.length,
    scoped: false,
  };
}

/**
 * The orders of a number from the mirror: an exact number in any form costs no
 * request when held, else the mirror asks once (and keeps what it got). A part
 * of a textual number the mirror does not hold as a whole number goes to the
 * service as before (undefined; also with MIRROR=off).
 */
export async function mirrorNumber(ctx: Ctx, query: OrderQuery): Promise<MirroredOrder[] | undefined> {
  const { mirror } = ctx.services;
  if (!mirror) return undefined;
  if (query.kind === "num") return mirror.findByNumber(query.text);
  const held = mirror.byNumber(query.text);
  return held.length > 0 ? held : undefined;
}
