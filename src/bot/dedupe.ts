/**
 * Crash safety (decisions.md): the last handled update_id per chat lives in the
 * storage, and an update at or below it is ignored. After a crash Telegram (or
 * the runner) delivers the unconfirmed updates again; without this an answer
 * could be applied to the next dialog step or a confirm executed twice.
 *
 * The mark is written BEFORE the update is handled: at most once. An update
 * being handled at the moment of a crash is dropped, and the dialog asks its
 * current step again — never a second order.
 */
import type { Context, MiddlewareFn } from "grammy";
import type { Logger } from "../logger.ts";
import type { Store } from "./storage.ts";

export const LAST_UPDATE_NAMESPACE = "last-update";

/**
 * Telegram picks a random next update_id after a week without updates, so an old
 * mark must not shadow new updates forever; redeliveries come within minutes.
 */
const MARK_LIFETIME_MS = 24 * 60 * 60 * 1000;

interface Mark {
  id: number;
  at: number;
}

/** Updates with a chat are keyed by chat; inline queries (no chat) need no protection. */
function chatKey(ctx: Context): string | undefined {
  return ctx.chat?.id === undefined ? undefined : String(ctx.chat.id);
}

export function skipRedelivered<C extends Context & { log: Logger }>(store: Store): MiddlewareFn<C> {
  const marks = store.adapter<Mark>(LAST_UPDATE_NAMESPACE);
  return async (ctx, next) => {
    const key = chatKey(ctx);
    if (key === undefined) return next();
    const id = ctx.update.update_id;
    const last = await marks.read(key);
    if (last && id <= last.id && Date.now() - last.at < MARK_LIFETIME_MS) {
      ctx.log.warn({ last: last.id }, "ignored a redelivered update");
      return;
    }
    await marks.write(key, { id, at: Date.now() });
    await next();
  };
}
