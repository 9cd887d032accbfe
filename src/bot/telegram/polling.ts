/**
 * Long polling that survives Telegram's refusals. The runner gives up on a 409
 * (another getUpdates still open, e.g. the long poll of a process killed a
 * moment ago) and its retries print to the console; here every failed
 * getUpdates is logged once per outage and asked again after a pause, so the
 * bot keeps polling with the runner's own offset. Only a 401 (the token was
 * revoked) ends polling: `onFatal` decides what happens then.
 */
import { type RunnerHandle, run } from "@grammyjs/runner";
import type { Bot, Context } from "grammy";
import type { Logger } from "pino";

interface PollingOptions {
  logger: Logger;
  allowedUpdates: readonly string[];
  /** Pause before asking again after a failed getUpdates (a 429 waits its retry_after instead). */
  retryMs?: number;
  /** Called when polling cannot go on (the token is refused). */
  onFatal: (error: unknown) => void;
}

const DEFAULT_RETRY_MS = 3_000;

export function startPolling<C extends Context>(bot: Bot<C>, options: PollingOptions): RunnerHandle {
  const retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  const { logger } = options;
  let failing = false;
  bot.api.config.use(async (prev, method, payload, signal) => {
    if (method !== "getUpdates") return prev(method, payload, signal);
    for (;;) {
      let failure: { code: number | undefined; description: string; retryAfter?: number };
      try {
        const result = await prev(method, payload, signal);
        if (result.ok || result.error_code === 401) {
          if (result.ok && failing) logger.info("Telegram answers getUpdates again; polling goes on");
          failing = false;
          return result;
        }
        failure = {
          code: result.error_code,
          description: result.description,
          retryAfter: result.parameters?.retry_after,
        };
      } catch (error) {
        if (signal?.aborted) throw error;
        failure = { code: undefined, description: error instanceof Error ? error.message : String(error) };
      }
      if (!failing) {
        logger.warn(
          { code: failure.code, description: failure.description },
          "getUpdates failed; polling goes on and asks again",
        );
      }
      failing = true;
      const pause = failure.retryAfter !== undefined ? failure.retryAfter * 1000 : retryMs;
      if (!(await sleep(pause, signal))) throw new Error("polling stopped");
    }
  });
  const runner = run(bot, {
    runner: { fetch: { allowed_updates: [...options.allowedUpdates] as never }, silent: true },
  });
  runner.task()?.catch((error: unknown) => options.onFatal(error));
  return runner;
}

/** The part of grammY's (polyfilled) abort signal a pause needs. */
interface Abortable {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/** Resolves true after `ms`, or false at once when the signal aborts. */
function sleep(ms: number, signal: Abortable | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
