/**
 * Public surface of the sandbox: `startSandbox(options)` starts the local
 * service in-process and returns its address, demo credentials and the
 * handles tests need (faults, store, quota, request counts).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pino, { type Logger } from "pino";
import { Tokens } from "./auth.ts";
import { FaultController, type FaultSpec, parseFaultSpec } from "./faults.ts";
import {
  type ApiClient,
  demoClients,
  type GrantsInput,
  loadGrantsFile,
  mergeClients,
  parseClients,
} from "./grants.ts";
import { Quota, type QuotaOptions } from "./quota.ts";
import { seedStore } from "./seed.ts";
import { type Core, createHandler, createRouter } from "./server.ts";
import type { Clock, Store } from "./store.ts";

export type { FaultController, FaultSpec } from "./faults.ts";
export type { ApiClient, GrantsInput } from "./grants.ts";
export { KNOWN_NUM } from "./seed.ts";
export type { Clock, Store } from "./store.ts";

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  seed?: number;
  orders?: number;
  /** Off when absent: remainRequest is then 100000. */
  quota?: QuotaOptions;
  /** A spec string (see faults.ts) or the same as an object. */
  faults?: string | FaultSpec;
  /** Extra API clients: a grants file path, or the clients themselves (see grants.ts). */
  grants?: string | GrantsInput[];
  tokenTtlSeconds?: number;
  clock?: Clock;
  logger?: Logger;
}

export interface SandboxClientInfo {
  login: string;
  password: string;
  /** A permanent token issued at start. */
  token: string;
}

export interface Sandbox {
  url: string;
  token: string;
  login: string;
  password: string;
  restrictedToken: string;
  restrictedLogin: string;
  restrictedPassword: string;
  shops: { id: string; name: string }[];
  /** Every client with its start token (demo clients and those of `grants`). */
  clients: SandboxClientInfo[];
  faults: FaultController;
  store: Store;
  quota: Quota;
  /** Requests received from one client (auth included), or from everybody. */
  requestCount(login?: string): number;
  /** Zeroes the request counters. */
  resetCounts(): void;
  /** Starts a fresh quota window for one client or all. */
  resetQuota(login?: string): void;
  close(): Promise<void>;
}

const systemClock: Clock = { now: () => Date.now() };

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = options.clock ?? systemClock;
  const seed = options.seed ?? 1;
  const logger = options.logger ?? pino({ level: "silent" });
  const store = seedStore({ seed, orders: options.orders ?? 500, clock });
  const extra =
    options.grants === undefined
      ? []
      : typeof options.grants === "string"
        ? loadGrantsFile(options.grants)
        : parseClients(options.grants);
  const clients: ApiClient[] = mergeClients(demoClients(), extra);
  const tokens = new Tokens(clock);
  const spec = typeof options.faults === "string" ? parseFaultSpec(options.faults) : (options.faults ?? {});
  const faults = new FaultController(spec.seed ?? seed, () => tokens.expireAll());
  const core: Core = {
    store,
    tokens,
    quota: new Quota(options.quota, clock),
    faults,
    clients: new Map(clients.map((client) => [client.login, client])),
    logger,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 900,
    counts: { total: 0, byClient: new Map() },
    hung: new Set(),
  };

  const infos: SandboxClientInfo[] = clients.map((client) => {
    const token = client.token ?? tokens.issue(client.login, 0);
    tokens.addPermanent(token, client.login);
    return { login: client.login, password: client.password, token };
  });
  // Applied after the start tokens exist, so `expireTokens` revokes them too.
  faults.set(spec);

  const server = createServer(createHandler(core, createRouter()));
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  const demo = infos.find((info) => info.login === "demo") ?? infos[0];
  const restricted = infos.find((info) => info.login === "restricted") ?? infos[1];
  if (!demo || !restricted) throw new Error("sandbox: the demo clients are missing");
  logger.info({ url, orders: store.orders.length, seed }, "sandbox ready");

  let closing: Promise<void> | undefined;
  return {
    url,
    token: demo.token,
    login: demo.login,
    password: demo.password,
    restrictedToken: restricted.token,
    restrictedLogin: restricted.login,
    restrictedPassword: restricted.password,
    shops: store.ref.shops.map((shop) => ({ id: shop.id, name: shop.name })),
    clients: infos,
    faults,
    store,
    quota: core.quota,
    requestCount: (login) =>
      login === undefined ? core.counts.total : (core.counts.byClient.get(login) ?? 0),
    resetCounts: () => {
      core.counts.total = 0;
      core.counts.byClient.clear();
    },
    resetQuota: (login) => core.quota.reset(login),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        for (const res of core.hung) res.destroy();
        core.hung.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
