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
