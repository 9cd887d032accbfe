/**
 * The record an intake just created, kept a while for its receipt: the
 * create's write returned everything the clerk entered (or the service's
 * full record), so 🧾 right after intake prints from it with no request.
 * Kept with the clerk who took the order in (the service signs an API
 * create with the API user, not the person). A cache: a store that fails
 * drops it, and the receipt then reads the order as from any card.
 */
import { z } from "zod";
import { type Order, storedOrder } from "../../service/index.ts";
import { persisted } from "../store/registry.ts";
import type { Store } from "../store/storage.ts";

/** Under the order id. Dates come back as strings: read through the client's schema, as the service's records are. */
const intakeRecords = persisted({
  namespace: "intake-records",
  schema: z.object({ order: storedOrder, clerk: z.string().optional(), at: z.number().optional() }),
  /** Long enough for the receipt printed at the counter, short enough that later changes are read. */
  ttlSeconds: 30 * 60,
  whenStoreFails: "skip",
});

export interface IntakeRecord {
  order: Order;
  clerk?: string;
  /** When the record was read or made (Unix ms): a copy of the order held since then may be newer. */
  at?: number;
}

export function createIntakeRecords(store: Store) {
  const adapter = store.open(intakeRecords);
  return {
    async keep(record: IntakeRecord): Promise<void> {
      await adapter.write(record.order.id, { order: record.order, clerk: record.clerk, at: record.at });
    },
    /** The kept record of this order; undefined when none (or one that no longer reads). */
    async get(orderId: string): Promise<IntakeRecord | undefined> {
      const kept = await adapter.read(orderId);
      return kept?.order.id === orderId ? { order: kept.order, clerk: kept.clerk, at: kept.at } : undefined;
    },
  };
}
