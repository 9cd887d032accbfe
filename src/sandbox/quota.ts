/**
 * Request quota per API client over a fixed window, like the real service
 * (about 100 requests per 15 minutes, /auth included). The window starts at a
 * client's first request; `expireDate` is when it resets. Off by default: then
 * `remainRequest` is the constant 100000.
 */
import { ApiError } from "./errors.ts";
import type { Clock } from "./store.ts";

const UNLIMITED_REMAIN = 100_000;
const DEFAULT_WINDOW_MS = 900_000;

export interface QuotaOptions {
  limit: number;
  windowMs: number;
  /**
   * How a spent quota is answered: "429" (default: `{"error": {statusCode: 429, ...}}`, as
   * seen) or "403", the block as the service's documentation shows it: a 403 with NO
   * `error` wrapper, `{statusCode: 403, name: "Error", message: "Forbidden", expireDate}`.
   */
  block?: "429" | "403";
}

export interface QuotaState {
  remainRequest: number;
  expireDate: string;
}

interface Window {
  start: number;
  used: number;
}

export class Quota {
  private readonly options: QuotaOptions | undefined;
  private readonly clock: Clock;
  private readonly windows = new Map<string, Window>();

  constructor(options: QuotaOptions | undefined, clock: Clock) {
    this.options = options;
    this.clock = clock;
  }

  get enabled(): boolean {
    return this.options !== undefined;
  }

  /** The HTTP status a spent quota is answered with (QuotaOptions.block). */
  get blockStatus(): 429 | 403 {
    return this.options?.block === "403" ? 403 : 429;
  }

  private window(login: string): Window {
    const now = this.clock.now();
    const windowMs = this.options?.windowMs ?? DEFAULT_WINDOW_MS;
    let window = this.windows.get(login);
    if (!window || now >= window.start + windowMs) {
      window = { start: now, used: 0 };
      this.windows.set(login, window);
    }
    return window;
  }

  /** The state without spending a request. */
  peek(login: string | undefined): QuotaState {
    if (!this.options || login === undefined) return this.unlimited();
    const window = this.window(login);
    return {
      remainRequest: Math.max(0, this.options.limit - window.used),
      expireDate: new Date(window.start + this.options.windowMs).toISOString(),
    };
  }

  /** Spends one request of the client; 429 when none is left. */
  take(login: string): QuotaState {
    if (!this.options) return this.unlimited();
    const window = this.window(login);
    if (window.used >= this.options.limit) throw new QuotaError(this.peek(login), this.blockStatus);
    window.used++;
    return this.peek(login);
  }

  /** Starts a fresh window for one client or for all. */
  reset(login?: string): void {
    if (login === undefined) this.windows.clear();
    else this.windows.delete(login);
  }

  /** Quota off: fixed windows on the clock, so the reset time stays put and counts down as a real one does. */
  private unlimited(): QuotaState {
    const windowMs = this.options?.windowMs ?? DEFAULT_WINDOW_MS;
    return {
      remainRequest: UNLIMITED_REMAIN,
      expireDate: new Date((Math.floor(this.clock.now() / windowMs) + 1) * windowMs).toISOString(),
    };
  }
}

export class QuotaError extends ApiError {
  readonly state: QuotaState;
  constructor(state: QuotaState, status: 429 | 403 = 429) {
    // The messages the real service sends.
    super(status, status === 429 ? "Too Many Requests" : "Forbidden");
    this.state = state;
  }
}
