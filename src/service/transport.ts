import { setTimeout as sleep } from "node:timers/promises";
import { createFetch } from "ofetch";
import type { Logger } from "pino";
import type { z } from "zod";
import { ServiceError, type ServiceErrorKind } from "./errors.ts";
import { purposeOf, type RequestPurpose, type RequestUse, useOf } from "./purpose.ts";
import { type ArrayFormat, type QueryParams, withQuery } from "./query.ts";
import type { QuotaSignal, QuotaTracker } from "./quota.ts";
import { isObject, type JsonObject, toMillis } from "./schemas/common.ts";
import { readOwned } from "./schemas/fast-path.ts";

type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** One HTTP exchange with the service (each attempt, /auth included). */
export interface RequestEvent {
  method: HttpMethod;
  /** Path without the query string. */
  path: string;
  /** HTTP status; absent on network errors and timeouts. */
  status?: number;
  durationMs: number;
  /** Set when the exchange ended in an error. */
  error?: ServiceErrorKind;
  /** A read or a write, as the write reserve tells them (purpose.ts). */
  purpose: RequestPurpose;
  /** What it is for as an operator counts it: read, write, sync (the mirror's) or auth (purpose.ts). */
  use: RequestUse;
}

export interface RetryOptions {
  /** Retries of an idempotent GET after a network error, timeout or 5xx. Default 2. */
  count?: number;
  /** First backoff delay; doubles on each retry. Default 300 ms. */
  baseDelayMs?: number;
}

export interface CallSpec<S extends z.ZodType> {
  method: HttpMethod;
  path: string;
  query?: QueryParams;
  json?: unknown;
  form?: Record<string, string>;
  /** Schema of the whole answer body. */
  schema: S;
  /** Raw token for the Authorization header; absent only for /auth. */
  token?: string;
  /** POST /auth: 401/403 mean bad credentials, never renewal. */
  isAuthCall?: boolean;
}

interface TransportOptions {
  baseUrl: string;
  timeoutMs: number;
  arrayFormat: ArrayFormat;
  retry: Required<RetryOptions>;
  quota: QuotaTracker;
  logger: Logger | undefined;
  fetch: typeof globalThis.fetch | undefined;
  onRequest: ((event: RequestEvent) => void) | undefined;
}

export interface Transport {
  /** Sends one call: quota check, GET retries, error mapping, answer parsing. No auth logic. */
  send<S extends z.ZodType>(spec: CallSpec<S>): Promise<z.output<S>>;
  readonly requests: number;
}

const TRY_AGAIN_LATER = /try again later/i;

function isTimeout(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current.name === "TimeoutError") return true;
    current = current.cause;
  }
  return false;
}

/** What AbortSignal.timeout aborts with, so a timeout reads the same to fetch and to isTimeout. */
function timeoutReason(): DOMException {
  return new DOMException("The operation was aborted due to timeout", "TimeoutError");
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === "") return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function readQuota(body: unknown): QuotaSignal {
  if (!isObject(body)) return {};
  const error = isObject(body.error) ? body.error : {};
  const remaining = Number(body.remainRequest ?? error.remainRequest ?? Number.NaN);
  const resetAt = toMillis(body.expireDate ?? error.expireDate);
  return {
    remaining: Number.isFinite(remaining) ? remaining : undefined,
    resetAt,
  };
}

interface Failure {
  status: number;
  message: string | undefined;
  /** `expireDate` inside the error: a temporary block until then. */
  blockedUntil: number | undefined;
}

/**
 * An HTTP error status, or a 2xx body carrying `error` (e.g. `error.statusCode: 429`).
 * The service's documented block is a 403 whose body has NO `error` wrapper
 * (`{statusCode: 403, message: "Forbidden", expireDate}`, service-notes.md): there the
 * top-level `expireDate` is the block's end, not the window's, so it counts as one.
 */
function readFailure(httpStatus: number, body: unknown): Failure | undefined {
  const error: JsonObject | undefined = isObject(body) && isObject(body.error) ? body.error : undefined;
  // The unwrapped block, whatever the HTTP status it came with.
  const bare = !error && isObject(body) && body.expireDate !== undefined ? body : undefined;
  const bareBlock = bare !== undefined && (httpStatus === 403 || Number(bare.statusCode) === 403);
  if (httpStatus < 400 && !error && !bareBlock) return undefined;
  const code = Number(error?.statusCode ?? bare?.statusCode);
  const message = error?.message ?? (isObject(body) ? body.message : undefined);
  return {
    status: httpStatus >= 400 ? httpStatus : Number.isFinite(code) ? code : 400,
    message: typeof message === "string" ? message : undefined,
    blockedUntil: toMillis(error?.expireDate ?? (bareBlock ? bare?.expireDate : undefined)),
  };
}

function kindOf(status: number, isAuthCall: boolean): ServiceErrorKind {
  if (status === 401) return "auth";
  if (status === 403) return isAuthCall ? "auth" : "forbidden";
  if (status === 404) return "not_found";
  if (status === 408 || status >= 500) return "unavailable";
  return "bad_request";
}

function shapeProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.map(String).join(".") || "body"}: ${issue.message}` : "unexpected shape";
}

export function createTransport(options: TransportOptions): Transport {
  const { quota, logger, onRequest, arrayFormat, retry } = options;
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const http = createFetch({ fetch: fetchImpl }).create({
    baseURL: options.baseUrl,
    retry: 0, // retries are decided here: only GETs, never with the quota out
  });
  let requests = 0;

  const report = (event: RequestEvent): void => {
    // Only method, path, status, timing and quota: never headers, bodies or the query.
    if (logger?.isLevelEnabled("debug")) {
      logger.debug({ ...event, quotaLeft: quota.current?.remaining }, "service request");
    }
    onRequest?.(event);
  };

  async function toError(spec: CallSpec<z.ZodType>, failure: Failure): Promise<ServiceError> {
    const { method, path } = spec;
    const { status, message } = failure;
    const base = { status, serviceMessage: message, method, path };
    const describe = `${method} ${path}: ${status}${message ? ` ${message}` : ""}`;
    const blocked =
      status === 403 && (failure.blockedUntil !== undefined || TRY_AGAIN_LATER.test(message ?? ""));
    if (status === 429 || blocked) {
      const resetAt = await quota.exhausted(failure.blockedUntil);
      return new ServiceError("quota", `${describe} (quota resets at ${resetAt.toISOString()})`, {
        ...base,
        resetAt,
      });
    }
    return new ServiceError(kindOf(status, spec.isAuthCall === true), describe, base);
  }

  async function once<S extends z.ZodType>(spec: CallSpec<S>): Promise<z.output<S>> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (spec.token !== undefined) headers.authorization = spec.token;
    let body: string | undefined;
    if (spec.form) {
      body = new URLSearchParams(spec.form).toString();
      headers["content-type"] = "application/x-www-form-urlencoded";
    } else if (spec.json !== undefined) {
      body = JSON.stringify(spec.json);
      headers["content-type"] = "application/json";
    }

    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    requests++;
    // Counted in flight since send()'s quota.acquire.
    try {
      return await exchange(spec, headers, body, elapsed);
    } finally {
      quota.end();
    }
  }

  async function exchange<S extends z.ZodType>(
    spec: CallSpec<S>,
    headers: Record<string, string>,
    body: string | undefined,
    elapsed: () => number,
  ): Promise<z.output<S>> {
    const { method, path } = spec;
    const purpose = purposeOf(method, spec.isAuthCall === true);
    const use = useOf(purpose, spec.isAuthCall === true);
    let response: Awaited<ReturnType<typeof http.raw<string, "text">>>;
    // Our own timer, not ofetch's `timeout`: that one is cleared once the headers arrive,
    // so a body that stalls afterwards would hang the call for good. Cleared once the body
    // is read (AbortSignal.timeout would keep a 15 s timer and fetch's listener per call).
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(timeoutReason()), options.timeoutMs);
    try {
      response = await http.raw<string, "text">(withQuery(path, spec.query, arrayFormat), {
        method,
        headers,
        body,
        signal: controller.signal,
        responseType: "text",
        ignoreResponseError: true,
      });
    } catch (cause) {
      report({ method, path, durationMs: elapsed(), error: "unavailable", purpose, use });
      const what = isTimeout(cause) ? `timed out after ${options.timeoutMs} ms` : "network error";
      throw new ServiceError("unavailable", `${method} ${path}: ${what}`, { method, path, cause });
    } finally {
      clearTimeout(timer);
    }

    const status = response.status;
    const outcome = await interpret(spec, status, response._data ?? "");
    report({
      method,
      path,
      status,
      durationMs: elapsed(),
      error: outcome.ok ? undefined : outcome.error.kind,
      purpose,
      use,
    });
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /** Quota bookkeeping, then the answer as a value or a ServiceError. */
  async function interpret<S extends z.ZodType>(
    spec: CallSpec<S>,
    status: number,
    text: string,
  ): Promise<{ ok: true; value: z.output<S> } | { ok: false; error: ServiceError }> {
    const { method, path } = spec;
    const parsed = parseJson(text);
    const answer = parsed.ok ? parsed.value : undefined;
    const observed = quota.observe(readQuota(answer));
    if (observed) await observed; // a synchronous store costs no extra turn
    const failure = readFailure(status, answer);
    if (failure) return { ok: false, error: await toError(spec, failure) };
    if (!parsed.ok) {
      const error = new ServiceError("bad_response", `${method} ${path}: answer is not JSON`, {
        status,
        method,
        path,
      });
      return { ok: false, error };
    }
    // Parsed here from the text, held by nothing else: read in place.
    const checked = readOwned(answer, () => spec.schema.safeParse(answer));
    if (checked.success) return { ok: true, value: checked.data };
    const detail = shapeProblem(checked.error);
    const error = new ServiceError("bad_response", `${method} ${path}: unexpected answer (${detail})`, {
      status,
      method,
      path,
      cause: checked.error,
    });
    return { ok: false, error };
  }

  return {
    get requests() {
      return requests;
    },
    async send(spec) {
      // The one place that tells a read from a write and keeps the write reserve from reads.
      const purpose = purposeOf(spec.method, spec.isAuthCall === true);
      for (let attempt = 0; ; attempt++) {
        const available = quota.acquire(purpose);
        if (available) await available;
        try {
          return await once(spec);
        } catch (error) {
          const retryable =
            spec.method === "GET" && error instanceof ServiceError && error.kind === "unavailable";
          if (!retryable || attempt >= retry.count) throw error;
          logger?.debug({ method: spec.method, path: spec.path, attempt: attempt + 1 }, "service retry");
          await sleep(retry.baseDelayMs * 2 ** attempt);
        }
      }
    },
  };
}
