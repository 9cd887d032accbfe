/**
 * "User U is changing order O to X": noted in the shared store just before the
 * bot's write request, so the author is not told of their own change even when
 * a sync (or a lookup) reads the order between the service's answer and the
 * bot's write-through and records it as someone else's (source "sync").
 * Matched by meaning (order, kind, new value) and by time (the change was
 * detected within OWN_WINDOW_MS of the write either side), so a different
 * change of the same order by someone else is still told.
 */
import { z } from "zod";
import type { MirrorChange } from "../../mirror/index.ts";
import { persisted } from "../store/registry.ts";
import type { Store } from "../store/storage.ts";

/** How far from the write a record of it is taken as that write (a sync run starts before it reads). */
export const OWN_WINDOW_MS = 10 * 60 * 1000;
/** Kept longer than the window: a notifier catching up after a restart still finds it. */
const KEEP_SECONDS = 24 * 60 * 60;

/** When the user's write was sent, per user and meaning. */
const ownChanges = persisted({
  namespace: "own-changes",
  schema: z.number(),
  ttlSeconds: KEEP_SECONDS,
  whenStoreFails: "throw",
});

/** What a write of the bot changes: a status, a master or manager (to this id), a new order, a deleted one. */
export interface OwnChange {
  order: string;
  kind: "status" | "master" | "manager" | "created" | "deleted";
  to?: string;
}

const keyOf = (userId: number, own: OwnChange) => `${userId}:${own.order}:${own.kind}:${own.to ?? "-"}`;

export async function noteOwnChange(store: Store, userId: number, own: OwnChange, at: number): Promise<void> {
  await store.open(ownChanges).write(keyOf(userId, own), at);
}

/** Whether this change is (a record of) one this user made through the bot. */
export async function isOwnChange(store: Store, userId: number, change: MirrorChange): Promise<boolean> {
  if (change.source === "bot") return change.actorId === userId;
  const own = ownOf(change);
  if (!own) return false;
  const at = await store.open(ownChanges).read(keyOf(userId, own));
  return at !== undefined && Math.abs(change.detectedAt.getTime() - at) <= OWN_WINDOW_MS;
}

function ownOf(change: MirrorChange): OwnChange | undefined {
  const order = change.order.id;
  switch (change.kind) {
    case "created":
      return { order, kind: "created" };
    case "deleted":
      return { order, kind: "deleted" };
    // "Ready" is the status change seen from its group.
    case "status":
    case "ready":
      return { order, kind: "status", to: change.to?.id };
    case "master":
    case "manager":
      return { order, kind: change.kind, to: change.to?.id };
    default:
      return undefined;
  }
}
