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
import type { Store } from "../store/storage.ts";

const INTAKE_RECORDS_NAMESPACE = "intake-records";
/** Long enough for the receipt printed at the counter, short enough that later changes are read. */
const KEEP_SECONDS = 30 * 60;

const kept = z.object({ order: z.unknown(), clerk: z.string().optional(), at: z.number().optional() });

export interface IntakeRecord {
  order: Order;
  clerk?: string;
  /** When the record was read or made (Unix ms): a copy of the order held since then may be newer. */
  at?: number;
}

export function createIntakeRecords(store: Store) {
  const adapter = store.adapter<unknown>(INTAKE_RECORDS_NAMESPACE, {
    ttlSeconds: KEEP_SECONDS,
    failures: "skip",
  });
  return {
    async keep(record: IntakeRecord): Promise<void> {
      await adapter.write(record.order.id, { order: record.order, clerk: record.clerk, at: record.at });
    },
    /** The kept record of this order; undefined when none (or one that no longer reads). */
    async get(orderId: string): Promise<IntakeRecord | undefined> {
      const parsed = kept.safeParse(await adapter.read(orderId));
      if (!parsed.success) return undefined;
      // Dates come back as strings: read through the client's schema, as the service's records are.
      const order = storedOrder.safeParse(parsed.data.order);
      return order.success && order.data.id === orderId
        ? { order: order.data, clerk: parsed.data.clerk, at: parsed.data.at }
        : undefined;
    },
  };
}
