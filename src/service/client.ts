import type { Logger } from "pino";
import type { z } from "zod";
import { createTokenSource, type LoginResult } from "./auth.ts";
import { ServiceError } from "./errors.ts";
import { purposeOf } from "./purpose.ts";
import { type ArrayFormat, DEFAULT_ARRAY_FORMAT } from "./query.ts";
import { createQuotaTracker, type Quota } from "./quota.ts";
import { reservePolicy } from "./reserve.ts";
import { createCash, createCashItems, createCashRegisters } from "./resources/cash.ts";
import { createCounteragents } from "./resources/counteragents.ts";
import { createEmployees } from "./resources/employees.ts";
import { createOrders } from "./resources/orders.ts";
import {
  createCounteragentTypes,
  createHowKnows,
  createOrderTypes,
  createShops,
  createStatuses,
} from "./resources/reference.ts";
import type { Caller } from "./resources/shared.ts";
import { createMemoryTokenStore, type ServiceStore } from "./store.ts";
import { type CallSpec, createTransport, type RequestEvent, type RetryOptions } from "./transport.ts";

export interface ServiceClientOptions {
  /** Base address of the service, e.g. "https://api.example.com". */
  baseUrl: string;
  /** A ready token (sent raw in Authorization). Give either this or login + password. */
  token?: string;
  /** API credentials: the client gets and renews tokens by itself. */
  login?: string;
  password?: string;
  /** Body encoding of POST /auth. Default "form". */
  authFormat?: "form" | "json";
  /** Per HTTP attempt. Default 15000. */
  timeoutMs?: number;
  /** How array query parameters are written. Default "brackets" (`ids[]=a&ids[]=b`). */
  arrayFormat?: ArrayFormat;
  /** Logs each exchange at debug; never headers, tokens or passwords. */
  logger?: Logger;
  /** Token and quota storage; in memory by default, shared (e.g. Redis) for several processes. */
  store?: ServiceStore;
  /** Custom fetch (tests, benchmarks). Default: the global fetch, looked up per call. */
  fetch?: typeof globalThis.fetch;
  /** Retries of idempotent GETs on network errors, timeouts and 5xx. */
  retry?: RetryOptions;
  /** Renew a token this long before it expires (at most a quarter of its ttl). Default 60000. */
  renewMarginMs?: number;
  /** Called after every HTTP exchange, /auth included: count or time service requests here. */
  onRequest?: (event: RequestEvent) => void;
  /** Clock in Unix ms; injectable for tests. Default Date.now. */
  now?: () => number;
  /**
   * The last requests of each quota window kept for writes (WRITE_RESERVE): a read (a GET
   * outside `asWrite`) is refused, unsent, while no more are left. A number fixes it; "auto"
   * follows the writes seen (reserve.ts), never below `writeReserveFloor`. Default 0 (none).
   */
  writeReserve?: number | "auto";
  /** With writeReserve "auto": the least it keeps (WRITE_RESERVE_MIN). Default 10. */
  writeReserveFloor?: number;
  /**
   * Requests of each window users' reads leave to the order mirror's sync (its GETs inside
   * `asSync`; MIRROR_BUDGET). Default 0 (no mirror).
   */
  syncShare?: number;
}

export interface ServiceStats {
  /** HTTP requests sent by this client (every attempt, /auth included). */
  readonly requests: number;
}

function credentialsOf(options: ServiceClientOptions) {
  const hasToken = options.token !== undefined && options.token !== "";
  const hasLogin = Boolean(options.login) && Boolean(options.password);
  if (hasToken === hasLogin) {
    const message = "give either token or login and password";
    throw new ServiceError("validation", `Invalid service client options: ${message}`, {
      issues: [{ field: "token", message }],
    });
  }
  if (!URL.canParse(options.baseUrl)) {
    const message = "must be an absolute URL";
    throw new ServiceError("validation", `Invalid service client options: baseUrl ${message}`, {
      issues: [{ field: "baseUrl", message }],
    });
  }
  return hasLogin && options.login && options.password
    ? { login: options.login, password: options.password, format: options.authFormat ?? "form" }
    : undefined;
}

export function buildServiceClient(options: ServiceClientOptions) {
  const credentials = credentialsOf(options);
  const now = options.now ?? Date.now;
  const store = options.store ?? createMemoryTokenStore();
  const quota = createQuotaTracker(store, now, {
    policy: reservePolicy(options.writeReserve, options.writeReserveFloor),
    syncShare: Math.max(0, options.syncShare ?? 0),
  });
  const transport = createTransport({
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs ?? 15_000,
    arrayFormat: options.arrayFormat ?? DEFAULT_ARRAY_FORMAT,
    retry: { count: options.retry?.count ?? 2, baseDelayMs: options.retry?.baseDelayMs ?? 300 },
    quota,
    logger: options.logger?.child({ module: "service" }),
    fetch: options.fetch,
    onRequest: options.onRequest,
  });
  const tokens = createTokenSource({
    transport,
    store,
    now,
    token: credentials ? undefined : options.token,
    credentials,
    renewMarginMs: options.renewMarginMs ?? 60_000,
  });

  /** Authorized call; with login mode one renewal and one repeat after a 401/403 (any method). */
  const api: Caller = {
    async call<S extends z.ZodType>(spec: Omit<CallSpec<S>, "token" | "isAuthCall">) {
      const token = await tokens.token();
      try {
        return await transport.send({ ...spec, token });
      } catch (error) {
        const rejected = error instanceof ServiceError && (error.status === 401 || error.status === 403);
        if (!rejected || error.kind === "quota" || !tokens.canRenew) throw error;
        return transport.send({ ...spec, token: await tokens.renew(token) });
      }
    },
  };

  const stats: ServiceStats = {
    get requests() {
      return transport.requests;
    },
  };

  return {
    orders: createOrders(api, options.logger?.child({ module: "service" })),
    orderTypes: createOrderTypes(api),
    counteragents: createCounteragents(api),
    counteragentTypes: createCounteragentTypes(api),
    cashRegisters: createCashRegisters(api),
    cash: createCash(api),
    cashItems: createCashItems(api),
    employees: createEmployees(api),
    statuses: createStatuses(api),
    shops: createShops(api),
    howKnows: createHowKnows(api),
    auth: {
      /** POST /auth now (login mode only); stores and returns the new token. */
      login: (): Promise<LoginResult> => tokens.login(),
    },
    /** The quota as last seen; null before any answer. */
    get quota(): Quota | null {
      return quota.current;
    },
    /** The write reserve now: requests of this window no read may spend (0: none). */
    get writeReserve(): number {
      return quota.writeReserve;
    },
    /** Requests users' reads may still spend in this window (above the reserve and the sync's share); Infinity when unknown. */
    readAllowance: (): number => quota.readAllowance(),
    /** Throws the quota error a GET would get now (spent, or, outside `asWrite`, down to the reserve); sends nothing. */
    checkRead: async (): Promise<void> => {
      // A GET's purpose: inside `asWrite` (a write's own read) it may use the reserve.
      await quota.assertAvailable(purposeOf("GET", false));
    },
    stats,
  };
}

export type ServiceClient = ReturnType<typeof buildServiceClient>;
