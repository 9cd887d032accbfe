/**
 * What changed between the record the mirror held and the one it now got:
 * created, status changed (and became ready), master or manager assigned,
 * the price changed (the approximate price or the priced total: an estimate
 * set while an order waits for its client's approval), deleted. A field the new record does not carry is merged from the old one
 * (a list record has no `num`, a full record no `summ`, maybe no paid amount).
 */

import { READY_GROUP, statusGroupOf } from "../contract/status-groups.ts";
import type { Order } from "../service/index.ts";
import type { MirrorChange, MirrorChangeKind } from "./types.ts";

/** Optional fields a list record carries when set: their absence there means "removed". */
const LIST_OPTIONAL = new Set([
  "manager",
  "master",
  "deadline",
  "sn",
  "typeDevice",
  "approximatePrice",
  "problem",
]);

/** A list record has neither `lastAction` nor `num`; a full record (GET /orders/{id}) has them. */
const isFullRecord = (order: Order): boolean => order.lastAction !== undefined || order.num !== undefined;

/** The new record, completed with what only the old one knew. */
export function mergeRecords(old: Order | undefined, next: Order): Order {
  if (!old) return next;
  const merged: Record<string, unknown> = { ...next };
  const full = isFullRecord(next);
  for (const [key, value] of Object.entries(old)) {
    if (key in merged) continue;
    // A full record is complete except for the list's sums; a list record lacks the details.
    if (full ? key === "summ" : !LIST_OPTIONAL.has(key)) merged[key] = value;
  }
  // A full record without cash amounts (no `order`, no payments) keeps the paid amount the old one knew.
  const paid = old.cash?.summ;
  if (full && paid !== undefined && next.cash?.summ === undefined) merged.cash = { ...next.cash, summ: paid };
  return merged as Order;
}

interface Detected {
  kind: MirrorChangeKind;
  from?: { id: string; name?: string };
  to?: { id: string; name?: string };
}

const refOf = (ref: { id?: string; name?: string } | undefined) =>
  ref?.id === undefined ? undefined : { id: ref.id, name: ref.name };

function detect(
  old: Order | undefined,
  next: Order,
  groups: ReadonlyMap<string, string>,
  isNew: (order: Order) => boolean,
): Detected[] {
  if (!old) {
    return isNew(next) && next.isVisible !== false ? [{ kind: "created" }] : [];
  }
  if (next.isVisible === false) return old.isVisible === false ? [] : [{ kind: "deleted" }];
  const found: Detected[] = [];
  const oldStatus = refOf(old.status);
  const newStatus = refOf(next.status);
  // A record without a status (the draft of an order the bot created) did not know it: its first is no change.
  if (newStatus && oldStatus && oldStatus.id !== newStatus.id) {
    found.push({ kind: "status", from: oldStatus, to: newStatus });
    const wasReady = statusGroupOf(old, groups) === READY_GROUP;
    if (!wasReady && statusGroupOf(next, groups) === READY_GROUP)
      found.push({ kind: "ready", to: newStatus });
  }
  if (priceChanged(old, next))
    found.push({ kind: "price", from: { id: priceOf(old) }, to: { id: priceOf(next) } });
  for (const role of ["master", "manager"] as const) {
    const before = refOf(old[role]);
    const after = refOf(next[role]);
    if (before?.id !== after?.id) {
      found.push({ kind: role, from: before, to: after });
    }
  }
  return found;
}

/** The order's price fields as written ("approximate|total"; no total and 0 alike). */
function priceOf(order: Order): string {
  return `${String(order.approximatePrice ?? "").trim()}|${order.summ?.price || ""}`;
}

/**
 * Whether the approximate price or the priced total changed. The total only when both records
 * carry it: a record read whole may lack the list's sums, which is no change.
 */
function priceChanged(old: Order, next: Order): boolean {
  const approx = (o: Order) => String(o.approximatePrice ?? "").trim();
  if (approx(old) !== approx(next)) return true;
  const total = (o: Order) => o.summ?.price;
  return total(old) !== undefined && total(next) !== undefined && (total(old) || 0) !== (total(next) || 0);
}

export interface DiffContext {
  groups: ReadonlyMap<string, string>;
  /** Start of the sync run (or the time of the bot's write): part of each change id. */
  detectedAt: number;
  source: "sync" | "bot";
  actorId?: number;
  /** Whether an order the mirror never held is new (created in the window) rather than just unseen. */
  isNew: (order: Order) => boolean;
  /**
   * The earliest time the read vouches each record changed at: a sync scan filtered by
   * `lastAction` from then on, a bot write at its time. Absent: the read says nothing of it.
   */
  changedSince?: number;
}

/**
 * When the order last changed as far as this read tells (MirroredOrder.changedAt): the record's
 * own `lastAction` (a full record), the read's `changedSince`, the previous read when a change
 * was found since it, the creation of a new order; undefined when none of these is known.
 */
export function changedAtOf(
  held: { order: Order; syncedAt: Date } | undefined,
  merged: Order,
  found: readonly MirrorChange[],
  context: DiffContext,
): number | undefined {
  const known: number[] = [];
  const last = merged.lastAction?.getTime();
  if (last !== undefined) known.push(last);
  if (context.changedSince !== undefined) known.push(context.changedSince);
  if (found.length > 0) {
    if (held) known.push(held.syncedAt.getTime());
    else if (merged.dateCreate) known.push(merged.dateCreate.getTime());
  }
  return known.length > 0 ? Math.max(...known) : undefined;
}

export function diffOrder(old: Order | undefined, next: Order, context: DiffContext): MirrorChange[] {
  return detect(old, next, context.groups, context.isNew).map((found) => ({
    id: `${next.id}:${found.kind}:${found.to?.id ?? "-"}:${context.detectedAt}`,
    kind: found.kind,
    order: next,
    from: found.from,
    to: found.to,
    detectedAt: new Date(context.detectedAt),
    source: context.source,
    actorId: context.actorId,
  }));
}
