/**
 * Contract helpers: the real typed client against the real sandbox over HTTP
 * (loopback). A recording fetch shows what the client sent; `raw` bypasses the
 * client to show what the sandbox itself answers.
 */
import { afterAll, beforeAll, expect } from "vitest";
import type { Sandbox, SandboxOptions, Shapes } from "../../src/sandbox/index.ts";
import { startSandbox } from "../../src/sandbox/index.ts";
import {
  createServiceClient,
  isServiceError,
  type ServiceClient,
  type ServiceClientOptions,
  type ServiceErrorKind,
} from "../../src/service/index.ts";

export interface SentRequest {
  method: string;
  path: string;
  /** Decoded query string without "?". */
  query: string;
}

/** The global fetch, recording every request it sends. */
export function recordingFetch(): typeof globalThis.fetch & { sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const fn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    sent.push({ method, path: url.pathname, query: decodeURIComponent(url.search.slice(1)) });
    return globalThis.fetch(input, init);
  };
  return Object.assign(fn, { sent });
}

export interface Contract {
  sandbox(): Sandbox;
  /** A token-mode client of the demo (full access) client, with a recording fetch. */
  client(options?: Partial<ServiceClientOptions>): ServiceClient & { sent: SentRequest[] };
}

/**
 * The shapes the contract runs against: the real ones, and once more the older
 * ones (legacy-shapes.test.ts sets CONTRACT_SHAPES before importing the suite).
 */
export const SHAPES: Shapes = process.env.CONTRACT_SHAPES === "legacy" ? "legacy" : "real";

/** An order number of workshop А as the sandbox writes it in SHAPES (`А001042`, legacy `А-001042`). */
export const NUMBER_A = SHAPES === "legacy" ? /^А-\d{6}$/ : /^А\d{6}$/;

/** One sandbox per test file (seeded, 400 orders), closed after it. */
export function useContract(options: SandboxOptions = {}): Contract {
  let current: Sandbox | undefined;
  beforeAll(async () => {
    current = await startSandbox({ port: 0, seed: 7, orders: 400, shapes: SHAPES, ...options });
  });
  afterAll(async () => {
    await current?.close();
  });
  const sandbox = (): Sandbox => {
    if (!current) throw new Error("sandbox not started");
    return current;
  };
  return {
    sandbox,
    client(overrides = {}) {
      const fetch = recordingFetch();
      const client = createServiceClient({
        baseUrl: sandbox().url,
        token: sandbox().token,
        retry: { count: 0 },
        fetch,
        ...overrides,
      });
      return Object.assign(client, { sent: fetch.sent });
    },
  };
}

export interface RawAnswer {
  status: number;
  body: unknown;
}

/** A request that bypasses the client: what the sandbox answers on its own. */
export async function raw(
  sandbox: Sandbox,
  method: string,
  pathAndQuery: string,
  body?: unknown,
  token: string = sandbox.token,
): Promise<RawAnswer> {
  const headers: Record<string, string> = { authorization: token };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${sandbox.url}${pathAndQuery}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Awaits a rejection and checks it is a ServiceError of `kind`; returns it. */
export async function expectKind(promise: Promise<unknown>, kind: ServiceErrorKind) {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isServiceError(error))
    throw new Error(`expected a ServiceError of kind ${kind}, got ${String(error)}`);
  expect(error.kind).toBe(kind);
  return error;
}

/** Every demo order visible to the full-access client, as the sandbox holds them. */
export const DAY = 86_400_000;
