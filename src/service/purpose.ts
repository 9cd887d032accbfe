/**
 * What a request is, for the write reserve and the sync's share (reserve.ts):
 * POST, PATCH and DELETE are writes, and so is POST /auth (a write needs a
 * token); a GET is a read unless it runs inside `asWrite` (a write's own
 * reads: the check whether an interrupted write landed, the record a create
 * made) or inside `asSync` (the order mirror's sync). Carried by
 * AsyncLocalStorage, so callers between here and the request (the bot's
 * dialogs, resources, the mirror) need not pass it along.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export type RequestPurpose = "read" | "write" | "sync";

/**
 * What a request is for as an operator counts it (the bot's metrics): `auth` is POST /auth, `sync`
 * a read of the order mirror's sync (`asSync`).
 */
export type RequestUse = RequestPurpose | "auth";

const running = new AsyncLocalStorage<"write" | "sync">();

/** Runs `work` as part of a write: its GETs may use the write reserve. */
export function asWrite<T>(work: () => Promise<T>): Promise<T> {
  return running.run("write", work);
}

/** Runs `work` as the mirror's sync: its GETs spend the sync's share, never the write reserve. */
export function asSync<T>(work: () => Promise<T>): Promise<T> {
  return running.run("sync", work);
}

/** The one rule: what a request is, by its method and whether a write or the sync sends it. */
export function purposeOf(method: string, isAuthCall: boolean): RequestPurpose {
  if (isAuthCall || method !== "GET") return "write";
  return running.getStore() ?? "read";
}

/** A request's use, from its purpose (purposeOf), for the request event only. */
export function useOf(purpose: RequestPurpose, isAuthCall: boolean): RequestUse {
  return isAuthCall ? "auth" : purpose;
}
