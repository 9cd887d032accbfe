/**
 * Public surface of the sandbox: `startSandbox(options)` starts the local
 * service in-process and returns its address, demo credentials and the
 * handles tests need (faults, store, quota, request counts).
 */
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname } from "node:path";
import pino, { type Logger } from "pino";
import { Tokens } from "./auth.ts";
import { controlRoutes } from "./control.ts";
import { demoReference } from "./demo-reference.ts";
import { FaultController, type FaultSpec, parseFaultSpec } from "./faults.ts";
import {
  type ApiClient,
  demoClients,
  type GrantsInput,
  loadGrantsFile,
  mergeClients,
  parseClients,
} from "./grants.ts";
import type { Shapes } from "./model.ts";
import { createOtherUsers, type OtherUsers } from "./others.ts";
import { Quota, type QuotaOptions } from "./quota.ts";
import { seedStore } from "./seed.ts";
import { type Core, createHandler, createRouter } from "./server.ts";
import { readStateFile, restoreStore, StateSaver, snapshotState } from "./state-file.ts";
import type { Clock, Store } from "./store.ts";

export type { FaultController, FaultSpec } from "./faults.ts";
export type { ApiClient, GrantsInput } from "./grants.ts";
export type { Shapes } from "./model.ts";
export type { OtherUsers, RandomChange } from "./others.ts";
export { KNOWN_NUM } from "./seed.ts";
export { STATE_VERSION, StateFileError } from "./state-file.ts";
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
  /**
   * Keep the state in this JSON file (see state-file.ts): loaded when it
   * exists (`orders` is then ignored), else seeded and created; saved after
   * every successful write request and on close().
   */
  stateFile?: string;
  /** Delay that gathers a burst of changes into one save (default 50 ms). */
  stateSaveDelayMs?: number;
  clock?: Clock;
  logger?: Logger;
  /** The CRM's other users change a random order this often (the embedded demo); off when absent. */
  othersEveryMs?: number;
  /** Serve `POST /_control/...` (others.ts): tests out of process change orders as other users would. */
  control?: boolean;
  /** `real` (default): the shapes the real service answers in; `legacy`: the older ones (model.ts). */
  shapes?: Shapes;
}

interface SandboxClientInfo {
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
  /** The CRM's other users: change orders behind the bot's back (tests, bench, demo). */
  others: OtherUsers;
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
  const saved = options.stateFile === undefined ? undefined : readStateFile(options.stateFile);
  const shapes = options.shapes ?? "real";
  const store =
    saved && options.stateFile !== undefined
      ? restoreStore(options.stateFile, saved, demoReference(), clock, seed)
      : seedStore({ seed, orders: options.orders ?? 500, clock, shapes });
  store.shapes = shapes;
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
    // With a state file the start tokens are kept in it: the ready line stays the same across restarts.
    const token = client.token ?? saved?.tokens[client.login] ?? tokens.issue(client.login, 0);
    tokens.addPermanent(token, client.login);
    return { login: client.login, password: client.password, token };
  });
  const startTokens = Object.fromEntries(infos.map((info) => [info.login, info.token]));
  const stateFile = options.stateFile;
  const saver =
    stateFile === undefined
      ? undefined
      : new StateSaver({
          path: stateFile,
          serialize: () => JSON.stringify(snapshotState(store, seed, startTokens)),
          delayMs: options.stateSaveDelayMs,
          onError: (error) => logger.error({ err: error, stateFile }, "sandbox: saving the state failed"),
        });
  if (saver && stateFile !== undefined) {
    if (saved) {
      logger.info({ stateFile, orders: store.orders.length }, "sandbox state loaded");
    } else {
      mkdirSync(dirname(stateFile), { recursive: true });
      logger.info({ stateFile }, "sandbox state file created from the seed");
    }
    // Written at once: a new file, or the tokens of clients added since the last run.
    saver.changed();
    await saver.flush().catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`sandbox state file ${stateFile}: cannot be written (${reason})`);
    });
    core.onWrite = () => saver.changed();
  }
  // Applied after the start tokens exist, so `expireTokens` revokes them too.
  faults.set(spec);

  const router = createRouter();
  const others = createOtherUsers(store, router, seed);
  if (saver) others.onWrite = () => saver.changed();
  if (options.control) controlRoutes(router, others);
  const server = createServer(createHandler(core, router));
  const activity =
    options.othersEveryMs === undefined || options.othersEveryMs <= 0
      ? undefined
      : setInterval(() => {
          try {
            const change = others.random();
            logger.debug(change, "sandbox: another user changed an order");
          } catch (error) {
            logger.warn({ err: String(error) }, "sandbox: another user's change failed");
          }
        }, options.othersEveryMs).unref();
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
    others,
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
        clearInterval(activity);
        for (const res of core.hung) res.destroy();
        core.hung.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => saver?.flush());
      return closing;
    },
  };
}
