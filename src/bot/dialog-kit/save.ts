/**
 * The save step every editing dialog ends with: the write (through the write
 * core, so a retry after an unclear failure checks first and never sends
 * twice), then, on failure, what happened in plain words and "Try again?".
 * The clerk reads the truth about each failure: the service refused or
 * failed; no answer came, so the bot does not know yet (it finds out before
 * sending again); the bot's store cannot keep its guard (nothing was sent).
 */
import type { DialogContext } from "../context.ts";
import type { WriteFailure } from "../writes/once.ts";
import type { DialogRun } from "./ask.ts";
import { askRetry } from "./prompts.ts";

type Failed = WriteFailure & { kind: "failed" };

/** A failed write in the clerk's words; `failed`: the dialog's sentence for a service's refusal. */
export function writeFailureText(ctx: DialogContext, failure: Failed, failed?: string): string {
  if (failure.cause === "store") return failure.message;
  if (failure.cause === "unknown") return ctx.t("write-unknown-now");
  return failed ? `${failed}\n${failure.message}` : failure.message;
}

export interface SaveOptions {
  /** The sentence for a service's refusal (default "The service did not accept the change"). */
  failed?: (failure: Failed) => string;
}

/**
 * Runs `save` until it is done (its result), refused by the role check, or the clerk does not
 * retry (undefined). Each retry goes through the same write: the core checks first.
 */
export async function saveWithRetry<R extends { kind: string }>(
  run: DialogRun,
  ctx: DialogContext,
  save: () => Promise<R | WriteFailure>,
  options: SaveOptions = {},
): Promise<Exclude<R, WriteFailure> | undefined> {
  for (;;) {
    const result = await save();
    if (result.kind === "refused") return undefined;
    if (result.kind !== "failed") return result as Exclude<R, WriteFailure>;
    const failure = result as Failed;
    const text = writeFailureText(ctx, failure, options.failed?.(failure) ?? ctx.t("act-failed"));
    if (!(await askRetry(run, ctx, text, failure.retryable))) return undefined;
  }
}
