/**
 * The write core: exactly one write per dialog run (or per update), whatever
 * happens, for every kind alike (kind.ts). It knows no resource.
 *
 * - The role is re-checked at that moment (a dialog may span hours).
 * - A one-shot marker in the shared store (key: action + chat + the run's
 *   nonce) says "sending" with what is sent before the request, and "done"
 *   with the result after: a replay after a crash finds "done" and gets that
 *   result instead of sending again. The chat's open write points at it
 *   (markers.ts), so the next update of the chat can resolve a write the bot
 *   was interrupted in (resume.ts).
 * - No marker, no request: when the store refuses it, nothing is sent and the
 *   caller is told so (`cause: "store"`); what was typed stays in the dialog.
 * - When an attempt ended without a clear answer (timeout, network, 5xx,
 *   unreadable answer: the write MAY have happened) the marker stays, and the
 *   next try first asks whether it landed (the kind's one read, each field
 *   compared as stored): landed, that is the result; not landed, send again.
 *   Errors that certainly wrote nothing (quota, 4xx) clear the marker.
 * - The kind's own changes are noted for the notifier (before the request, or
 *   once the result is known), and what landed is written through.
 *
 * Whoever writes is an actor (actor.ts): a Telegram update builds one, and so can a
 * web request or a job. A run (`WriteRun`) runs the write once: a dialog's inside
 * `conversation.external`, never replayed.
 */
import { asWrite, type ServiceErrorKind } from "../../service/index.ts";
import { callAs, type ServiceOutcome } from "../crm/call.ts";
import type { WriteResult } from "../metrics/index.ts";
import { noteOwnChange, type OwnChange } from "../state/own-changes.ts";
import { StoreCorruptError } from "../store/errors.ts";
import type { WriteActor, WriteRun } from "./actor.ts";
import { type FieldCheck, holdsAll } from "./checks.ts";
import type { Attempt, Landed, WriteKind } from "./kind.ts";
import { MARKER_TTL_SECONDS, type Marker, markersOf, openWritesOf } from "./markers.ts";

/** Failures after which the write may have happened. */
const AMBIGUOUS: readonly ServiceErrorKind[] = ["unavailable", "bad_response"];

export interface WriteRequest<D, R> {
  kind: WriteKind<D, R>;
  /** The kind's data of this write, kept with the marker. */
  data: D;
  /** How the service will hold it (checks.ts; an edit's come from edit.ts). */
  checks: FieldCheck[];
  /** Names the marker (default: the kind's name): one write per action and dialog run. */
  action?: string;
  /**
   * The marker's whole key, for a write that is once per thing whoever asks and from
   * whichever chat (a client's approval of one estimate); default: action, chat and nonce.
   */
  key?: string;
  /** What the write-through starts from (not kept: an edit's base record, a create's draft). */
  local?: unknown;
}

/**
 * Why a write did not happen: `service` the service refused or failed (nothing written, or a 5xx
 * the next try checks first), `unknown` no answer came (timeout, network, unreadable answer: the
 * next try finds out first), `store` the marker could not be kept (nothing was sent).
 */
export type WriteFailure =
  | { kind: "refused" }
  | {
      kind: "failed";
      cause: "service" | "unknown" | "store";
      message: string;
      retryable: boolean;
      /** The write may have landed (no clear answer, a 5xx): the next try checks first. */
      pending?: boolean;
      /** The service's error kind, when the service call failed (a caller may word it its own way). */
      error?: ServiceErrorKind;
    };

export type WriteOutcome<R> =
  /**
   * `record`: what the kind wrote through (its card's source), `note` why it has none; `how`: sent
   * now, found landed by the check of an earlier attempt, or a repeat of a write already done.
   */
  | { kind: "done"; result: R; record?: unknown; note?: string; how?: "sent" | "checked" | "replayed" }
  | WriteFailure;

/** One write of a run (a dialog's: once per run, never replayed; the actor's authorization holds). */
export function runWrite<D, R>(run: WriteRun, request: WriteRequest<D, R>): Promise<WriteOutcome<R>> {
  return run.once((actor) => writeIn(actor, run.nonce, request));
}

/**
 * One write of `actor`, once per `nonce`. `open: false` for a write outside a dialog (an update's own,
 * a web form's, a job's): no open write is left for the chat (no dialog waits for it, and a dialog's
 * own open write stays as it is).
 */
export async function writeIn<D, R>(
  actor: WriteActor,
  nonce: string,
  request: WriteRequest<D, R>,
  options: { open?: boolean } = {},
): Promise<WriteOutcome<R>> {
  const outcome = await writeOnce(actor, nonce, request, options);
  // The core's one outcome point: every kind's writes counted alike (metrics/index.ts).
  actor.services.metrics?.write(request.kind.name, resultOf(outcome));
  return outcome;
}

/** How a write ended, as the operator's figures count it (WriteResult). */
function resultOf(outcome: WriteOutcome<unknown>): WriteResult {
  if (outcome.kind === "done")
    return outcome.how === "checked" ? "landed_after_check" : (outcome.how ?? "sent");
  if (outcome.kind === "refused") return "refused";
  if (outcome.cause === "store") return "not_sent";
  return outcome.pending ? "unknown" : "refused";
}

async function writeOnce<D, R>(
  actor: WriteActor,
  nonce: string,
  request: WriteRequest<D, R>,
  { open = true }: { open?: boolean },
): Promise<WriteOutcome<R>> {
  // The actor's check at this moment: a role re-checked, a client's link (the press is answered already).
  if (!(await actor.authorize())) return { kind: "refused" };
  const { kind } = request;
  const action = request.action ?? kind.name;
  const { store, clock, config } = actor.services;
  const markers = markersOf<R>(store);
  const chat = actor.chat ?? "0";
  // Without a chat no later update can resolve the write: its own run's retry checks first.
  const keepOpen = open && actor.chat !== undefined;
  const key = request.key ?? `${action}.${chat}.${nonce}`;
  const sent = { kind: kind.name, checks: request.checks, data: request.data };

  const done = async (
    how: "sent" | "checked",
    attempt: Attempt<D>,
    result: R,
    record?: unknown,
  ): Promise<WriteOutcome<R>> => {
    await noteOwn(actor, kind.ownAfter?.(attempt, result) ?? []);
    // The write happened: a store that fails now only costs the replay's shortcut, never the result.
    try {
      await markers.write(key, { state: "done", ...attempt, result });
    } catch (error) {
      actor.log.warn({ err: String(error), action }, "write marker: done not stored");
    }
    const through = await throughOf(actor, kind, { attempt, result, record, base: request.local });
    return { kind: "done", result, how, ...through };
  };

  let marker: Marker<R> | undefined;
  try {
    marker = await markers.read(key);
  } catch (error) {
    if (!(error instanceof StoreCorruptError)) return storeDown(actor, error, action);
    // Half a marker (a kill mid-write of an older store): the write may have been sent, so it is
    // checked as an ambiguous attempt. The chat's open write says what was sent and when; without
    // it, what the dialog holds, sent at any time the marker lives.
    actor.log.warn({ action }, "an unreadable write marker: checked before sending");
    marker = (await openAttempt(actor, chat, key)) ?? {
      state: "sending",
      at: clock.now().getTime() - MARKER_TTL_SECONDS * 1000,
      sent,
    };
  }
  if (marker?.state === "done") return { kind: "done", result: marker.result, how: "replayed" };
  if (marker?.state === "sending") {
    const before = { at: marker.at, sent: marker.sent } as Attempt<D>;
    const check = await callAs(actor, (client) => findLanded(client, kind, before, config.shopIds));
    if (!check.ok) return failed(check);
    if (check.value !== undefined) return done("checked", before, check.value.result, check.value.record);
  }

  const attempt: Attempt<D> = { at: clock.now().getTime(), sent };
  try {
    await markers.write(key, { state: "sending", ...attempt });
    if (keepOpen) await openWritesOf(store).write(chat, { key, nonce, ...attempt });
  } catch (error) {
    return storeDown(actor, error, action);
  }
  // Before the request: a sync may read the change before this write is written through.
  await noteOwn(actor, kind.ownBefore?.(attempt) ?? []);
  const outcome = await callAs(actor, (client) => kind.send(client, attempt));
  if (outcome.ok) return done("sent", attempt, outcome.value);
  if (AMBIGUOUS.includes(outcome.error.kind)) {
    // The marker stays "sending": a retry (or the same update redelivered) checks first.
    try {
      if (keepOpen) await openWritesOf(store).write(chat, { key, nonce, ...attempt, told: true });
    } catch (error) {
      actor.log.warn({ err: String(error), action }, "open write not updated");
    }
  } else {
    try {
      await markers.delete(key);
    } catch (error) {
      // Left as "sending": the next try or touch checks first (one read) instead of sending blindly.
      actor.log.warn({ err: String(error), action }, "write marker not cleared");
    }
  }
  actor.log.warn({ kind: outcome.error.kind, action }, "a write failed");
  return failed(outcome);
}

/**
 * Whether the write of `attempt` is in the service: the kind's one read, then the first record
 * holding every field it sent (each compared as the service stores it).
 */
export async function findLanded<D, R>(
  client: Parameters<WriteKind<D, R>["send"]>[0],
  kind: WriteKind<D, R>,
  attempt: Attempt<D>,
  shopIds: readonly string[],
): Promise<Landed<R> | undefined> {
  // Part of the write: this read may use the write reserve (service/purpose.ts).
  const records = await asWrite(() => kind.read(client, attempt, { shopIds }));
  const record = records.find((candidate) => holdsAll(candidate, attempt.sent.checks));
  return record === undefined ? undefined : { record, result: kind.resultOf(record, attempt) };
}

/** The kind's write-through; a failure there never fails the write (it happened). */
async function throughOf<D, R>(
  outer: WriteActor,
  kind: WriteKind<D, R>,
  landed: Parameters<WriteKind<D, R>["through"]>[1],
): Promise<{ record?: unknown; note?: string }> {
  try {
    return await kind.through(outer, landed);
  } catch (error) {
    outer.log.warn({ err: String(error), kind: kind.name }, "write-through failed");
    return {};
  }
}

/** Own changes: only a notice is at stake, a store hiccup must not fail (or repeat) the write. */
export async function noteOwn(outer: WriteActor, own: readonly OwnChange[]): Promise<void> {
  const { userId } = outer;
  if (userId === undefined) return;
  const { store, clock } = outer.services;
  for (const change of own) {
    await noteOwnChange(store, userId, change, clock.now().getTime()).catch((error: unknown) =>
      outer.log.warn({ err: String(error) }, "own change not noted"),
    );
  }
}

/** The attempt the chat's open write records for marker `key`, when it is that marker's. */
async function openAttempt<R>(outer: WriteActor, chat: string, key: string): Promise<Marker<R> | undefined> {
  const open = await Promise.resolve(openWritesOf(outer.services.store).read(chat)).catch(() => undefined);
  if (open?.key !== key || !open.sent || open.at === undefined) return undefined;
  return { state: "sending", at: open.at, sent: open.sent };
}

/**
 * A service failure: `unknown` when no answer came in time (none at all, a 408, or a gateway's 504
 * after the service may have taken the write; an unreadable answer), else the service's.
 */
function failed(outcome: ServiceOutcome<unknown> & { ok: false }): WriteFailure {
  const { error } = outcome;
  const timedOut = error.status === undefined || error.status === 408 || error.status === 504;
  const unknown = (error.kind === "unavailable" && timedOut) || error.kind === "bad_response";
  return {
    kind: "failed",
    cause: unknown ? "unknown" : "service",
    message: outcome.message,
    retryable: outcome.retryable || unknown,
    pending: AMBIGUOUS.includes(error.kind),
    error: error.kind,
  };
}

/** The marker cannot be kept: nothing is sent, the clerk is told and may try again. */
function storeDown(outer: WriteActor, error: unknown, action: string): WriteFailure {
  outer.log.error({ err: String(error), action }, "write marker cannot be stored: nothing sent");
  return { kind: "failed", cause: "store", message: outer.t("write-store-down"), retryable: true };
}
