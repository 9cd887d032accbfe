import nock from "nock";
import { afterEach, beforeAll, beforeEach } from "vitest";
import { createServiceClient, type ServiceClientOptions } from "../../src/service/index.ts";

export const BASE = "http://crm.test";
export const TOKEN = "tok-secret-1";

/** Nock on, no real network except loopback, every interceptor used by the end of each test. */
export function useNock(): void {
  beforeAll(() => {
    nock.disableNetConnect();
    nock.enableNetConnect(/127\.0\.0\.1|localhost/);
  });
  beforeEach(() => nock.cleanAll());
  afterEach(() => {
    const pending = nock.pendingMocks();
    nock.cleanAll();
    if (pending.length > 0) throw new Error(`Unused interceptors: ${pending.join(", ")}`);
  });
}

/** The service host as nock sees it. */
export function service(): nock.Scope {
  return nock(BASE);
}

/** A client with a fixed token, no retry delay. */
export function tokenClient(options: Partial<ServiceClientOptions> = {}) {
  return createServiceClient({ baseUrl: BASE, token: TOKEN, retry: { baseDelayMs: 0 }, ...options });
}

export const LIST_META = { remainRequest: 90, expireDate: "2026-03-01T10:15:00.000Z" };

export function list(data: unknown[], extra: Record<string, unknown> = {}) {
  return { data, total: data.length, page: 1, pageSize: 10, ...LIST_META, ...extra };
}

export function one(data: unknown) {
  return { data, ...LIST_META };
}

/** One request as it reached the (nocked) service. */
export interface Sent {
  method: string;
  path: string;
  /** Raw query string as sent (still URL-encoded), without "?". */
  query: string;
  headers: Headers;
  body: string;
}

/**
 * Answers the next `times` requests of `method` with `status` and `body` (an
 * object is sent as JSON, a string as-is) and records what was sent.
 */
export function intercept(method: string, status: number, body: unknown, times = 1): Sent[] {
  const sent: Sent[] = [];
  const scope = service()
    .intercept(() => true, method)
    .times(times)
    .reply(status, typeof body === "string" ? body : JSON.stringify(body), {
      "content-type": typeof body === "string" ? "text/plain" : "application/json",
    });
  scope.on(
    "request",
    (req: { method: string; url: string; headers: Headers }, _interceptor: unknown, raw: string) => {
      const url = new URL(req.url);
      sent.push({
        method: req.method,
        path: url.pathname,
        query: url.search.slice(1),
        headers: req.headers,
        body: raw,
      });
    },
  );
  return sent;
}

/** A fetch that fails the test if called: for "nothing was sent" assertions. */
export function forbiddenFetch(): typeof globalThis.fetch & { calls: number } {
  const fn = Object.assign(
    async (): Promise<Response> => {
      fn.calls++;
      throw new Error("no request expected");
    },
    { calls: 0 },
  );
  return fn;
}
