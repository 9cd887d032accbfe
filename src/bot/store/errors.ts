/**
 * What a store says when it cannot do its job, as typed errors a caller can
 * tell apart:
 * - `StoreWriteError`: nothing was stored (read-only or full DATA_DIR, Redis
 *   down or slow). A caller that must not go on without its record (an
 *   exactly-once marker before a write to the service) stops here.
 * - `StoreReadError`: the store could not be read at all (Redis down).
 * - `StoreCorruptError`: an entry exists but cannot be read back (a file cut
 *   short by an older version, foreign bytes in Redis). It is not "nothing
 *   stored": for an exactly-once marker it means "the write may have been sent".
 */

/** Why a store refused: shown in /health and in the log. */
export type StoreFault = "read-only" | "full" | "unavailable" | "failed";

/** A store that refused a job: which store, and why. */
abstract class StoreFaultError extends Error {
  readonly namespace: string;
  readonly fault: StoreFault;
  constructor(namespace: string, fault: StoreFault, refused: string, options?: { cause?: unknown }) {
    super(`Store "${namespace}" ${refused} (${fault})`, options);
    this.namespace = namespace;
    this.fault = fault;
  }
}

export class StoreWriteError extends StoreFaultError {
  override readonly name = "StoreWriteError";
  constructor(namespace: string, fault: StoreFault, options?: { cause?: unknown }) {
    super(namespace, fault, "refused a write", options);
  }
}

export class StoreReadError extends StoreFaultError {
  override readonly name = "StoreReadError";
  constructor(namespace: string, fault: StoreFault, options?: { cause?: unknown }) {
    super(namespace, fault, "could not be read", options);
  }
}

export class StoreCorruptError extends Error {
  override readonly name = "StoreCorruptError";
  readonly namespace: string;
  readonly key: string;
  constructor(namespace: string, key: string, options?: { cause?: unknown }) {
    super(`Store "${namespace}" holds an unreadable entry`, options);
    this.namespace = namespace;
    this.key = key;
  }
}

/** The fault behind a file system or Redis error. */
export function faultOf(error: unknown): StoreFault {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === "EROFS" || code === "EACCES" || code === "EPERM") return "read-only";
  if (code === "ENOSPC" || code === "EDQUOT") return "full";
  if (typeof code === "string" && code.startsWith("E")) return "failed";
  return "unavailable";
}
