/**
 * The orders the bot deleted: who deleted which, when, and what it was (number,
 * client, device), kept in the shared store (the newest DELETIONS_KEPT). A
 * lookup of a deleted number says so with no request (the mirror's deleted
 * copy says it too, for orders deleted in the CRM); /deleted names who deleted
 * an order when the bot did.
 */
import { z } from "zod";
import { foldOrderNumber } from "../../service/index.ts";
import { persisted, type Store } from "../store/storage.ts";

const KEY = "recent";
const DELETIONS_KEPT = 200;

const deletion = z.object({
  orderId: z.string(),
  number: z.string(),
  shopId: z.string().optional(),
  client: z.string().optional(),
  device: z.string().optional(),
  /** The Telegram user who deleted it, by name. */
  by: z.object({ id: z.number(), name: z.string() }),
  /** Unix ms. */
  at: z.number(),
});
export type Deletion = z.infer<typeof deletion>;

/** The bot's deletes, the newest first (one entry, "recent"). */
const deletionLog = persisted({
  namespace: "order-deletions",
  schema: z.array(deletion),
  // Bookkeeping: a store that fails skips it (the delete happened; a lookup then asks the service).
  whenStoreFails: "skip",
  keep: { entries: 1, copies: "all" },
});

export function deletionsOf(store: Store) {
  const entries = store.open(deletionLog);
  const all = async (): Promise<Deletion[]> => {
    try {
      return (await entries.read(KEY)) ?? [];
    } catch {
      return [];
    }
  };
  return {
    /** Notes a delete (the newest first; an order deleted twice is noted once). */
    async record(entry: Deletion): Promise<void> {
      await entries.update(KEY, (current) =>
        [entry, ...(current ?? []).filter((d) => d.orderId !== entry.orderId)].slice(0, DELETIONS_KEPT),
      );
    },
    /** The newest first. */
    recent: all,
    async byId(orderId: string): Promise<Deletion | undefined> {
      return (await all()).find((d) => d.orderId === orderId);
    },
    /** Deletions of this number as typed (`А001042`, `a-1042`, digits alone: any prefix). */
    async byNumber(text: string): Promise<Deletion[]> {
      const wanted = foldOrderNumber(text.trim()).replace(/^#/, "");
      const digits = /^\d+$/.test(wanted) ? Number(wanted) : undefined;
      return (await all()).filter((d) => {
        const folded = foldOrderNumber(d.number);
        if (digits === undefined) return folded === wanted;
        const tail = /(\d+)$/.exec(folded)?.[1];
        return tail !== undefined && Number(tail) === digits;
      });
    },
  };
}
