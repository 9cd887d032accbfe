import { z } from "zod";
import { ServiceError } from "./errors.ts";
import { answer, isObject, num, record } from "./schemas/common.ts";
import type { ServiceStore, StoredToken } from "./store.ts";
import type { Transport } from "./transport.ts";

/** What POST /auth answered. */
export interface LoginResult {
  token: string;
  /** Lifetime in seconds as answered (900 when the service did not say). */
  ttl: number;
  expiresAt: Date;
}

interface Credentials {
  login: string;
  password: string;
  /** Body encoding of POST /auth; most clients of the real service send a form. */
  format: "form" | "json";
}

interface TokenSource {
  /** False with a fixed token: nothing to renew with. */
  readonly canRenew: boolean;
  /** A token fit for use, logging in first when there is none or it is about to expire. */
  token(): Promise<string>;
  /** A token other than `failed` (single flight: concurrent callers share one login). */
  renew(failed: string): Promise<string>;
  login(): Promise<LoginResult>;
}

const DEFAULT_TTL_S = 900;

/** `{token, ttl, remainRequest, expireDate}`, tolerant of the token inside `data`. */
const authAnswer = answer(
  z.preprocess(
    (body) => (isObject(body) && body.token === undefined && isObject(body.data) ? body.data : body),
    record({ token: z.string().min(1), ttl: num.optional() }),
  ),
);

interface TokenSourceOptions {
  transport: Transport;
  store: ServiceStore;
  now: () => number;
  token: string | undefined;
  credentials: Credentials | undefined;
  /** Renew this long before expiry (capped at a quarter of the ttl). */
  renewMarginMs: number;
}

export function createTokenSource(options: TokenSourceOptions): TokenSource {
  const { transport, store, now, credentials, renewMarginMs } = options;
  const fixed = options.token;
  let inflight: Promise<string> | undefined;

  const fresh = (stored: StoredToken): boolean => now() < stored.renewAt;

  async function login(): Promise<LoginResult> {
    if (!credentials) {
      throw new ServiceError("validation", "auth.login() needs the login and password options", {
        issues: [{ field: "login", message: "not configured" }],
      });
    }
    const { login: user, password, format } = credentials;
    const fields = { login: user, password };
    const answer = await transport.send({
      method: "POST",
      path: "/auth",
      ...(format === "json" ? { json: fields } : { form: fields }),
      schema: authAnswer,
      isAuthCall: true,
    });
    const ttlMs = (answer.ttl !== undefined && answer.ttl > 0 ? answer.ttl : DEFAULT_TTL_S) * 1000;
    const issuedAt = now();
    const expiresAt = issuedAt + ttlMs;
    await store.setToken({
      token: answer.token,
      expiresAt,
      renewAt: expiresAt - Math.min(renewMarginMs, ttlMs / 4),
    });
    return { token: answer.token, ttl: ttlMs / 1000, expiresAt: new Date(expiresAt) };
  }

  function renew(failed: string | undefined): Promise<string> {
    inflight ??= (async () => {
      const run = async () => {
        const stored = await store.getToken();
        // Another caller (or process, with a shared store) may have renewed already.
        if (stored && fresh(stored) && stored.token !== failed) return stored.token;
        return (await login()).token;
      };
      return store.withLock ? store.withLock("token", run) : run();
    })().finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  return {
    canRenew: fixed === undefined,
    async token() {
      if (fixed !== undefined) return fixed;
      const stored = await store.getToken();
      return stored && fresh(stored) ? stored.token : renew(stored?.token);
    },
    renew,
    login,
  };
}
