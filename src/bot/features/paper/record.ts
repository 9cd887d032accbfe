/**
 * Which record a document is printed from, cheapest first, never with less
 * than the order has:
 * - receipt: the full record kept a while (the one the intake just created,
 *   or the one the last receipt read) while the bot holds no newer copy of the
 *   order (a write of the bot, a change a sync found), else the full record
 *   (1 GET), kept in turn. The mirror's own copy is not printed from: a list
 *   record merged over an older full one keeps that one's equipment and
 *   appearance, however they changed in the CRM since;
 * - act: always the full record read now (1 GET): its works, parts and
 *   payments are what the client signs for.
 * Orders of other workshops (SHOP_IDS) are never printed.
 */
import type { Order } from "../../../service/index.ts";
import type { BotContext } from "../../context.ts";
import { createIntakeRecords } from "../../state/intake-records.ts";
import { readPressedOrder } from "../../telegram/pressed-order.ts";

export type PaperKind = "receipt" | "act";

export interface PrintRecord {
  order: Order;
  /** Who took the order in, when the intake kept it. */
  clerk?: string;
  /** Requests the read cost (0 or 1). */
  requests: number;
}

export function inConfiguredShops(ctx: BotContext, order: Order): boolean {
  const { shopIds } = ctx.services.config;
  return shopIds.length === 0 || (order.shop?.id !== undefined && shopIds.includes(order.shop.id));
}

/** The record to print; undefined when it could not be read (the press is answered with why). */
export async function recordFor(
  ctx: BotContext,
  kind: PaperKind,
  id: string,
): Promise<PrintRecord | undefined> {
  const records = createIntakeRecords(ctx.services.store);
  const kept = kind === "receipt" ? await records.get(id) : undefined;
  if (kept) {
    const newer = ctx.services.orders.held(id)?.asOf;
    if (newer === undefined || newer.getTime() <= (kept.at ?? 0))
      return { order: kept.order, clerk: kept.clerk, requests: 0 };
  }
  const read = await readPressedOrder(ctx, id, { refresh: true });
  if (read && kind === "receipt") {
    const at = ctx.services.clock.now().getTime();
    await records.keep({ order: read.order, clerk: kept?.clerk, at }).catch(() => {});
  }
  return read && { order: read.order, requests: 1 };
}
