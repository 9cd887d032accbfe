// The page's one way to the bot: every call carries Telegram's initData; the server checks it.
import { initData } from "./telegram.js";

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.error ?? `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

async function call(path, options = {}) {
  const response = await fetch(`api/${path}`, {
    ...options,
    headers: { "x-telegram-init-data": initData(), "content-type": "application/json", ...options.headers },
  });
  const body = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

export const get = (path) => call(path);
export const post = (path, body) => call(path, { method: "POST", body: JSON.stringify(body) });

/** A new idempotency key: one per form submission, kept across its retries. */
export const newKey = () => crypto.randomUUID();
