/**
 * What a change makes of an order's record, without a request: the card after
 * a change and the mirror's write-through are built from it. Pure.
 */
import { CLOSED_GROUP, isDoneGroup } from "../../../contract/status-groups.ts";
import type { Order, OrderUpdateInput } from "../../../service/index.ts";
import type { FieldCheck } from "../checks.ts";
import type { EditDiff } from "../edit.ts";

/** A change of one order in one PATCH: any of a status (with a payment), a master, a manager, fields. */
export interface OrderChange {
  status?: { id: string; name: string /** The status's group (`finish`, `closed`...). */; group?: string };
  /** Taken with the status (the service accepts a payment only when entering a status). */
  payment?: { registerId: string; money?: number; bank?: number; note?: string };
  master?: { id: string; name: string };
  manager?: { id: string; name: string };
  /**
   * Other fields: an edit's diff against the full record (writes/edit.ts `diffEdits`), so only what
   * the user changed is sent, and each field is checked as the service stores it.
   */
  fields?: EditDiff;
  /** A comment added in the same PATCH (a payment's note, signed with its author's name). */
  comment?: string;
}

export function changeInput(change: OrderChange): OrderUpdateInput {
  const { payment } = change;
  return {
    ...(change.fields?.input as Partial<OrderUpdateInput> | undefined),
    statusId: change.status?.id,
    masterId: change.master?.id,
    managerId: change.manager?.id,
    comment: change.comment,
    ...(payment && (payment.money !== undefined || payment.bank !== undefined)
      ? {
          cashRegisterId: payment.registerId,
          money: payment.money,
          bank: payment.bank,
          nodePay: payment.note,
        }
      : {}),
  };
}

/** How the change is recognised in the order's record: the status, staff and fields it sets. */
export function changeChecks(change: OrderChange): FieldCheck[] {
  const checks: FieldCheck[] = [];
  if (change.status) checks.push({ path: "status.id", as: "id", value: change.status.id });
  if (change.master) checks.push({ path: "master.id", as: "id", value: change.master.id });
  if (change.manager) checks.push({ path: "manager.id", as: "id", value: change.manager.id });
  return [...checks, ...(change.fields?.checks ?? [])];
}

/**
 * The record after the change: new status, staff and fields, received sums
 * added, and the readiness / hand-over dates a move into "finish" / "closed"
 * sets (so a handed-over order no longer reads as overdue).
 */
export function changedRecord(order: Order, change: OrderChange, now: Date): Order {
  const { status, payment } = change;
  const received = (payment?.money ?? 0) + (payment?.bank ?? 0);
  const group = status?.group;
  const done = isDoneGroup(group);
  return {
    ...order,
    ...(change.fields?.record as Partial<Order> | undefined),
    // A new status: nothing of the old one (its colour, its group) carries over.
    status: status ? { id: status.id, name: status.name, type: group } : order.status,
    master: change.master ? { ...change.master } : order.master,
    manager: change.manager ? { ...change.manager } : order.manager,
    cash: received > 0 ? { ...order.cash, summ: (order.cash?.summ ?? 0) + received } : order.cash,
    comments: change.comment ? [...(order.comments ?? []), { text: change.comment }] : order.comments,
    dateFinish: done ? (order.dateFinish ?? now) : order.dateFinish,
    dateClose: group === CLOSED_GROUP ? (order.dateClose ?? now) : order.dateClose,
  };
}
