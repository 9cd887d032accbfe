/**
 * The client's two writes (the consent on the counteragent, the approval's
 * PATCH) through the write core (src/bot/writes/: kinds "client-consent" and
 * "client-approval"): a marker before the request, the result kept after, a
 * check (one read) before sending again after an unclear failure. Here only
 * what a client's write adds to the core:
 * - the marker's key names the thing (the estimate's round, the link's update),
 *   not the chat, so a double press from any chat gets the first answer, and
 *   `earlier` says the answer is an earlier press's (nothing was sent now);
 * - the authorization is the caller's (a client is no operator);
 * - presses at the same moment (in this process, or on two instances of a
 *   shared store, by a claim as long as a request) send once: the second is
 *   told the answer is on its way.
 * A chat's press comes through `clientWrite` (its update's actor); a Mini App's
 * request through `clientWriteAs` with its own actor (mini-app/web-actor.ts).
 */
import type { BotContext, BotServices } from "../../context.ts";
import { telegramActor } from "../../telegram/write-actor.ts";
import { type WriteActor, type WriteRequest, writeIn } from "../../writes/index.ts";
import { markersOf } from "../../writes/markers.ts";

/** Writes being sent by this process. */
const inFlight = new Set<string>();

export type ClientWriteOutcome<R> =
  /** `earlier`: an earlier press (or update) made this write; nothing was sent now. */
  | { kind: "done"; result: R; earlier: boolean }
  | { kind: "busy" }
  | { kind: "refused" }
  /** `cause` "unknown": no answer came (a timeout): the write may have landed; the next try checks first. */
  | { kind: "failed"; cause: "service" | "unknown" | "store"; message: string };

/** The result of the write under `key` if it was made already (no request); undefined otherwise. */
export async function writtenBefore<R>(
  holder: { services: Pick<BotServices, "store"> },
  key: string,
): Promise<R | undefined> {
  const marker = await Promise.resolve(markersOf<R>(holder.services.store).read(key)).catch(() => undefined);
  return marker?.state === "done" ? marker.result : undefined;
}

export async function clientWrite<D, R>(
  ctx: BotContext,
  request: WriteRequest<D, R> & { key: string },
  authorize: (ctx: BotContext) => Promise<boolean>,
): Promise<ClientWriteOutcome<R>> {
  // The actor is built only when the write will be made (an earlier press's answer needs none).
  return clientWriteAs(
    () => telegramActor(ctx, { authorize: () => authorize(ctx) }),
    `u${ctx.update.update_id}`,
    request,
    ctx,
  );
}

/** The same write for any actor (`nonce` names what brought it: an update, a page's submission). */
export async function clientWriteAs<D, R>(
  actorOf: () => Promise<WriteActor> | WriteActor,
  nonce: string,
  request: WriteRequest<D, R> & { key: string },
  holder: { services: BotServices },
): Promise<ClientWriteOutcome<R>> {
  const { key } = request;
  const before = await writtenBefore<R>(holder, key);
  if (before !== undefined) return { kind: "done", result: before, earlier: true };
  if (inFlight.has(key)) return { kind: "busy" };
  const { store, config } = holder.services;
  // Another instance at the same moment: held for as long as one request may take.
  const holdMs = config.serviceTimeoutMs + 5_000;
  if (store.kind === "redis" && store.claim && !(await store.claim(`client-write:${key}`, holdMs)))
    return { kind: "busy" };
  inFlight.add(key);
  try {
    const actor = await actorOf();
    const outcome = await writeIn(actor, nonce, request, { open: false });
    if (outcome.kind === "done") return { kind: "done", result: outcome.result, earlier: false };
    if (outcome.kind === "refused") return outcome;
    actor.log.warn({ cause: outcome.cause, key }, "a client's write failed");
    return { kind: "failed", cause: outcome.cause, message: outcome.message };
  } finally {
    inFlight.delete(key);
  }
}
