/**
 * `ctx.log`, made on first use: a logger bound to the update costs a pino child
 * (its bindings serialized) on every update, and most updates log nothing.
 */
import type { Logger } from "../../logger.ts";

export function lazyLog(ctx: { log: Logger }, make: () => Logger): void {
  Object.defineProperty(ctx, "log", {
    configurable: true,
    enumerable: true,
    get() {
      const log = make();
      Object.defineProperty(ctx, "log", { value: log, writable: true, configurable: true, enumerable: true });
      return log;
    },
    // One set in its place (a test's, a plugin's) is kept as it is.
    set(log: Logger) {
      Object.defineProperty(ctx, "log", { value: log, writable: true, configurable: true, enumerable: true });
    },
  });
}
