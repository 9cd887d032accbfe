/** Money taken on an order (prepayments, payments less refunds): only an owner deletes such an order. */
import type { Order } from "../../../service/index.ts";
import { moneyOf } from "../../money/order-money.ts";

/** What the service records as paid, by the one money model (never below 0). */
export function moneyTaken(order: Order): number {
  return moneyOf(order).paid;
}
