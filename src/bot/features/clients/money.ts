/** Money taken on an order (prepayments, payments less refunds): only an owner deletes such an order. */
import type { Order } from "../../../service/index.ts";

export function moneyTaken(order: Order): number {
  return Math.max(0, order.cash?.summ ?? 0);
}
