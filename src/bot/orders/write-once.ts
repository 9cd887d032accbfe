/**
 * Exactly one write per dialog run, whatever happens (the writer's core; the
 * writer, writer.ts, is the one way a dialog creates or changes an order).
 *
 * - The role is re-checked at that moment (a dialog may span hours).
 * - A one-shot marker in the shared store (key: action + chat + the run's
 *   nonce) says "sending" with what is sent before the request, and "done"
 *   with the result after: a replay after a crash finds "done" and gets that
 *   result instead of sending again. The chat's open write points at it
 *   (write-open.ts), so the next update of the chat can resolve a write the
 *   bot was interrupted in (write-resume.ts).
 * - No marker, no request: when the store refuses it, nothing is sent and the
 *   dialog says so (what was typed stays in the dialog).
 * - When an attempt ended ambiguously (timeout, network, 5xx, unreadable
 *   answer: the write MAY have happened) the marker stays, and the next try
 *   first asks whether it landed (one read of what that attempt sent):
 *   landed, that is the result; not landed, send again. Errors that certainly
 *   wrote nothing (quota, 4xx) clear the marker.
 * - What the write changes (`own`) is noted for the notifier before the
 *   request: its author is not told of their own change.
 *
 * It runs inside `conversation.external`: once per dialog run, never replayed.
 */
import { asWrite, type ServiceClient, type ServiceErrorKind } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { callService, type ServiceOutcome } from "../crm/call.ts";
import type { DialogRun } from "../dialog-kit/ask.ts";
import { noteOwnChange, type OwnChange } from "../notify/own-changes.ts";
import { ensureOperator } from "../policy/access.ts";
import { StoreCorruptError } from "../store/errors.ts";
import { findLanded, type Landed, type Sent } from "./write-checks.ts";
import { MARKER_TTL_SECONDS, type Marker, markersOf, openWritesOf } from "./write-open.ts";

/** Failures after which the write may have happened. */
const AMBIGUOUS: readonly ServiceErrorKind[] = ["unavailable", "bad_response"];

/** One attempt as its marker keeps it: when it was sent and what it sent. */
interface Attempt {
  at: number;
  sent: Sent;
}

export interface OnceWrite<R> {
  /** Names the write in the marker's key: one write of this kind per dialog run. */
  action: string;
  /** What this attempt sends, kept with the marker: a check looks for it, not for what the dialog holds later. */
  sent: Sent;
  /** The one request; its answer is the result. */
  send(client: ServiceClient, attempt: Attempt): Promise<R>;
  /** The result when a check found the write in the service. */
  fromLanded(landed: Landed, attempt: Attempt): R;
  /**
   * What the write changes, noted before the request (or, for a create, from its result)
   * so that its author is not told of it (notify/own-changes.ts).
   */
  own?: readonly OwnChange[] | ((result: R) => readonly OwnChange[]);
}

type WriteOutcome<R> =
  | { kind: "done"; result: R }
  | { kind: "refused" }
  | { kind: "failed"; message: string; retryable: boolean };

export function writeOnce<R>(run: DialogRun, write: OnceWrite<R>): Promise<WriteOutcome<R>> {
  return run.dialog.external((outer: BotContext) => writeOnceIn(outer, run.nonce, write));
}

/**
 * The same outside a dialog (a write an update makes by itself, e.g. a photo's comment):
 * `nonce` names the update, and no open write is left for the chat (no dialog waits for it,
 * and a dialog's own open write stays as it is).
 */
export async function writeOnceIn<R>(
  outer: BotContext,
  nonce: string,
  write: OnceWrite<R>,
  { open = true }: { open?: boolean } = {},
): Promise<WriteOutcome<R>> {
  // `ask` has answered the press that brought this update (a Confirm, a pick).
  if (!(await ensureOperator(outer, { pressAnswered: true }))) return { kind: "refused" };
  const { store, clock, config } = outer.services;
  const markers = markersOf<R>(store);
  const chat = String(outer.chat?.id ?? 0);
  const key = `${write.action}.${chat}.${nonce}`;
  const noteOwn = async (own: readonly OwnChange[]) => {
    const userId = outer.from?.id;
    if (userId === undefined) return;
    for (const change of own) {
      // Only a notice is at stake: a store hiccup here must not fail (or repeat) the write.
      await noteOwnChange(store, userId, change, clock.now().getTime()).catch((error: unknown) =>
        outer.log.warn({ err: String(error) }, "own change not noted"),
      );
    }
  };
  const done = async (attempt: Attempt, result: R): Promise<WriteOutcome<R>> => {
    if (typeof write.own === "function") await noteOwn(write.own(result));
    // The write happened: a store that fails now only costs the replay's shortcut, never the result.
    try {
      await markers.write(key, { state: "done", ...attempt, result });
    } catch (error) {
      outer.log.warn({ err: String(error), action: write.action }, "write marker: done not stored");
    }
    return { kind: "done", result };
  };

  let marker: Marker<R> | undefined;
  try {
    marker = await markers.read(key);
  } catch (error) {
    if (!(error instanceof StoreCorruptError)) return storeDown(outer, error, write.action);
    // Half a marker (a kill mid-write of an older store): the write may have been sent, so it is
    // checked as an ambiguous attempt. The chat's open write says what was sent and when; without
    // it, what the dialog holds, sent at any time the marker lives.
    outer.log.warn({ action: write.action }, "an unreadable write marker: checked before sending");
    marker = (await openAttempt(outer, chat, key)) ?? {
      state: "sending",
      at: clock.now().getTime() - MARKER_TTL_SECONDS * 1000,
      sent: write.sent,
    };
  }
  if (marker?.state === "done") return { kind: "done", result: marker.result };
  // A marker without what it sent (older code's) cannot be checked: it is sent as new.
  if (marker?.state === "sending" && marker.sent?.kind) {
    const before: Attempt = { at: marker.at, sent: marker.sent };
    // Part of the write: the check may use the write reserve (service/purpose.ts).
    const check = await callService(outer, (client) =>
      asWrite(() => findLanded(client, config.shopIds, before.sent, before.at)),
    );
    if (!check.ok) return failed(check);
    if (check.value !== undefined) return done(before, write.fromLanded(check.value, before));
  }

  const attempt: Attempt = { at: clock.now().getTime(), sent: write.sent };
  try {
    await markers.write(key, { state: "sending", ...attempt });
    if (open) await openWritesOf(store).write(chat, { key, nonce, ...attempt });
  } catch (error) {
    return storeDown(outer, error, write.action);
  }
  // Before the request: a sync may read the change before this dialog writes it through.
  if (write.own && typeof write.own !== "function") await noteOwn(write.own);
  const outcome = await callService(outer, (client) => write.send(client, attempt));
  if (outcome.ok) return done(attempt, outcome.value);
  if (AMBIGUOUS.includes(outcome.error.kind)) {
    // The marker stays "sending": a retry (or the same update redelivered) checks first.
    try {
      if (open) await openWritesOf(store).write(chat, { key, nonce, ...attempt, told: true });
    } catch (error) {
      outer.log.warn({ err: String(error), action: write.action }, "open write not updated");
    }
  } else {
    try {
      await markers.delete(key);
    } catch (error) {
      // Left as "sending": the next try or touch checks first (one read) instead of sending blindly.
      outer.log.warn({ err: String(error), action: write.action }, "write marker not cleared");
    }
  }
  outer.log.warn({ kind: outcome.error.kind, action: write.action }, "a dialog's write failed");
  return failed(outcome);
}

/** The attempt the chat's open write records for marker `key`, when it is that marker's. */
async function openAttempt(
  outer: BotContext,
  chat: string,
  key: string,
): Promise<{ state: "sending"; at: number; sent: Sent } | undefined> {
  const open = await Promise.resolve(openWritesOf(outer.services.store).read(chat)).catch(() => undefined);
  if (open?.key !== key || !open.sent || open.at === undefined) return undefined;
  return { state: "sending", at: open.at, sent: open.sent };
}

function failed(outcome: ServiceOutcome<unknown> & { ok: false }): WriteOutcome<never> {
  return { kind: "failed", message: outcome.message, retryable: outcome.retryable };
}

/** The marker cannot be kept: nothing is sent, the clerk is told and may try again. */
function storeDown(outer: BotContext, error: unknown, action: string): WriteOutcome<never> {
  outer.log.error({ err: String(error), action }, "write marker cannot be stored: nothing sent");
  return { kind: "failed", message: outer.t("write-store-down"), retryable: true };
}
