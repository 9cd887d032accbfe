/**
 * Telegram's limits on outgoing calls. Auto-retry (429 retry_after, 5xx,
 * network) everywhere, the throttler only on bot.api: inside dialogs the
 * plugins list installs auto-retry alone, because a throttled replay would slow
 * every step of a long dialog (decisions.md).
 */
import { autoRetry } from "@grammyjs/auto-retry";
import { apiThrottler } from "@grammyjs/transformer-throttler";
import type { Api, Context, MiddlewareFn } from "grammy";

/** Bounded, so a long Telegram outage fails an update instead of hanging it forever. */
const RETRY = { maxRetryAttempts: 5, maxDelaySeconds: 60 } as const;

export function installApiLimits(api: Api, options: { throttle: boolean }): void {
  api.config.use(autoRetry(RETRY));
  if (options.throttle) {
    api.config.use(
      apiThrottler({
        // Private chats: Telegram tolerates short bursts; 1 s between calls (the plugin's
        // default) would make "typing…" + the answer feel slow. Groups keep the 20/min rule.
        out: { maxConcurrent: 1, minTime: 250 },
      }),
    );
  }
}

/** For conversations v2 `plugins`: every context a dialog creates gets auto-retry on its own api. */
export function autoRetryPlugin<C extends Context>(): MiddlewareFn<C> {
  const retry = autoRetry(RETRY);
  return (ctx, next) => {
    ctx.api.config.use(retry);
    return next();
  };
}
