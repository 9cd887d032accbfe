/**
 * Each scheduled message delivered once (the evening report's text and its
 * chart, a morning digest): a marker per message and recipient in the shared
 * store says it was delivered, across restarts and instances, so a run tried
 * again after a Telegram outage sends only what is still missing.
 *
 * An attempt is claimed by its number (store/claim.ts: Redis SET NX across
 * instances), so two instances never send the same message at once. When
 * Telegram refuses for a while (5xx, 429, the network) the attempt is counted
 * and the next run tries again; a refusal that will not change (400 "chat not
 * found") is logged and not repeated; 403 (the user blocked the bot) marks them
 * blocked. An attempt cut off by a crash between the request and its answer is
 * not repeated: Telegram may have shown it, and a report twice is the worse
 * mistake then.
 */
import { GrammyError, HttpError } from "grammy";
import { z } from "zod";
import { claimMarker } from "../store/claim.ts";
import { persisted } from "../store/registry.ts";
import { type Compose, readerOf, type SendDeps } from "./send.ts";

/** Longer than any window a scheduled message is tried in, and the day it belongs to. */
const KEEP_SECONDS = 2 * 24 * 60 * 60;

/** "done": delivered (now or before), or nothing more to do; "pending": try again later. */
export type Delivery = "done" | "pending";

/** Per message and recipient. */
const deliveryStates = persisted({
  namespace: "deliveries",
  schema: z.object({
    done: z.boolean().optional(),
    /** Attempts Telegram refused for a while. */
    failures: z.number().int().nonnegative(),
  }),
  ttlSeconds: KEEP_SECONDS,
  whenStoreFails: "throw",
});
/** Attempts claimed ("<key>:<failures>"). */
const deliveryAttempts = persisted({
  namespace: "delivery-attempts",
  schema: z.number(),
  ttlSeconds: KEEP_SECONDS,
  whenStoreFails: "throw",
});

function deliveries(deps: Pick<SendDeps, "services">) {
  return deps.services.store.open(deliveryStates);
}

/** True when the message of `key` was delivered (or needs nothing more): no work to prepare for it. */
export async function isDelivered(deps: Pick<SendDeps, "services">, key: string): Promise<boolean> {
  return (await deliveries(deps).read(key))?.done === true;
}

/** Telegram may take it later: a 5xx, a 429 the auto-retry gave up on, or no answer at all. */
function isTransient(error: unknown): boolean {
  if (error instanceof HttpError) return true;
  return error instanceof GrammyError && (error.error_code >= 500 || error.error_code === 429);
}

/**
 * Sends the message of `key` to `userId` once: `send` makes the Telegram call(s) of it
 * (it may send nothing: "done" too). Pending when Telegram refused for a while or another
 * instance is sending it now.
 */
export async function deliverOnce(
  deps: SendDeps,
  userId: number,
  key: string,
  send: () => Promise<unknown>,
): Promise<Delivery> {
  const markers = deliveries(deps);
  const state = (await markers.read(key)) ?? { failures: 0 };
  if (state.done) return "done";
  if (!(await claimMarker(deps.services.store, deliveryAttempts, `${key}:${state.failures}`)))
    return "pending";
  try {
    await send();
  } catch (error) {
    if (isTransient(error)) {
      deps.logger.warn(
        { err: String(error), userId, key },
        "a scheduled message was not delivered: tried again later",
      );
      await markers.write(key, { failures: state.failures + 1 });
      return "pending";
    }
    if (error instanceof GrammyError && error.error_code === 403) {
      // Blocked (or the account is gone): a user who left. Their settings stay.
      await deps.services.users.update(userId, (s) => {
        s.blocked = true;
      });
    } else
      deps.logger.warn({ err: String(error), userId, key }, "a scheduled message was refused: not repeated");
  }
  await markers.write(key, { done: true, failures: state.failures });
  return "done";
}

/** What `compose` writes for this user (if they may still be told), delivered once under `key`. */
export function deliverToUser(
  deps: SendDeps,
  userId: number,
  key: string,
  compose: Compose,
): Promise<Delivery> {
  return deliverOnce(deps, userId, key, async () => {
    const reader = await readerOf(deps, userId);
    const message = reader && (await compose(reader));
    if (!message) return;
    await deps.api.sendMessage(
      userId,
      message.text,
      message.keyboard ? { reply_markup: message.keyboard } : {},
    );
  });
}
