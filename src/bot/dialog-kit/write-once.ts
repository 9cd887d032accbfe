/**
 * Exactly one write per dialog run, whatever happens: the one way a dialog
 * creates or changes something in the service.
 *
 * - The role is re-checked at that moment (a dialog may span hours).
 * - A one-shot marker in the shared store (key: action + chat + the run's
 *   nonce) says "sending" before the request and "done" with the result
 *   after: a replay after a crash finds "done" and gets that result instead
 *   of sending again.
 * - When an attempt ended ambiguously (timeout, network, 5xx, unreadable
 *   answer: the write MAY have happened) the marker stays, and the next try
 *   first asks `landed` (one read, told what that attempt sent): landed, that
 *   is the result; not landed, send again. Errors that certainly wrote
 *   nothing (quota, 4xx) clear the marker.
 * - What the write changes (`own`) is noted for the notifier before the
 *   request: its author is not told of their own change.
 *
 * It runs inside `conversation.external`: once per dialog run, never replayed.
 */
import type { ServiceClient, ServiceErrorKind } from "../../service/index.ts";
import { ensureOperator } from "../access.ts";
import type { BotContext, BotServices } from "../context.ts";
import { noteOwnChange, type OwnChange } from "../notify/own-changes.ts";
import { callService, type ServiceOutcome } from "../services/service-gateway.ts";
import { StoreCorruptError, StoreWriteError } from "../store-errors.ts";
import type { DialogRun } from "./ask.ts";

export const WRITES_NAMESPACE = "dialog-writes";
export const MARKER_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Failures after which the write may have happened. */
const AMBIGUOUS: readonly ServiceErrorKind[] = ["unavailable", "bad_response"];

/** One attempt as its marker keeps it: when it was sent and what identifies it. */
export interface Attempt<S> {
  at: number;
  sent: S;
}

type Marker<R, S> = ({ state: "sending" } & Attempt<S>) | { state: "done"; result: R };

export interface OnceWrite<R, S> {
  /** Names the write in the marker's key: one write of this kind per dialog run. */
  action: string;
  /** What identifies this attempt; kept with the marker, so `landed` looks for what was sent, not what the dialog holds later. */
  sent: S;
  /** The one request; its answer is the result. */
  send(client: ServiceClient, attempt: Attempt<S>, services: BotServices): Promise<R>;
  /** After an ambiguous attempt: its result when it landed, undefined when it did not. */
  landed?(client: ServiceClient, attempt: Attempt<S>, services: BotServices): Promise<R | undefined>;
  /**
   * What the write changes, noted before the request (or, for a create, from its result)
   * so that its author is not told of it (notify/own-changes.ts).
   */
  own?: OwnChange | ((result: R) => OwnChange);
}

export type WriteOutcome<R> =
  | { kind: "done"; result: R }
  | { kind: "refused" }
  | { kind: "failed"; message: string; retryable: boolean };

export function writeOnce<R, S>(run: DialogRun, write: OnceWrite<R, S>): Promise<WriteOutcome<R>> {
  return run.dialog.external(async (outer: BotContext): Promise<WriteOutcome<R>> => {
    // `ask` has answered the press that brought this update (a Confirm, a pick).
    if (!(await ensureOperator(outer, { pressAnswered: true }))) return { kind: "refused" };
    const { store, clock } = outer.services;
    // A marker the store cannot read back throws (never "nothing stored"); one it cannot store throws too.
    const markers = store.adapter<Marker<R, S>>(WRITES_NAMESPACE, {
      ttlSeconds: MARKER_TTL_SECONDS,
      corrupt: "throw",
      durable: true,
    });
    const key = `${write.action}.${outer.chat?.id ?? 0}.${run.nonce}`;
    const noteOwn = async (own: OwnChange | undefined) => {
      const userId = outer.from?.id;
      if (!own || userId === undefined) return;
      // Only a notice is at stake: a store hiccup here must not fail (or repeat) the write.
      await noteOwnChange(store, userId, own, clock.now().getTime()).catch((error: unknown) =>
        outer.log.warn({ err: String(error) }, "own change not noted"),
      );
    };
    const done = async (result: R): Promise<WriteOutcome<R>> => {
      if (typeof write.own === "function") await noteOwn(write.own(result));
      // The write is done whatever the store says: a "sending" marker left behind is checked by `landed`.
      await Promise.resolve(markers.write(key, { state: "done", result })).catch((error: unknown) =>
        outer.log.warn({ err: String(error), action: write.action }, "a write's done marker was not stored"),
      );
      return { kind: "done", result };
    };

    // Unreadable: the write may have been sent, so it is checked as an ambiguous attempt of what the dialog holds.
    const { landed } = write;
    let marker: Marker<R, S> | undefined;
    try {
      marker = await markers.read(key);
    } catch (error) {
      if (!(error instanceof StoreCorruptError)) throw error;
      outer.log.warn({ action: write.action }, "an unreadable write marker: the write may have been sent");
      // Without a way to check, sending again could write twice: the user is told, nothing is sent.
      if (!landed) return { kind: "failed", message: outer.t("store-marker-unreadable"), retryable: false };
      // When it was sent is lost with the marker: anywhere within the marker's lifetime.
      marker = { state: "sending", at: clock.now().getTime() - MARKER_TTL_SECONDS * 1000, sent: write.sent };
    }
    if (marker?.state === "done") return { kind: "done", result: marker.result };
    if (marker?.state === "sending" && landed) {
      const check = await callService(outer, (client) => landed(client, marker, outer.services));
      if (!check.ok) return failed(check);
      if (check.value !== undefined) return done(check.value);
    }

    const attempt: Attempt<S> = { at: clock.now().getTime(), sent: write.sent };
    try {
      await markers.write(key, { state: "sending", ...attempt });
    } catch (error) {
      // No marker, no request: a crash afterwards could not tell whether it was sent.
      if (!(error instanceof StoreWriteError)) throw error;
      outer.log.warn(
        { fault: error.fault, action: write.action },
        "a write's marker cannot be stored; not sent",
      );
      return { kind: "failed", message: outer.t("store-unavailable"), retryable: true };
    }
    // Before the request: a sync may read the change before this dialog writes it through.
    if (typeof write.own === "object") await noteOwn(write.own);
    const outcome = await callService(outer, (client) => write.send(client, attempt, outer.services));
    if (outcome.ok) return done(outcome.value);
    if (!AMBIGUOUS.includes(outcome.error.kind)) await markers.delete(key);
    outer.log.warn({ kind: outcome.error.kind, action: write.action }, "a dialog's write failed");
    return failed(outcome);
  });
}

function failed(outcome: ServiceOutcome<unknown> & { ok: false }): WriteOutcome<never> {
  return { kind: "failed", message: outcome.message, retryable: outcome.retryable };
}
