/**
 * The service client's token and quota in the bot's storage: with Redis, all
 * instances use one token and respect one quota.
 */
import type { ServiceStore, StoredQuota, StoredToken } from "../service/index.ts";
import type { Store } from "./storage.ts";

export const SERVICE_NAMESPACE = "service";

export function serviceStoreFrom(store: Store): ServiceStore {
  const tokens = store.adapter<StoredToken>(SERVICE_NAMESPACE);
  const quotas = store.adapter<StoredQuota>(SERVICE_NAMESPACE);
  return {
    getToken: () => tokens.read("token"),
    setToken: (token) => (token ? tokens.write("token", token) : tokens.delete("token")),
    getQuota: () => quotas.read("quota"),
    setQuota: (quota) => quotas.write("quota", quota),
  };
}
