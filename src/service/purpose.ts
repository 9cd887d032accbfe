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

/**
 * What a request is for as an operator counts it (the bot's metrics): `auth` is POST /auth, `sync`
 * a read of the order mirror's sync (`asSync`); for the reserve a sync's read is a read.
 */
export type RequestUse = RequestPurpose | "sync" | "auth";

const writing = new AsyncLocalStorage<"write" | "sync">();

/** Runs `work` as part of a write: its GETs may use the write reserve. */
export function asWrite<T>(work: () => Promise<T>): Promise<T> {
  return writing.run("write", work);
}

/** Runs `work` as the mirror's sync: its GETs are reads, counted as the sync's (RequestUse). */
export function asSync<T>(work: () => Promise<T>): Promise<T> {
  return writing.run("sync", work);
}

/** The one rule: what a request is, by its method and whether a write sends it. */
export function purposeOf(method: string, isAuthCall: boolean): RequestPurpose {
  if (isAuthCall || method !== "GET") return "write";
  return writing.getStore() === "write" ? "write" : "read";
}

/** A request's use, from its purpose (purposeOf): one store lookup, for the request event only. */
export function useOf(purpose: RequestPurpose, isAuthCall: boolean): RequestUse {
  if (isAuthCall) return "auth";
  return purpose === "read" && writing.getStore() === "sync" ? "sync" : purpose;
}
