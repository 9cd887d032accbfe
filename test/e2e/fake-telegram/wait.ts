/** Waiting with a deadline for something the bot does: re-checked on every recorded change and every 50 ms. */
import type { TelegramState } from "./state.ts";

const DEFAULT_WAIT_MS = 15_000;
const POLL_MS = 50;

export function waitFor<T>(
  state: TelegramState,
  probe: () => T | undefined,
  options: { timeoutMs?: number; what: () => string },
): Promise<T> {
  const found = probe();
  if (found !== undefined) return Promise.resolve(found);
  const timeoutMs = options.timeoutMs ?? DEFAULT_WAIT_MS;
  return new Promise((resolve, reject) => {
    const check = () => {
      const value = probe();
      if (value === undefined) return;
      done();
      resolve(value);
    };
    const poll = setInterval(check, POLL_MS);
    const unsubscribe = state.onChange(check);
    const deadline = setTimeout(() => {
      done();
      reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${options.what()}`));
    }, timeoutMs);
    const done = () => {
      clearInterval(poll);
      clearTimeout(deadline);
      unsubscribe();
    };
  });
}
