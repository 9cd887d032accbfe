/**
 * A write the bot was interrupted in (killed before, during or right after the
 * request; an answer lost on the way) is resolved at the chat's next update,
 * before the dialog, /cancel or /new see it: the bot finds out what the
 * service did (the kind's one read, each field compared as stored) and says
 * it plainly, in the kind's words, through the actor's sink.
 *
 * - Landed: what the write made (the kind's report, with the card); the
 *   dialog that wrote it ends (it is done) and the update is taken as seen, so
 *   a Save press or /cancel after it never sends again nor says "nothing was
 *   changed".
 * - Not landed: the marker is cleared, the actor is told nothing reached the
 *   service, and the update goes on (a retry then sends; /cancel then truly
 *   changed nothing).
 * - Unknown (the service cannot be asked now): nothing is sent and nothing is
 *   left; the dialog stays and the next update asks again.
 * One request per resolution; none for chats without an open write.
 * The core knows no kind and no dialog: the registry and the chat's dialog are handed in
 * (dialog-kit/resume-writes.ts mounts this on the bot).
 */
import { asWrite } from "../../service/index.ts";
import { callAs } from "../crm/call.ts";
import { StoreCorruptError } from "../store/errors.ts";
import type { WriteActor } from "./actor.ts";
import { holdsAll } from "./checks.ts";
import type { AnyWriteKind, Attempt, Landed } from "./kind.ts";
import { type Marker, markersOf, type OpenWrite, openWritesOf } from "./markers.ts";
import { findLanded, noteOwn } from "./once.ts";

/** What the core needs of the chat's dialog (the core imports no dialog step). */
export interface OpenDialog {
  /** The nonce of the run whose prompt is open in the chat, if a dialog runs. */
  openRun(): Promise<string | undefined>;
  /** Whether this update would end the dialog (/cancel, ✖). */
  leaving: boolean;
  /** Ends the chat's dialog (its prompt loses its buttons, as ✖ does): its write is done. */
  end(): Promise<void>;
}

/** `next`: the update goes on to the dialogs and features; `handled`: it was the resolution's. */
export type Resumed = "next" | "handled";

/** Resolves the open write of the actor's chat, if any (registry `kinds`). */
export async function resolveOpenWrite(
  actor: WriteActor,
  kinds: readonly AnyWriteKind[],
  dialog: OpenDialog,
): Promise<Resumed> {
  const chat = actor.chat;
  const open = chat === undefined ? undefined : await openWrite(actor, chat);
  if (!open || chat === undefined) return "next";
  const { store, config } = actor.services;
  const read = await markerOf(actor, open);
  // The store cannot be read now: the open write stays, and the dialog's own marker check decides.
  if (read === "unreadable") return "next";
  const marker = read;
  const forget = () => Promise.resolve(openWritesOf(store).delete(chat)).catch(() => {});
  const running = (await dialog.openRun().catch(() => undefined)) === open.nonce;
  // The dialog said the outcome is not known and checks before its own retry: only leaving it is resolved here.
  if (open.told && running && !dialog.leaving) return "next";
  const kind = marker && kinds.find((k) => k.name === marker.sent?.kind);
  const sent = marker?.sent;
  // Gone (cleared after a certain failure, expired), unreadable, or finished and told by its dialog.
  if (!marker || !kind || !sent || !Array.isArray(sent.checks) || (marker.state === "done" && !running)) {
    await forget();
    return "next";
  }
  const attempt: Attempt = { at: marker.at, sent };
  const check = await callAs(actor, async (client): Promise<Landed<unknown> | undefined> => {
    if (marker.state === "sending") return findLanded(client, kind, attempt, config.shopIds);
    // The read is the write's own (it may use the write reserve), as the check of a "sending" one is.
    const records = await asWrite(() =>
      kind.read(client, attempt, { shopIds: config.shopIds }, marker.result),
    );
    const record = records.find((r) => holdsAll(r, attempt.sent.checks)) ?? records[0];
    return { record, result: marker.result };
  });
  if (!check.ok && marker.state === "sending") {
    actor.log.warn({ key: open.key }, "an interrupted write cannot be checked now");
    await actor.sink.settle();
    await actor.sink.tell({ text: kind.texts.unknown(actor, sent, check.message) });
    return "handled";
  }
  const landed = check.ok ? check.value : undefined;
  if (marker.state === "sending" && !landed) {
    await Promise.resolve(markersOf(store).delete(open.key)).catch(() => {});
    await forget();
    await actor.sink.tell({ text: kind.texts.notLanded(actor, sent) });
    return "next";
  }
  if (marker.state === "sending" && landed) {
    await recordLanded(actor, kind, open.key, attempt, landed);
    // Counted as the core counts a write found by its check (once.ts).
    actor.services.metrics?.write(kind.name, "landed_after_check");
  }
  await forget();
  if (running) await dialog.end();
  await actor.sink.settle();
  await actor.sink.tell(
    await kind.report(actor, {
      sent,
      record: landed?.record,
      result: landed?.result ?? (marker.state === "done" ? marker.result : undefined),
      afterAll: open.told === true,
    }),
  );
  return "handled";
}

/** The chat's open write; a store that cannot be read leaves the dialog to its own marker check. */
async function openWrite(actor: WriteActor, chat: string): Promise<OpenWrite | undefined> {
  try {
    return await openWritesOf(actor.services.store).read(chat);
  } catch (error) {
    actor.log.warn({ err: String(error) }, "open writes cannot be read");
    return undefined;
  }
}

/**
 * The open write's marker. One the store holds torn (a kill mid-write) is taken as "sending" what
 * the open write says was sent, so it is checked, never read as "nothing stored".
 */
async function markerOf(
  actor: WriteActor,
  open: OpenWrite,
): Promise<Marker<unknown> | undefined | "unreadable"> {
  try {
    return await markersOf<unknown>(actor.services.store).read(open.key);
  } catch (error) {
    if (!(error instanceof StoreCorruptError)) {
      actor.log.warn({ err: String(error) }, "a write marker cannot be read now");
      return "unreadable";
    }
    actor.log.warn(
      { key: open.key },
      "an unreadable write marker: checked by what its open write says was sent",
    );
    return open.sent && open.at !== undefined
      ? { state: "sending", at: open.at, sent: open.sent }
      : undefined;
  }
}

/** The write happened: its marker says so (a replay gets it), its author is not told, the mirror holds it. */
async function recordLanded(
  actor: WriteActor,
  kind: AnyWriteKind,
  key: string,
  attempt: Attempt,
  landed: Landed<unknown>,
): Promise<void> {
  try {
    await markersOf<unknown>(actor.services.store).write(key, {
      state: "done",
      ...attempt,
      result: landed.result,
    });
  } catch (error) {
    actor.log.warn({ err: String(error) }, "a resolved write's marker not stored");
  }
  await noteOwn(actor, kind.ownAfter?.(attempt, landed.result) ?? []);
  try {
    await kind.through(actor, { attempt, result: landed.result, record: landed.record });
  } catch (error) {
    actor.log.warn({ err: String(error), kind: kind.name }, "write-through failed");
  }
}
