/**
 * The service client's token and quota in the bot's storage (files or memory;
 * with Redis main.ts uses the service's own Redis store). The token file is a
 * secret: 0600 in a 0700 folder.
 *
 * The client reads the token before every request, so a store that refuses
 * writes (read-only or full DATA_DIR) must not make it log in again each time:
 * the record keeps what was last read or written in memory, serves it while the
 * store fails, and writes it again at the next access (registry.ts, `keep`).
 */
import { z } from "zod";
import type { ServiceStore, StoredQuota, StoredToken } from "../../service/index.ts";
import { persisted } from "./registry.ts";
import type { Store } from "./storage.ts";

const token = z.object({ token: z.string(), expiresAt: z.number(), renewAt: z.number() });
const quota = z.object({ remaining: z.number(), resetAt: z.number().nullable() });

/** Under "token" and "quota". */
const serviceRecord = persisted<StoredToken | StoredQuota>({
  namespace: "service",
  schema: z.union([token, quota]),
  whenStoreFails: "skip",
  keep: { entries: 2, copies: "all" },
  secret: true,
});

/** The store's logger says (once a minute at most) when the store refuses the token. */
export function serviceStoreFrom(store: Store): ServiceStore {
  const entries = store.open(serviceRecord);
  const read = async <T>(key: string, schema: z.ZodType<T>) => schema.safeParse(await entries.read(key)).data;
  const save = (key: string, value: StoredToken | StoredQuota | undefined) =>
    value === undefined ? entries.delete(key) : entries.write(key, value);
  return {
    getToken: () => read("token", token),
    setToken: (value) => save("token", value),
    getQuota: () => read("quota", quota),
    setQuota: (value) => save("quota", value),
  };
}
