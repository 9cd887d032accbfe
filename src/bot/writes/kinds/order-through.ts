/**
 * After a write of the bot: the order mirror takes the record at once and the
 * change is not echoed to its author; without a mirror the figures the write
 * leaves (a payment taken) stand for the order's price and paid. The only
 * place a write knows whether a mirror exists.
 */
import { isDeepStrictEqual } from "node:util";
import type { Order } from "../../../service/index.ts";
import { rememberFigures } from "../../orders/figures.ts";
import type { WriteActor } from "../actor.ts";

type Ctx = Pick<WriteActor, "services" | "log" | "userId">;

/**
 * `base`: the record the write started from (a dialog's, maybe minutes old):
 * only what differs from it goes onto the mirror's record, so what others
 * changed meanwhile is not turned back (nor told as a change).
 */
export async function writeThrough(ctx: Ctx, order: Order, base?: Order): Promise<void> {
  const { mirror } = ctx.services;
  if (!mirror) return rememberFigures(ctx.services, [order]);
  try {
    const held = base && mirror.get(order.id);
    mirror.upsert(held ? { ...held.order, ...changedFields(base, order) } : order, { actorId: ctx.userId });
  } catch (error) {
    // The write itself succeeded: a mirror problem only delays the copy until the next sync.
    ctx.log.warn({ err: String(error), order: order.id }, "mirror: write-through failed");
  }
}

/** The mirror's copy of an order, when it holds one (the base a comment is added to). */
export function heldOrder(ctx: Ctx, id: string): Order | undefined {
  return ctx.services.mirror?.get(id)?.order;
}

/** The fields of `next` that differ from `base`. */
function changedFields(base: Order, next: Order): Partial<Order> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (!isDeepStrictEqual(value, (base as Record<string, unknown>)[key])) changed[key] = value;
  }
  return changed as Partial<Order>;
}
