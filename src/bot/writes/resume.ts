/**
 * A write the bot was interrupted in (killed before, during or right after the
 * request; an answer lost on the way) is resolved at the chat's next update,
 * before the dialog, /cancel or /new see it: the bot finds out what the
 * service did (the kind's one read, each field compared as stored) and says
 * it plainly, in the kind's words.
 *
 * - Landed: what the write made (the kind's report, with the card); the
 *   dialog that wrote it ends (it is done) and the update is taken as seen, so
 *   a Save press or /cancel after it never sends again nor says "nothing was
 *   changed".
 * - Not landed: the marker is cleared, the clerk is told nothing reached the
 *   service, and the update goes on (a retry then sends; /cancel then truly
 *   changed nothing).
 * - Unknown (the service cannot be asked now): nothing is sent and nothing is
 *   left; the dialog stays and the next update asks again.
 * One request per resolution; none on updates of chats without an open write.
 * The core knows no kind: the registry (writes/kinds) is handed in.
 */
import type { Middleware } from "grammy";
import { asWrite } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { callService } from "../crm/call.ts";
import { StoreCorruptError } from "../store/errors.ts";
import { holdsAll } from "./checks.ts";
import type { AnyWriteKind, Attempt, Landed } from "./kind.ts";
import { type Marker, markersOf, type OpenWrite, openWritesOf, sentOf } from "./markers.ts";
import { findLanded, noteOwn } from "./once.ts";

/** What the dialogs tell the core about the chat's dialog (the core imports no dialog step). */
export interface DialogHooks {
  /** The nonce of the run whose prompt is open in the chat, if a dialog runs. */
  openRun(ctx: BotContext): Promise<string | undefined>;
  /** Takes the buttons off the dialog's open prompt (as ✖ does) when the write's dialog ends here. */
  stripPrompt(ctx: BotContext): Promise<void>;
  /** Whether the update would end the dialog (/cancel, ✖). */
  leaving(ctx: BotContext): boolean;
}

export function resumeWrites(kinds: readonly AnyWriteKind[], hooks: DialogHooks): Middleware<BotContext> {
  return async (ctx, next) => {
    const open = ctx.chat?.type === "private" ? await openWrite(ctx) : undefined;
    if (!open) return next();
    const { store, config } = ctx.services;
    const chat = String(ctx.chat?.id);
    const read = await markerOf(ctx, open);
    // The store cannot be read now: the open write stays, and the dialog's own marker check decides.
    if (read === "unreadable") return next();
    const marker = read;
    const forget = () => Promise.resolve(openWritesOf(store).delete(chat)).catch(() => {});
    const running = (await hooks.openRun(ctx).catch(() => undefined)) === open.nonce;
    // The dialog said the outcome is not known and checks before its own retry: only leaving it is resolved here.
    if (open.told && running && !hooks.leaving(ctx)) return next();
    const kind = marker && kinds.find((k) => k.name === marker.sent?.kind);
    const sent = kind && sentOf(kind, marker?.sent);
    // Gone (cleared after a certain failure, expired), unreadable, or finished and told by its dialog.
    if (!marker || !kind || !sent || (marker.state === "done" && !running)) {
      await forget();
      return next();
    }
    const attempt: Attempt = { at: marker.at, sent };
    const check = await callService(ctx, async (client): Promise<Landed<unknown> | undefined> => {
      if (marker.state === "sending") return findLanded(client, kind, attempt, config.shopIds);
      // The read is the write's own (it may use the write reserve), as the check of a "sending" one is.
      const records = await asWrite(() =>
        kind.read(client, attempt, { shopIds: config.shopIds }, marker.result),
      );
      const record = records.find((r) => holdsAll(r, attempt.sent.checks)) ?? records[0];
      return { record, result: marker.result };
    });
    if (!check.ok && marker.state === "sending") {
      ctx.log.warn({ key: open.key }, "an interrupted write cannot be checked now");
      await answerPress(ctx);
      await ctx.reply(kind.texts.unknown(ctx, sent, check.message));
      return;
    }
    const landed = check.ok ? check.value : undefined;
    if (marker.state === "sending" && !landed) {
      await Promise.resolve(markersOf(store).delete(open.key)).catch(() => {});
      await forget();
      await ctx.reply(kind.texts.notLanded(ctx, sent));
      return next();
    }
    if (marker.state === "sending" && landed) {
      await recordLanded(ctx, kind, open.key, attempt, landed);
      // Counted as the core counts a write found by its check (once.ts).
      ctx.services.metrics?.write(kind.name, "landed_after_check");
    }
    await forget();
    if (running) {
      await hooks.stripPrompt(ctx);
      await ctx.conversation.exitAll();
    }
    await answerPress(ctx);
    const reply = await kind.report(ctx, {
      sent,
      record: landed?.record,
      result: landed?.result ?? (marker.state === "done" ? marker.result : undefined),
      afterAll: open.told === true,
    });
    await ctx.reply(reply.text, {
      reply_markup: reply.keyboard ? { inline_keyboard: reply.keyboard } : undefined,
    });
  };
}

/** The chat's open write; a store that cannot be read leaves the dialog to its own marker check. */
async function openWrite(ctx: BotContext): Promise<OpenWrite | undefined> {
  try {
    return await openWritesOf(ctx.services.store).read(String(ctx.chat?.id));
  } catch (error) {
    ctx.log.warn({ err: String(error) }, "open writes cannot be read");
    return undefined;
  }
}

/**
 * The open write's marker. One the store holds torn (a kill mid-write) is taken as "sending" what
 * the open write says was sent, so it is checked, never read as "nothing stored".
 */
async function markerOf(
  ctx: BotContext,
  open: OpenWrite,
): Promise<Marker<unknown> | undefined | "unreadable"> {
  try {
    return await markersOf<unknown>(ctx.services.store).read(open.key);
  } catch (error) {
    if (!(error instanceof StoreCorruptError)) {
      ctx.log.warn({ err: String(error) }, "a write marker cannot be read now");
      return "unreadable";
    }
    ctx.log.warn(
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
  ctx: BotContext,
  kind: AnyWriteKind,
  key: string,
  attempt: Attempt,
  landed: Landed<unknown>,
): Promise<void> {
  try {
    await markersOf<unknown>(ctx.services.store).write(key, {
      state: "done",
      ...attempt,
      result: landed.result,
    });
  } catch (error) {
    ctx.log.warn({ err: String(error) }, "a resolved write's marker not stored");
  }
  await noteOwn(ctx, kind.ownAfter?.(attempt, landed.result) ?? []);
  try {
    await kind.through(ctx, { attempt, result: landed.result, record: landed.record });
  } catch (error) {
    ctx.log.warn({ err: String(error), kind: kind.name }, "write-through failed");
  }
}

async function answerPress(ctx: BotContext): Promise<void> {
  if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => {});
}
