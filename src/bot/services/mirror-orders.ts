/**
 * The bot's reads and writes through the order mirror, one place for
 * "the mirror when there is one, else the service as before" (MIRROR=off keeps
 * today's behaviour exactly).
 */
import { isDeepStrictEqual } from "node:util";
import type { Context } from "grammy";
import type { MirroredOrder, MirrorQuery } from "../../mirror/index.ts";
import { foldOrderNumber, type Order } from "../../service/index.ts";
import type { CoreFlavor } from "../context.ts";
import { rememberFigures, withKnownFigures } from "./order-figures.ts";
import { getOrder, numberShapesOf, type OrderPage, type OrderQuery } from "./order-search.ts";

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

/**
 * After a write of the bot: the mirror takes the record at once, the change is not echoed to its author.
 * `base`: the record the write started from (a dialog's, maybe minutes old): only what differs from it
 * goes onto the mirror's record, so what others changed meanwhile is not turned back (nor told as a change).
 */
export async function writeThrough(ctx: Ctx, order: Order, base?: Order): Promise<void> {
  const { mirror } = ctx.services;
  // Without the mirror: the figures the write leaves (a payment taken) stand for the order's price and paid.
  if (!mirror) return rememberFigures(ctx.services, [order]);
  try {
    const held = base && mirror.get(order.id);
    mirror.upsert(held ? { ...held.order, ...changedFields(base, order) } : order, { actorId: ctx.from?.id });
  } catch (error) {
    // The write itself succeeded: a mirror problem only delays the copy until the next sync.
    ctx.log.warn({ err: String(error), order: order.id }, "mirror: write-through failed");
  }
}

/** The fields of `next` that differ from `base`. */
function changedFields(base: Order, next: Order): Partial<Order> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (!isDeepStrictEqual(value, (base as Record<string, unknown>)[key])) changed[key] = value;
  }
  return changed as Partial<Order>;
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
 * The orders of a number from the mirror: an exact number in any form (digits, or
 * a whole number with its prefix as the workshop prints it) costs no request when
 * held, else the mirror asks once and keeps what it got, so the next lookup and
 * the card's buttons find it held. A part of a textual number the mirror does not
 * hold as a whole number goes to the service as a partial search (undefined; also
 * with MIRROR=off).
 */
export async function mirrorNumber(ctx: Ctx, query: OrderQuery): Promise<MirroredOrder[] | undefined> {
  const { mirror } = ctx.services;
  if (!mirror) return undefined;
  if (query.kind === "num") return mirror.findByNumber(query.text);
  const held = mirror.byNumber(query.text);
  if (held.length > 0) return held;
  if (await isWholeNumber(ctx, query.text)) return mirror.findByNumber(query.text);
  return undefined;
}

/** Digits a whole number has when no workshop's shape is known yet (docs/decisions.md: six, zero-padded). */
const WHOLE_NUMBER_DIGITS = 6;

/**
 * Letters and as many digits as the workshop's numbers have ("А001042", "a-001042"):
 * a whole number, not the start of one ("А0010" asks for every number beginning so).
 */
async function isWholeNumber(ctx: Ctx, text: string): Promise<boolean> {
  const parts = /^(\D+)(\d+)$/u.exec(foldOrderNumber(text.trim()));
  if (!parts) return false;
  const [, letters = "", digits = ""] = parts;
  const shapes = await numberShapesOf(ctx.services.store)();
  const shape = shapes.find((s) => foldOrderNumber(s.prefix) === letters);
  return digits.length >= (shape?.digits ?? WHOLE_NUMBER_DIGITS);
}
