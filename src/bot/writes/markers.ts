/**
 * Where a write's exactly-once marker lives, and the chat's open write: the
 * marker of the newest write a dialog of the chat started. Both are plain
 * data in the shared store, so a restarted bot (or another instance) finds
 * an interrupted write at the chat's next update (resume.ts).
 */
import type { Store } from "../store/storage.ts";
import type { Sent } from "./kind.ts";

const WRITES_NAMESPACE = "dialog-writes";
const OPEN_WRITES_NAMESPACE = "dialog-writes-open";
export const MARKER_TTL_SECONDS = 7 * 24 * 60 * 60;

/** "sending": the request may be on its way or lost; "done": the service answered with `result`. */
export type Marker<R> =
  | { state: "sending"; at: number; sent: Sent }
  | { state: "done"; at: number; sent: Sent; result: R };

/** The chat's newest write: its marker's key and the dialog run that made it. */
export interface OpenWrite {
  key: string;
  nonce: string;
  /**
   * The dialog was told the attempt's outcome is not known and offers its own retry (which checks
   * first): only leaving that dialog, or touching the chat after it ended, resolves the write here.
   */
  told?: boolean;
  /** What the write sent and when: a marker the store cannot read back (torn) is still checked by it. */
  sent?: Sent;
  at?: number;
}

export const markersOf = <R>(store: Store) =>
  // A marker the store cannot read back throws (never "nothing stored"), and is fsynced when written.
  store.adapter<Marker<R>>(WRITES_NAMESPACE, {
    ttlSeconds: MARKER_TTL_SECONDS,
    corrupt: "throw",
    durable: true,
  });

export const openWritesOf = (store: Store) =>
  store.adapter<OpenWrite>(OPEN_WRITES_NAMESPACE, { ttlSeconds: MARKER_TTL_SECONDS, durable: true });
