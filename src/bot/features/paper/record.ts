/**
 * Which record a document is printed from, cheapest first, never with less
 * than the order has:
 * - receipt: the record the bot holds when it is a full one (equipment,
 *   appearance and payments present; the mirror's copy takes every write of
 *   the bot), else the record the intake just created (kept a while: right
 *   after intake no request), else the full record (1 GET);
 * - act: always the full record read now (1 GET): its works, parts and
 *   payments are what the client signs for.
 * Orders of other workshops (SHOP_IDS) are never printed.
 */
import type { Order } from "../../../service/index.ts";
import type { BotContext } from "../../context.ts";
import { readPressedOrder } from "../../crm/pressed-order.ts";
import { createIntakeRecords } from "../../state/intake-records.ts";

export type PaperKind = "receipt" | "act";

export interface PrintRecord {
  order: Order;
  /** Who took the order in, when the intake kept it. */
  clerk?: string;
  /** Requests the read cost (0 or 1). */
  requests: number;
}

/** A list record lacks these: the receipt needs them as the service has them. */
export function isFullForReceipt(order: Order): boolean {
  return order.completeSet !== undefined && order.appearance !== undefined && order.cash !== undefined;
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
  if (kind === "receipt") {
    const kept = await createIntakeRecords(ctx.services.store).get(id);
    const held = ctx.services.orders.held(id);
    if (held && isFullForReceipt(held.order)) return { order: held.order, clerk: kept?.clerk, requests: 0 };
    if (kept) return { order: kept.order, clerk: kept.clerk, requests: 0 };
  }
  const read = await readPressedOrder(ctx, id, { refresh: true });
  return read && { order: read.order, requests: 1 };
}
