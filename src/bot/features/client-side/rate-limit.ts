/**
 * A per-user message rate for non-staff users: `limit` updates a minute, then
 * nothing is answered until the minute is over (one "too many" first). In
 * memory, per instance: it guards the bot's own work and Telegram's limits
 * (a non-staff user costs the service nothing but their two writes anyway).
 */
const WINDOW_MS = 60_000;
/** Users remembered at once; the oldest windows go first. */
const MAX_USERS = 20_000;

interface Window {
  start: number;
  count: number;
}

export type RateVerdict = "ok" | "warn" | "drop";

export function createRateLimit(limit: number, now: () => number): (userId: number) => RateVerdict {
  const windows = new Map<number, Window>();
  return (userId) => {
    const at = now();
    let window = windows.get(userId);
    if (!window || at - window.start >= WINDOW_MS) {
      windows.delete(userId);
      window = { start: at, count: 0 };
      windows.set(userId, window);
      if (windows.size > MAX_USERS) {
        const oldest = windows.keys().next().value;
        if (oldest !== undefined) windows.delete(oldest);
      }
    }
    window.count++;
    if (window.count <= limit) return "ok";
    return window.count === limit + 1 ? "warn" : "drop";
  };
}
