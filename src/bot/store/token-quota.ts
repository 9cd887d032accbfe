/**
 * The service client's token and quota in the bot's storage (files or memory;
 * with Redis main.ts uses the service's own Redis store). The token file is a
 * secret: 0600 in a 0700 folder.
 *
 * The client reads the token before every request, so a store that refuses
 * writes (read-only or full DATA_DIR) must not make it log in again each time:
 * the last value read or written is kept here and served while the store fails,
 * and written again with the next change.
 */

import type { Logger } from "../../logger.ts";
import type { ServiceStore, StoredQuota, StoredToken } from "../../service/index.ts";
import type { StorageAdapter, Store } from "./storage.ts";

const SERVICE_NAMESPACE = "service";

function kept<T>(adapter: StorageAdapter<T>, key: string, warn: (error: unknown) => void) {
  let known: T | undefined;
  /** A value the store refused: newer than the stored one, written again on the next access. */
  let unsaved = false;
  let failing = false;
  const failed = (error: unknown) => {
    // Once per outage: the client asks for the token before every request.
    if (!failing) warn(error);
    failing = true;
  };
  const save = async (value: T | undefined) => {
    if (value === undefined) await adapter.delete(key);
    else await adapter.write(key, value);
    unsaved = false;
    failing = false;
  };
  return {
    async get(): Promise<T | undefined> {
      try {
        if (unsaved) await save(known);
        else known = await adapter.read(key);
      } catch (error) {
        failed(error);
      }
      return known;
    },
    async set(value: T | undefined): Promise<void> {
      known = value;
      unsaved = true;
      await save(value).catch(failed);
    },
  };
}

export function serviceStoreFrom(store: Store, logger?: Logger): ServiceStore {
  const warn = (error: unknown) =>
    logger?.warn({ err: String(error) }, "the service token or quota could not be stored; kept in memory");
  const adapter = <T>() => store.adapter<T>(SERVICE_NAMESPACE, { secret: true });
  const token = kept(adapter<StoredToken>(), "token", warn);
  const quota = kept(adapter<StoredQuota>(), "quota", warn);
  return {
    getToken: () => token.get(),
    setToken: (value) => token.set(value),
    getQuota: () => quota.get(),
    setQuota: (value) => quota.set(value),
  };
}
