/**
 * One chat at a time across instances. `sequentialize` orders a chat's updates
 * within one process only; two instances handling one chat at once would each
 * load the same dialog state (conversations, session) and the later save would
 * erase the other's step. With a shared store each chat's update therefore
 * holds `lock:chat:<id>` in Redis while it runs; in-process stores have no
 * `lock` and this is a no-op.
 *
 * The lock lives `ttlMs` and is extended every third of that while the handler
 * runs, so a long handler keeps it and a crashed holder frees the chat soon.
 * A waiter polls up to `waitMs` (a little above the longest expected handling),
 * then handles the update anyway with a warning: never a silent drop.
 *
 * Cost per chat update on Redis when the chat is free: two round trips (SET NX
 * PX, compare-and-delete); one more per `pollMs` while waiting, and one per
 * ttlMs/3 of a long handler.
 */
import type { Context, MiddlewareFn } from "grammy";
import type { Logger } from "../../logger.ts";
import type { RedisLock, Store } from "../store/storage.ts";

export interface ChatLockOptions {
  /** Lifetime of a lock that is not extended (a crashed holder's), ms. Default 15000. */
  ttlMs?: number;
  /** How long an update waits for its chat before running anyway, ms. Default 35000. */
  waitMs?: number;
  /** Poll interval of a waiting update, ms. Default 25. */
  pollMs?: number;
}

export function chatLock<C extends Context>(
  store: Store,
  logger: Logger,
  options: ChatLockOptions = {},
): MiddlewareFn<C> {
  const { lock } = store;
  if (!lock) return (_ctx, next) => next();
  const settings = {
    ttlMs: options.ttlMs ?? 15_000,
    waitMs: options.waitMs ?? 35_000,
    pollMs: options.pollMs ?? 25,
  };

  return async (ctx, next) => {
    const chat = ctx.chat?.id;
    if (chat === undefined) return next(); // inline queries: nothing per chat to protect
    const log = { chat, update_id: ctx.update.update_id };
    const started = Date.now();
    const held = await lock(`chat:${chat}`, settings).catch((error: unknown) => {
      logger.warn({ ...log, err: String(error) }, "chat lock unavailable; handling the update without it");
      return undefined;
    });
    if (held && !held.acquired) {
      logger.warn(
        { ...log, waitedMs: Date.now() - started },
        "chat still locked; handling the update anyway",
      );
    }
    let done = false;
    const extend = async (mine: RedisLock) => {
      if (!(await mine.extend()) && !done) logger.warn(log, "lost the chat lock while handling an update");
    };
    const refresh = held?.acquired ? setInterval(() => void extend(held), settings.ttlMs / 3) : undefined;
    refresh?.unref(); // never keeps the process alive on its own
    try {
      await next();
    } finally {
      done = true;
      clearInterval(refresh);
      await held?.release();
    }
  };
}
