/**
 * Crash safety (docs/decisions.md): the last handled update_id per chat lives in the
 * storage, and an update at or below it is ignored. After a crash Telegram (or
 * the runner) delivers the unconfirmed updates again; without this an answer
 * could be applied to the next dialog step or a confirm executed twice.
 *
 * The mark is written BEFORE the update is handled: at most once. An update
 * being handled at the moment of a crash is dropped, and the dialog asks its
 * current step again — never a second order.
 *
 * Several instances (scale-out): the mark is read, then written — two calls —
 * so one update delivered to two instances at once would pass both. Each update
 * is therefore first claimed atomically (`claimUpdate`, Store.claim); the mark
 * stays for redeliveries after the claim expired or was lost with a restart.
 *
 * The mark is bookkeeping: a store that refuses it (read-only, full, Redis down)
 * lets the update through with a rate-limited warning (store/guard.ts).
 */
import type { Context, MiddlewareFn } from "grammy";
import { z } from "zod";
import type { Logger } from "../../logger.ts";
import { persisted } from "../store/registry.ts";
import type { Store } from "../store/storage.ts";
import { chatKey } from "./chat-key.ts";

/**
 * Telegram picks a random next update_id after a week without updates, so an old
 * mark must not shadow new updates forever; redeliveries come within minutes.
 */
const MARK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Covers a delivery still being handled and Telegram's retries of it; later ones meet the mark. */
const CLAIM_LIFETIME_MS = 10 * 60 * 1000;

/**
 * Lets one delivery of an update through: the first to claim its update_id. Runs
 * before anything else (inline queries too: they have no chat, hence no mark).
 * If the claim itself fails (Redis down), the update is handled: dropping it
 * silently would be worse, and the mark still guards chats.
 */
export function claimUpdate<C extends Context>(store: Store, logger: Logger): MiddlewareFn<C> {
  const { claim } = store;
  if (!claim) return (_ctx, next) => next();
  return async (ctx, next) => {
    const id = ctx.update.update_id;
    let first = true;
    try {
      first = await claim(`update:${id}`, CLAIM_LIFETIME_MS);
    } catch (error) {
      logger.warn({ update_id: id, err: String(error) }, "could not claim an update; handling it anyway");
    }
    if (!first) {
      logger.warn({ update_id: id }, "ignored a second delivery of an update being handled");
      return;
    }
    await next();
  };
}

/** The last update handled per chat (bookkeeping: a store that refuses it never fails an update). */
const lastUpdates = persisted({
  namespace: "last-update",
  schema: z.object({ id: z.number(), at: z.number() }),
  whenStoreFails: "skip",
});

export function skipRedelivered<C extends Context & { log: Logger }>(store: Store): MiddlewareFn<C> {
  const marks = store.open(lastUpdates);
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
