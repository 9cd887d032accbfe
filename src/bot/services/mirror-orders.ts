/**
 * The bot's writes into the order mirror (reads go through the order reader,
 * src/bot/orders/): with MIRROR=off the figures a write leaves are kept instead.
 */
import { isDeepStrictEqual } from "node:util";
import type { Context } from "grammy";
import type { Order } from "../../service/index.ts";
import type { CoreFlavor } from "../context.ts";
import { rememberFigures } from "./order-figures.ts";

type Ctx = Context & CoreFlavor;

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
