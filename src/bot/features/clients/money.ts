/** Money taken on an order (prepayments, payments less refunds): only an owner deletes such an order. */
import type { Order } from "../../../service/index.ts";
import type { Role } from "../../context.ts";
import { moneyOf } from "../../money/order-money.ts";
import { seesMoney } from "../../policy/access.ts";

/** What the service records as paid, by the one money model (never below 0). */
export function moneyTaken(order: Order): number {
  return moneyOf(order).paid;
}

/** Who may delete this order (docs/decisions.md, "Clients and mistakes": a delete): anyone who sees 🗑 when no money is taken, else an owner. */
export function mayDelete(order: Order, role: Role): boolean {
  return moneyTaken(order) === 0 || seesMoney(role);
}
