/**
 * A fake Telegram Bot API over real HTTP (node:http on 127.0.0.1, port 0):
 * `POST|GET /bot<token>/<method>` with JSON, form or query parameters; long
 * polling, webhooks with the secret header, the methods of methods.ts, and
 * injectable faults. Every call is recorded; tests play users with user.ts.
 *
 *   const telegram = await startFakeTelegram({ token });
 *   // bot env: TELEGRAM_API_ROOT=telegram.apiRoot
 *   const op = telegram.user(1001);
 *   await op.say("1042");
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type ApiFailure, badRequest, isDropped, TelegramError } from "./errors.ts";
import { methods, type Payload } from "./methods.ts";
import { botInfoFor, TelegramState } from "./state.ts";
import { TelegramUser, type UserOptions } from "./user.ts";
import { WebhookDelivery } from "./webhook-delivery.ts";

export interface FakeTelegram {
  readonly apiRoot: string;
  readonly token: string;
  readonly state: TelegramState;
  user(id: number, options?: UserOptions): TelegramUser;
  /** Methods the bot called, with how Telegram answered (200 or the error code). */
  callsOf(method: string): TelegramState["calls"];
  close(): Promise<void>;
}

export async function startFakeTelegram(options: { token: string }): Promise<FakeTelegram> {
  const state = new TelegramState(botInfoFor(options.token));
  const server = createServer((req, res) => {
    handle(state, options.token, req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { ok: false, error_code: 500, description: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const users = new Map<number, TelegramUser>();
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token: options.token,
    state,
    user(id, userOptions) {
      const existing = users.get(id);
      if (existing) return existing;
      const user = new TelegramUser(state, id, userOptions);
      users.set(id, user);
      return user;
    },
    callsOf: (method) => state.calls.filter((c) => c.method === method),
    close: () => closeServer(server, state),
  };
}

async function handle(state: TelegramState, token: string, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://telegram.local");
  const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
  if (!match) return send(res, 404, { ok: false, error_code: 404, description: "Not Found" });
  const [, askedToken = "", method = ""] = match;
  if (askedToken !== token)
    return send(res, 401, { ok: false, error_code: 401, description: "Unauthorized" });
  const fault = state.faults.take(method);
  let payload: Payload = Object.fromEntries(url.searchParams);
  if (fault && isDropped(fault)) {
    // Cut before Telegram does anything: the bot sees the connection reset, no answer.
    state.record({ method, payload, status: 0, description: "connection dropped" });
    req.socket.destroy();
    return;
  }
  try {
    payload = { ...payload, ...(await readBody(req)) };
    const known = method === "getUpdates" || method in webhookMethods || method in methods;
    if (!known) throw new TelegramError({ error_code: 404, description: "Not Found" });
    if (fault) throw new TelegramError(fault);
    const result =
      method === "getUpdates"
        ? await getUpdates(state, payload, res)
        : method in webhookMethods
          ? webhookMethods[method]?.(state, payload)
          : methods[method]?.(state, payload);
    state.record({ method, payload, status: 200 });
    send(res, 200, { ok: true, result });
  } catch (error) {
    if (!(error instanceof TelegramError)) throw error;
    fail(res, state, method, payload, error.failure);
  }
}

function fail(res: ServerResponse, state: TelegramState, method: string, payload: Payload, f: ApiFailure) {
  state.record({ method, payload, status: f.error_code, description: f.description });
  send(res, f.error_code, { ok: false, ...f });
}

async function getUpdates(state: TelegramState, p: Payload, res: ServerResponse) {
  if (state.webhook) {
    throw new TelegramError({
      error_code: 409,
      description:
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
    });
  }
  // The response closes before it is answered only when the bot went away (killed).
  const closed = new Promise<void>((resolve) => res.once("close", () => resolve()));
  const result = await state.queue.getUpdates(
    { offset: optionalNumber(p.offset), limit: optionalNumber(p.limit), timeout: optionalNumber(p.timeout) },
    closed,
  );
  if (result === "conflict") {
    throw new TelegramError({
      error_code: 409,
      description:
        "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
    });
  }
  return result;
}

const webhookMethods: Record<string, (state: TelegramState, p: Payload) => unknown> = {
  setWebhook(state, p) {
    const url = typeof p.url === "string" ? p.url : "";
    state.webhook?.stop();
    state.webhook = undefined;
    if (p.drop_pending_updates === true) state.queue.dropAll();
    if (url === "") return true; // setWebhook with an empty url removes it
    if (!URL.canParse(url)) badRequest("bad webhook: Failed to resolve host: Name or service not known");
    const secret = typeof p.secret_token === "string" ? p.secret_token : undefined;
    if (secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secret)) {
      badRequest("secret token contains unallowed characters");
    }
    state.webhook = new WebhookDelivery(
      state.queue,
      { url, secret, maxConnections: optionalNumber(p.max_connections) ?? 40 },
      (method, payload) => methods[method]?.(state, payload),
    );
    return true;
  },
  deleteWebhook(state, p) {
    state.webhook?.stop();
    state.webhook = undefined;
    if (p.drop_pending_updates === true) state.queue.dropAll();
    return true;
  },
  getWebhookInfo: (state) => ({
    url: state.webhook?.settings.url ?? "",
    has_custom_certificate: false,
    pending_update_count: state.queue.unconfirmed.length,
  }),
};

async function readBody(req: IncomingMessage): Promise<Payload> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (text === "") return {};
  const type = req.headers["content-type"] ?? "";
  if (type.includes("application/json")) return JSON.parse(text) as Payload;
  if (type.includes("application/x-www-form-urlencoded")) {
    // Form values are strings; objects (reply_markup, results) arrive JSON-encoded.
    const entries = [...new URLSearchParams(text)].map(([k, v]) => [k, decodeFormValue(v)]);
    return Object.fromEntries(entries) as Payload;
  }
  throw new TelegramError({ error_code: 400, description: `Bad Request: unsupported content type ${type}` });
}

function decodeFormValue(value: string): unknown {
  if (/^[[{]/.test(value) || value === "true" || value === "false") {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

function optionalNumber(value: unknown): number | undefined {
  if (value === undefined || value === "") return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.writableEnded || res.destroyed) return; // the bot went away (killed) meanwhile
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function closeServer(server: Server, state: TelegramState): Promise<void> {
  state.webhook?.stop();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
