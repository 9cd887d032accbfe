/**
 * Telegram as the bot's calls see it: a Bot API transformer counts the errors by
 * method and code (`network` when no answer came) and keeps when Telegram last
 * answered and last failed, for readiness (/health/ready). Installed innermost on
 * bot.api (telegram/api.ts), so every attempt counts, a 429 that auto-retry waits
 * out too.
 */
import type { Transformer } from "grammy";
import { Counter, type Registry } from "prom-client";

export interface TelegramState {
  /** The last answer Telegram gave (an error like 400 or 429 is an answer too), Unix ms. */
  lastAnswerAt?: number;
  /** The last call that got no answer, a 5xx, or a refused token (401), Unix ms. */
  lastFailureAt?: number;
}

/** An answer that says Telegram (or the way to it) does not work for the bot. */
const failing = (code: number) => code >= 500 || code === 401 || code === 404;

export function telegramWatch(registry: Registry, prefix: string, now: () => number) {
  const errors = new Counter({
    name: `${prefix}telegram_api_errors_total`,
    help: "Bot API calls that failed, by method and error code (network: no answer)",
    labelNames: ["method", "code"] as const,
    registers: [registry],
  });
  const state: TelegramState = {};
  const transformer: Transformer = async (prev, method, payload, signal) => {
    let result: Awaited<ReturnType<typeof prev>>;
    try {
      result = await prev(method, payload, signal);
    } catch (error) {
      // A call the bot cancelled (polling stopping) is no failure of Telegram's.
      if (!signal?.aborted) {
        errors.inc({ method, code: "network" });
        state.lastFailureAt = now();
      }
      throw error;
    }
    if (result.ok) state.lastAnswerAt = now();
    else {
      errors.inc({ method, code: String(result.error_code) });
      if (failing(result.error_code)) state.lastFailureAt = now();
      else state.lastAnswerAt = now();
    }
    return result;
  };
  return { transformer, state: (): TelegramState => ({ ...state }) };
}
