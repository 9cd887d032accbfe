/**
 * The HTTP layer: faults, authentication, quota, body parsing, routing and
 * the envelopes. Every answer carries remainRequest and expireDate (errors
 * inside `error`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import type { Logger } from "pino";
import type { Tokens } from "./auth.ts";
import { ApiError, badRequest } from "./errors.ts";
import type { FaultController } from "./faults.ts";
import type { ApiClient } from "./grants.ts";
import { cashRoutes } from "./handlers/cash.ts";
import { counteragentRoutes } from "./handlers/counteragents.ts";
import { employeeRoutes } from "./handlers/employees.ts";
import { orderListRoutes } from "./handlers/order-list.ts";
import { orderRoutes } from "./handlers/orders.ts";
import { referenceRoutes } from "./handlers/reference.ts";
import { type Quota, QuotaError, type QuotaState } from "./quota.ts";
import { Router } from "./router.ts";
import { Query } from "./rules.ts";
import type { Store } from "./store.ts";

const MAX_BODY = 1_000_000;

export interface Core {
  store: Store;
  tokens: Tokens;
  quota: Quota;
  faults: FaultController;
  clients: Map<string, ApiClient>;
  logger: Logger;
  tokenTtlSeconds: number;
  counts: { total: number; byClient: Map<string, number> };
  /** Requests held by the timeout fault: answered never, destroyed on close. */
  hung: Set<ServerResponse>;
  /** Called after every successful write request (the state file saves then). */
  onWrite?: () => void;
}

export function createRouter(): Router {
  const router = new Router();
  referenceRoutes(router);
  orderListRoutes(router);
  orderRoutes(router);
  counteragentRoutes(router);
  cashRoutes(router);
  employeeRoutes(router);
  return router;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * `expireDate` inside `error` means "blocked until then" (docs/service.md, "Quota"):
 * only a quota refusal carries it there; other errors carry it beside `error`, so
 * an "Access denied" 403 is not read as a temporary block.
 */
function errorBody(error: ApiError, quota: QuotaState): Record<string, unknown> {
  // The documented block: no `error` wrapper, the block's end at the top (QuotaOptions.block).
  if (error instanceof QuotaError && error.statusCode === 403)
    return { statusCode: 403, name: "Error", message: "Forbidden", expireDate: quota.expireDate };
  const base = {
    statusCode: error.statusCode,
    name: error.errorName,
    message: error.message,
    remainRequest: quota.remainRequest,
  };
  return error instanceof QuotaError
    ? { error: { ...base, expireDate: quota.expireDate } }
    : { error: base, expireDate: quota.expireDate };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY) throw new ApiError(413, "Request body too large");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** JSON bodies; POST /auth also takes form-encoded ones (what most clients send). */
async function parseBody(req: IncomingMessage, allowForm: boolean): Promise<unknown> {
  const text = await readBody(req);
  if (text.trim() === "") return undefined;
  const type = req.headers["content-type"] ?? "";
  if (allowForm && (type.includes("application/x-www-form-urlencoded") || !text.trim().startsWith("{"))) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest("The body is not valid JSON");
  }
}

function countRequest(core: Core, login: string): void {
  core.counts.byClient.set(login, (core.counts.byClient.get(login) ?? 0) + 1);
}

async function authenticate(
  core: Core,
  req: IncomingMessage,
): Promise<{ status: number; body: unknown; login?: string }> {
  const body = await parseBody(req, true);
  const record = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const login = typeof record.login === "string" ? record.login : "";
  const password = typeof record.password === "string" ? record.password : "";
  const client = core.clients.get(login);
  if (!client) throw new ApiError(401, "Incorrect login or password");
  countRequest(core, login);
  // The auth call counts against the quota, even with a wrong password.
  const quota = core.quota.take(login);
  if (client.password !== password) throw new ApiError(401, "Incorrect login or password");
  const token = core.tokens.issue(login, core.tokenTtlSeconds);
  return { status: 200, body: { token, ttl: core.tokenTtlSeconds, ...quota }, login };
}

export function createHandler(core: Core, router: Router) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = Date.now();
    core.counts.total++;
    const method = req.method ?? "GET";
    // A target such as `//[` is no URL: a 400, never a throw outside the try below (that kills the process).
    const url = URL.parse(req.url ?? "/", "http://sandbox.local");
    if (!url) {
      send(
        res,
        400,
        errorBody(badRequest("The request target is not a valid URL"), core.quota.peek(undefined)),
      );
      return;
    }
    const path = url.pathname.replace(/\/+$/, "") || "/";
    const isAuth = method === "POST" && path === "/auth";
    let login: string | undefined;
    let status = 200;
    const fault = core.faults.decide(isAuth);
    if (fault.latencyMs > 0) await delay(fault.latencyMs);
    try {
      if (fault.kind === "timeout") {
        core.hung.add(res);
        res.on("close", () => core.hung.delete(res));
        req.resume();
        core.logger.debug({ method, path }, "fault: holding the request without an answer");
        return;
      }
      if (fault.kind === "error") {
        status = fault.status;
        throw new ApiError(fault.status, "Injected fault: the service is unavailable");
      }
      if (fault.kind === "quota") {
        status = core.quota.blockStatus;
        throw new QuotaError(
          { remainRequest: 0, expireDate: core.quota.peek(undefined).expireDate },
          core.quota.blockStatus,
        );
      }
      if (isAuth) {
        const answer = await authenticate(core, req);
        login = answer.login;
        send(res, answer.status, answer.body);
        return;
      }
      const match = router.match(method, path);
      if (match.kind === "no-path") throw new ApiError(404, `Unknown path ${path}`);
      if (match.kind === "no-method") throw new ApiError(405, `Method ${method} is not allowed on ${path}`);
      const header = req.headers.authorization;
      if (!header) throw new ApiError(401, "Authorization token is required");
      login = core.tokens.resolve(header.trim());
      const client = login === undefined ? undefined : core.clients.get(login);
      if (!client || login === undefined) {
        login = undefined;
        throw new ApiError(401, "Invalid or expired token");
      }
      countRequest(core, login);
      const quota = core.quota.take(login);
      const body = method === "POST" || method === "PATCH" ? await parseBody(req, false) : undefined;
      const result = match.handler({
        store: core.store,
        client,
        query: new Query(url.searchParams),
        params: match.params,
        body,
      });
      send(res, 200, { ...result, ...quota });
      if (method !== "GET") core.onWrite?.();
    } catch (error) {
      if (error instanceof ApiError) {
        status = error.statusCode;
        const quota = error instanceof QuotaError ? error.state : core.quota.peek(login);
        send(res, status, errorBody(error, quota));
      } else {
        status = 500;
        core.logger.error({ err: error, method, path }, "sandbox handler failed");
        send(res, 500, errorBody(new ApiError(500, "Internal error"), core.quota.peek(login)));
      }
    } finally {
      if (!core.hung.has(res)) {
        core.logger.debug({ method, path, status, client: login, ms: Date.now() - started }, "request");
      }
    }
  };
}
