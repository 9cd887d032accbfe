/** Black-box helpers: real HTTP (global fetch) against startSandbox on port 0. */
import { afterAll, beforeAll } from "vitest";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../src/sandbox/index.ts";

export interface CallOptions {
  token?: string | null;
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | null | (string | number | null)[]>;
  /** Raw query string, appended as is (for array encodings). */
  rawQuery?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read freely, checked by expect
  body: any;
}

export async function call(sandbox: Sandbox, path: string, options: CallOptions = {}): Promise<Answer> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    params.append(
      key,
      Array.isArray(value) ? `[${value.map((v) => (v === null ? "null" : v)).join(",")}]` : String(value),
    );
  }
  let qs = params.toString();
  if (options.rawQuery) qs = qs ? `${qs}&${options.rawQuery}` : options.rawQuery;
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? sandbox.token : options.token;
  if (token !== null) headers.authorization = token;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(`${sandbox.url}${path}${qs ? `?${qs}` : ""}`, {
    method: options.method ?? "GET",
    headers,
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A sandbox per test file, closed after it. */
export function useSandbox(options: SandboxOptions = {}): () => Sandbox {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 1, orders: 400, ...options });
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return () => {
    if (!sandbox) throw new Error("sandbox not started");
    return sandbox;
  };
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.UTC(2026, 4, 15, 9, 0, 0)) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}
