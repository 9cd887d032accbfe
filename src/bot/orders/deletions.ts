/**
 * The orders the bot deleted: who deleted which, when, and what it was (number,
 * client, device), kept in the shared store (the newest DELETIONS_KEPT). A
 * lookup of a deleted number says so with no request (the mirror's deleted
 * copy says it too, for orders deleted in the CRM); /deleted names who deleted
 * an order when the bot did.
 */
import { foldOrderNumber } from "../../service/index.ts";
import type { Store } from "../store/storage.ts";

const NAMESPACE = "order-deletions";
const KEY = "recent";
const DELETIONS_KEPT = 200;

export interface Deletion {
  orderId: string;
  number: string;
  shopId?: string;
  client?: string;
  device?: string;
  /** The Telegram user who deleted it, by name. */
  by: { id: number; name: string };
  /** Unix ms. */
  at: number;
}

export function deletionsOf(store: Store) {
  const entries = store.adapter<Deletion[]>(NAMESPACE, { keep: 1 });
  const all = async (): Promise<Deletion[]> => {
    try {
      const stored = await entries.read(KEY);
      return Array.isArray(stored) ? stored : [];
    } catch {
      return [];
    }
  };
  return {
    /** Notes a delete (the newest first; an order deleted twice is noted once). */
    async record(deletion: Deletion): Promise<void> {
      const kept = (await all()).filter((d) => d.orderId !== deletion.orderId);
      await entries.write(KEY, [deletion, ...kept].slice(0, DELETIONS_KEPT));
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

export type DeletionLog = ReturnType<typeof deletionsOf>;
