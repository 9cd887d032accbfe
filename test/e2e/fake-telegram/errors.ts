/** Telegram's error answers: `{ ok: false, error_code, description, parameters? }`. */

export interface ApiFailure {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

/** Thrown by a method handler; the server turns it into the error answer. */
export class TelegramError extends Error {
  readonly failure: ApiFailure;
  constructor(failure: ApiFailure) {
    super(failure.description);
    this.failure = failure;
  }
}

export function badRequest(detail: string): never {
  throw new TelegramError({ error_code: 400, description: `Bad Request: ${detail}` });
}

export const tooManyRequests = (retryAfter: number): ApiFailure => ({
  error_code: 429,
  description: `Too Many Requests: retry after ${retryAfter}`,
  parameters: { retry_after: retryAfter },
});

export const serverError = (code = 502): ApiFailure => ({
  error_code: code,
  description: code === 502 ? "Bad Gateway" : "Internal Server Error",
});

/**
 * No answer at all: the connection is cut before Telegram does anything with the call
 * (a proxy or the network dropping it), so the call had no effect.
 */
export interface DroppedConnection {
  dropped: true;
}
export const droppedConnection = (): DroppedConnection => ({ dropped: true });

/** What an injected fault does to a call: an error answer, or no answer. */
export type Fault = ApiFailure | DroppedConnection;

export function isDropped(fault: Fault): fault is DroppedConnection {
  return "dropped" in fault;
}
