/**
 * Service calls from dialogs. Every call is a side effect, so it runs inside
 * `conversation.external` (a replay reuses the logged result instead of asking
 * the service again) and answers plain JSON: an error becomes its localized
 * message, never a thrown ServiceError (which would not survive the storage).
 */

import type { ServiceErrorKind } from "../../service/index.ts";
import type { BotContext, BotServices, DialogContext } from "../context.ts";
import { callService } from "../crm/call.ts";
import { accept, ask, type DialogRun, reject } from "./ask.ts";

type CallResult<T> =
  | { ok: true; value: T }
  | { ok: false; kind: ServiceErrorKind; message: string; retryable: boolean };

/** Runs `action` once (not on replays) with the outside context; `T` must be plain JSON. */
export function serviceCall<T>(
  run: DialogRun,
  action: (services: BotServices, outer: BotContext) => Promise<T>,
): Promise<CallResult<T>> {
  return run.dialog.external(async (outer: BotContext) => {
    const outcome = await callService(outer, () => action(outer.services, outer));
    return outcome.ok
      ? { ok: true as const, value: outcome.value }
      : {
          ok: false as const,
          kind: outcome.error.kind,
          message: outcome.message,
          retryable: outcome.retryable,
        };
  });
}

/**
 * Reference data (cached) for a step. When the service cannot give it for a
 * while (down, quota spent) the clerk may try again: what the dialog collected
 * so far stays. Any other failure says why and ends the dialog.
 */
export async function loadOrLeave<T>(
  run: DialogRun,
  ctx: DialogContext,
  load: (services: BotServices) => Promise<T>,
): Promise<T> {
  const result = await loadOrRetry(run, ctx, load);
  if (result.ok) return result.value;
  await ctx.reply(`${result.message}\n${ctx.t("dlg-left-service")}`);
  return run.dialog.halt();
}

/**
 * The same for optional details: a failure that will not pass (no access to the
 * list, say) leaves them out with a word (undefined), and the dialog goes on
 * with everything the clerk typed.
 */
export async function loadOrSkip<T>(
  run: DialogRun,
  ctx: DialogContext,
  load: (services: BotServices) => Promise<T>,
): Promise<T | undefined> {
  const result = await loadOrRetry(run, ctx, load);
  if (result.ok) return result.value;
  await ctx.reply(`${result.message}\n${ctx.t("dlg-skipped-service")}`);
  return undefined;
}

/** Loads; a retryable failure offers 🔁 Try again until it passes or the clerk cancels. */
async function loadOrRetry<T>(
  run: DialogRun,
  ctx: DialogContext,
  load: (services: BotServices) => Promise<T>,
): Promise<CallResult<T>> {
  for (;;) {
    const result = await serviceCall(run, (services) => load(services));
    if (result.ok || !result.retryable) return result;
    // ✖ Cancel (added by ask) or /cancel leaves; the retry button loads again.
    await ask(run, ctx, {
      text: result.message,
      buttons: [[{ text: ctx.t("btn-retry"), value: "r" }]],
      parse: (a) =>
        a.kind === "button" && a.value === "r" ? accept(true) : reject(a.ctx.t("dlg-use-buttons")),
    });
  }
}
