/**
 * Where the client keeps its token and the last seen quota. The default lives in
 * memory; a shared implementation (e.g. Redis) lets several bot processes use one
 * token and respect one quota. Times are Unix milliseconds so records serialize as-is.
 */
export interface StoredToken {
  token: string;
  /** When the service will stop accepting the token (issue time + ttl). */
  expiresAt: number;
  /** When to renew ahead of expiry (expiresAt minus a safety margin). */
  renewAt: number;
}

export interface StoredQuota {
  /** Requests left in the current window, as last reported by the service. */
  remaining: number;
  /** When the window resets; null when the service did not say. */
  resetAt: number | null;
}

type Awaitable<T> = T | Promise<T>;

export interface ServiceStore {
  getToken(): Awaitable<StoredToken | undefined>;
  setToken(token: StoredToken | undefined): Awaitable<void>;
  getQuota(): Awaitable<StoredQuota | undefined>;
  setQuota(quota: StoredQuota): Awaitable<void>;
  /**
   * Optional cross-process mutual exclusion. The client already shares one token
   * renewal per process; a shared store implements this so that only one process
   * renews (key "token"). Absent: no cross-process lock.
   */
  withLock?<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

export function createMemoryTokenStore(): ServiceStore {
  let token: StoredToken | undefined;
  let quota: StoredQuota | undefined;
  return {
    getToken: () => token,
    setToken: (value) => {
      token = value;
    },
    getQuota: () => quota,
    setQuota: (value) => {
      quota = value;
    },
  };
}
