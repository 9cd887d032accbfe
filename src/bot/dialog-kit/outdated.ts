/**
 * A dialog saved by the version before the dialogs' stored shape changed
 * (DIALOG_VERSION) cannot be replayed: conversations would drop it silently and
 * the user's next answer (a name, a phone) would be taken for a search. Here it
 * is dropped before the dialogs see the update, and the user is told, per
 * dialog kind ("the bot was updated; your intake was not kept: /new"). The
 * update that answered the old dialog goes no further, unless it is a command.
 */
import type { MiddlewareFn } from "grammy";
import type { BotContext } from "../context.ts";
import type { Store } from "../store/storage.ts";
import { dialogStates } from "./plugins.ts";

/** Dialog kinds with a text of their own (the rest are told the general one). */
const TOLD_AS: Record<string, string> = { "create-order": "dlg-updated-intake" };

export function outdatedDialogs(store: Store, version: number | string): MiddlewareFn<BotContext> {
  const states = store.open(dialogStates);
  return async (ctx, next) => {
    const key = ctx.chatId?.toString();
    if (key === undefined || ctx.chat?.type !== "private") return next();
    // A store that cannot be read is the dialogs' own to tell.
    const saved = await states.read(key).catch(() => undefined);
    if (!saved || saved.version[1] === version) return next();
    const kinds = Object.entries(saved.state)
      .filter(([, runs]) => runs.length > 0)
      .map(([kind]) => kind);
    await states.delete(key);
    if (kinds.length === 0) return next();
    ctx.log.info(
      { kinds, saved: saved.version[1], version },
      "a dialog of an older version was dropped; told",
    );
    if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
    for (const text of new Set(kinds.map((kind) => TOLD_AS[kind] ?? "dlg-updated")))
      await ctx.reply(ctx.t(text));
    if (ctx.message?.text?.startsWith("/")) return next();
  };
}
