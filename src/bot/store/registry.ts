/**
 * What the bot persists: every namespace of the store is declared once, as a
 * record, beside the code that owns it (`persisted({...})`), and opened with
 * `store.open(record)`. A record says:
 *
 * - `namespace`: where it lives (files: DATA_DIR/<namespace>/, Redis: <prefix>:<namespace>:<key>);
 * - `schema`: what an entry must look like when read back. An entry that does not
 *   fit it (another version's shape, `{}`, `null`, foreign bytes) is set aside
 *   (renamed `*.broken-<time>`, as broken mirror files are), logged, and reads as
 *   nothing stored; or, with `broken: "throw"`, raises StoreCorruptError (an
 *   exactly-once marker that cannot be read means "the write may have been sent");
 * - `ttlSeconds`: how long an entry lives;
 * - `whenStoreFails`: what a read-only or full DATA_DIR or a Redis outage does:
 *   "throw" (StoreWriteError / StoreReadError: records the caller must not go on
 *   without), "skip" (bookkeeping and caches: a failed write is skipped and a failed
 *   read is nothing stored, with a rate-limited warning), or "tell" (writes throw so
 *   the user is told; a read that fails is nothing stored beyond what is kept);
 * - `keep`: the one "keep it in memory when the store fails" mechanism (guard.ts).
 *   Up to `entries` entries stay in this process: a write the store refused is
 *   served from here and written again at the next access of its key until the
 *   store takes it; with `copies: "all"`, also the last entries read or written are
 *   served while the store cannot be read (no copies of dialogs: another instance
 *   may have moved them on);
 * - `secret` (0600 in a 0700 folder, folders narrowed on open) and `durable`
 *   (fsync before the rename: records a power cut must not take back).
 *
 * Every file of the store is 0600 in 0700 folders: they hold client data.
 */
import type { z } from "zod";

type WhenStoreFails = "throw" | "skip" | "tell";

interface KeepInMemory {
  /** How many entries this process holds at most (the least recently used go first). */
  entries: number;
  /** "refused" (default): only writes the store refused; "all": also what was read or written. */
  copies?: "refused" | "all";
}

export interface Persisted<T> {
  readonly namespace: string;
  /** Checks (and may complete: defaults, revived dates) what is read back. */
  readonly schema: z.ZodType<T>;
  readonly ttlSeconds?: number;
  readonly whenStoreFails: WhenStoreFails;
  /** An entry that cannot be read back: "set-aside" (default) or "throw" StoreCorruptError. */
  readonly broken?: "set-aside" | "throw";
  readonly keep?: KeepInMemory;
  readonly secret?: boolean;
  readonly durable?: boolean;
}

const NAMESPACE = /^[a-z0-9_-]+$/i;

const registry = new Map<string, Persisted<unknown>>();

/**
 * Declares a record. A namespace is declared once: a second, different declaration
 * of it (two owners sharing a folder by accident) throws when its module loads.
 */
export function persisted<T>(record: Persisted<T>): Persisted<T> {
  if (!NAMESPACE.test(record.namespace)) throw new Error(`Invalid storage namespace "${record.namespace}"`);
  const known = registry.get(record.namespace);
  if (known && known !== record) throw new Error(`Storage namespace "${record.namespace}" is declared twice`);
  registry.set(record.namespace, record as Persisted<unknown>);
  return record;
}

/** Every record declared by the modules loaded so far (tests and docs list them). */
export function persistedRecords(): Persisted<unknown>[] {
  return [...registry.values()];
}
