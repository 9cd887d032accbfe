/**
 * A form's submission once: the page sends an idempotency key with every write
 * (one per form filled, kept across its retries), the write core keys its marker
 * with it, and a second request with the same key while the first is still under
 * way waits for the first one's answer instead of reaching the core (where it
 * would find a "sending" marker and check, or send again).
 */
import type { WriteFailure } from "../writes/once.ts";

const running = new Map<string, Promise<unknown>>();

/** A key the page made: 8 to 64 letters, digits, `-` or `_`. */
export function submissionKey(raw: unknown): string | undefined {
  return typeof raw === "string" && /^[\w-]{8,64}$/.test(raw) ? raw : undefined;
}

/** The write's nonce: the user's own, so two users' keys never meet. */
export const nonceOf = (userId: number, key: string): string => `ma-${userId}-${key}`;

export function oncePerKey<T>(nonce: string, write: () => Promise<T>): Promise<T> {
  const current = running.get(nonce) as Promise<T> | undefined;
  if (current) return current;
  const started = write().finally(() => running.delete(nonce));
  running.set(nonce, started);
  return started;
}

/** A failure as the page reads it: its words, whether a retry may help, whether it may have landed. */
export function failureBody(failure: WriteFailure, t: (key: string) => string) {
  if (failure.kind === "refused") return { ok: false, outcome: "refused", message: t("ma-refused") };
  return {
    ok: false,
    outcome: failure.pending ? "unknown" : "failed",
    message: failure.message,
    retryable: failure.retryable,
  };
}
