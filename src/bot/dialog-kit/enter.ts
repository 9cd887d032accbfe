/**
 * Entering dialogs, leaving them, and mounting them on the bot. Only operators
 * enter; one dialog per chat at a time; `/cancel` outside a dialog says there
 * is nothing to cancel (inside one, `ask` handles it).
 */
import { conversations } from "@grammyjs/conversations";
import { Composer } from "grammy";
import type { Logger } from "../../logger.ts";
import { ensureOperator } from "../access.ts";
import type { BotContext, BotServices, DialogContext } from "../context.ts";
import { dialogPlugins, dialogStorage } from "../dialogs.ts";
import { resumeWrites } from "../orders/write-resume.ts";
import { readLatestPrompt } from "./latest-prompt.ts";

/**
 * Version of the dialogs' stored shape: bump it whenever a dialog's steps
 * change, so a state saved by older code is dropped instead of replayed wrongly.
 * 2: the client step takes typed searches at the matches, contacts are validated,
 * deadline buttons carry dates, statuses may come with unknown payment rules.
 * 3: every prompt is recorded before and after it is sent (latest-prompt.ts): two more
 * `external` results per prompt in the replay log.
 * 4: the comment dialog offers a retry (with a "did it land?" check) after a failure.
 * 5: one marker shape for every write (write-once.ts): a create's "done" marker holds its result;
 * a service failure while loading no longer answers the (already answered) press again.
 * 6: the fast intake (main path, summary, groups).
 * 7: the intake asks what its summary offers once per order type, not at each return to it.
 * 8: ✏️ Edit of the order type, the same type picked again, asks none of its fields again.
 * 9: an offer the service could not give is asked again a minute later (the time read through external).
 * 10: a mixed payment whose cash part covers what is left asks no bank part.
 * 11: writes go through the order writer (orders/writer.ts): a marker keeps the kind and what was sent.
 */
export const DIALOG_VERSION = 11;

/** Whether this user may start a dialog here and now; answers the user when not. */
export async function canEnterDialog(ctx: BotContext): Promise<boolean> {
  if (!(await ensureOperator(ctx))) return false;
  if (ctx.chat?.type !== "private") {
    if (ctx.callbackQuery)
      await ctx.answerCallbackQuery({ text: ctx.t("dlg-private-only"), show_alert: true });
    else await ctx.reply(ctx.t("dlg-private-only"));
    return false;
  }
  if (Object.keys(ctx.conversation.active()).length > 0) {
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: ctx.t("dlg-busy"), show_alert: true });
    else await ctx.reply(ctx.t("dlg-busy"));
    return false;
  }
  return true;
}

export async function enterDialog(ctx: BotContext, id: string, ...args: unknown[]): Promise<void> {
  if (!(await canEnterDialog(ctx))) return;
  if (ctx.callbackQuery) await ctx.answerCallbackQuery();
  await ctx.conversation.enter(id, ...args);
}

/** The conversations plugin on the core's storage and plugins, then `/cancel` for when no dialog runs. */
export function dialogsMiddleware(services: BotServices, logger: Logger): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.use(
    conversations<BotContext, DialogContext>({
      storage: dialogStorage(services.store, DIALOG_VERSION),
      plugins: dialogPlugins(services, logger),
    }),
  );
  // A write the bot was interrupted in is resolved before the dialog, /cancel or /new see the update.
  composer.use(resumeWrites(stripCurrentPrompt));
  // Runs before the dialogs see the update: leaving here works even for a dialog that cannot replay.
  composer.command("cancel", async (ctx) => {
    const active = Object.keys(ctx.conversation.active()).length > 0;
    if (active) await stripCurrentPrompt(ctx);
    await ctx.conversation.exitAll();
    await ctx.reply(ctx.t(active ? "dlg-cancelled" : "dlg-nothing-to-cancel"));
  });
  return composer;
}

/** The open prompt loses its buttons, as with ✖ Cancel. Best-effort: leaving must not depend on it. */
async function stripCurrentPrompt(ctx: BotContext): Promise<void> {
  try {
    const prompt = await readLatestPrompt(ctx);
    if (prompt?.messageId !== undefined && ctx.chat)
      await ctx.api.editMessageReplyMarkup(ctx.chat.id, prompt.messageId);
  } catch (error) {
    ctx.log.debug({ err: error }, "stripping the prompt's buttons on /cancel failed");
  }
}
