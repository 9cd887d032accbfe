/**
 * Whether a request is a read or a write, for the write reserve (quota.ts):
 * POST, PATCH and DELETE are writes, and so is POST /auth (a write needs a
 * token); a GET is a read unless it runs inside `asWrite` (a write's own
 * reads: the check whether an interrupted write landed, the record a create
 * made). Carried by AsyncLocalStorage, so callers between here and the
 * request (the bot's dialogs, resources) need not pass it along.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export type RequestPurpose = "read" | "write";

const writing = new AsyncLocalStorage<true>();

/** Runs `work` as part of a write: its GETs may use the write reserve. */
export function asWrite<T>(work: () => Promise<T>): Promise<T> {
  return writing.run(true, work);
}

/** The one rule: what a request is, by its method and whether a write sends it. */
export function purposeOf(method: string, isAuthCall: boolean): RequestPurpose {
  if (isAuthCall || method !== "GET") return "write";
  return writing.getStore() === true ? "write" : "read";
}
