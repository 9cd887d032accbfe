/**
 * Exactly once for the client's two writes (the consent on the counteragent, the
 * approval's PATCH), in the shape of a write kind: a key naming the write, the
 * one request, and how to tell afterwards that it landed.
 *
 * - A marker in the shared store says "sending" before the request and "done"
 *   with the result after: a double press, a redelivered update or another
 *   instance finds "done" and gets that result, never a second request.
 * - Presses at the same moment (in this process, or on two instances of a
 *   shared store, by a claim as long as a request) are ordered: the second is
 *   told the answer is on its way and sends nothing.
 * - An ambiguous failure (timeout, 5xx, an unreadable answer: the write MAY
 *   have happened) keeps "sending"; the next try first asks whether it landed
 *   (one read), and only if not sends again. A certain failure (quota, 4xx)
 *   clears the marker. No marker, no request.
 *
 * The write core (src/bot/writes/) gives staff writes the same guarantees; these
 * two become kinds of it once it is in main (their key, send and landed map 1:1).
 */
import type { ServiceClient, ServiceErrorKind } from "../../../service/index.ts";
import type { BotContext } from "../../context.ts";
import { callService } from "../../crm/call.ts";

const NAMESPACE = "client-writes";
const KEEP_SECONDS = 30 * 24 * 60 * 60;
/** Writes being sent by this process: a second press at the same moment sends nothing. */
const inFlight = new Set<string>();
const AMBIGUOUS: readonly ServiceErrorKind[] = ["unavailable", "bad_response"];

type Marker<R> = { state: "sending"; at: number } | { state: "done"; at: number; result: R };

export interface ClientWrite<R> {
  /** Names this write: one request per key, ever (while the marker lives). */
  key: string;
  send(client: ServiceClient): Promise<R>;
  /** After an ambiguous attempt: the result when the service holds the write, else undefined. One read. */
  landed(client: ServiceClient): Promise<R | undefined>;
}

export type ClientWriteOutcome<R> =
  /** `earlier`: an earlier press (or update) made this write; nothing was sent now. */
  { kind: "done"; result: R; earlier: boolean } | { kind: "busy" } | { kind: "failed"; message: string };

/** The result of this write if it was made already (no request); undefined otherwise. */
export async function writtenBefore<R>(ctx: BotContext, key: string): Promise<R | undefined> {
  const marker = await Promise.resolve(markers<R>(ctx).read(key)).catch(() => undefined);
  return marker?.state === "done" ? marker.result : undefined;
}

const markers = <R>(ctx: BotContext) =>
  ctx.services.store.adapter<Marker<R>>(NAMESPACE, { ttlSeconds: KEEP_SECONDS, durable: true });

export async function clientWriteOnce<R>(
  ctx: BotContext,
  write: ClientWrite<R>,
): Promise<ClientWriteOutcome<R>> {
  if (inFlight.has(write.key)) return { kind: "busy" };
  inFlight.add(write.key);
  try {
    return await writeOnce(ctx, write);
  } finally {
    inFlight.delete(write.key);
  }
}

async function writeOnce<R>(ctx: BotContext, write: ClientWrite<R>): Promise<ClientWriteOutcome<R>> {
  const { store, clock, config } = ctx.services;
  const kept = markers<R>(ctx);
  let marker: Marker<R> | undefined;
  try {
    marker = await kept.read(write.key);
  } catch (error) {
    ctx.log.error({ err: String(error), key: write.key }, "client write: marker unreadable, nothing sent");
    return { kind: "failed", message: ctx.t("client-approval-failed") };
  }
  if (marker?.state === "done") return { kind: "done", result: marker.result, earlier: true };
  // Another instance at the same moment (a shared store): held for as long as one request may take.
  const holdMs = config.serviceTimeoutMs + 5_000;
  if (store.kind === "redis" && store.claim && !(await store.claim(`${NAMESPACE}:${write.key}`, holdMs)))
    return { kind: "busy" };
  const finish = async (result: R): Promise<ClientWriteOutcome<R>> => {
    // The write happened: a store that fails now costs only the shortcut, never the result.
    await Promise.resolve(kept.write(write.key, { state: "done", at: clock.now().getTime(), result })).catch(
      (error: unknown) => ctx.log.warn({ err: String(error), key: write.key }, "client write: done not kept"),
    );
    return { kind: "done", result, earlier: false };
  };
  if (marker?.state === "sending") {
    const check = await callService(ctx, (client) => write.landed(client), { typing: false });
    if (!check.ok) return { kind: "failed", message: check.message };
    if (check.value !== undefined) return finish(check.value);
  }
  try {
    await kept.write(write.key, { state: "sending", at: clock.now().getTime() });
  } catch (error) {
    ctx.log.error({ err: String(error), key: write.key }, "client write: marker not stored, nothing sent");
    return { kind: "failed", message: ctx.t("client-approval-failed") };
  }
  const outcome = await callService(ctx, (client) => write.send(client), { typing: false });
  if (outcome.ok) return finish(outcome.value);
  if (!AMBIGUOUS.includes(outcome.error.kind))
    await Promise.resolve(kept.delete(write.key)).catch(() => undefined);
  ctx.log.warn(
    { kind: outcome.error.kind, err: outcome.error.message, key: write.key },
    "a client's write failed",
  );
  return { kind: "failed", message: outcome.message };
}
