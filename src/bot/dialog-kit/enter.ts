/**
 * Entering dialogs, leaving them, and mounting them on the bot. Only operators
 * enter; one dialog per chat at a time; `/cancel` outside a dialog says there
 * is nothing to cancel (inside one, `ask` handles it).
 */
import { conversations } from "@grammyjs/conversations";
import type { Logger } from "../../logger.ts";
import type { BotContext, BotServices, DialogContext } from "../context.ts";
import { Composer } from "../middleware/composer.ts";
import { ensureOperator } from "../policy/access.ts";
import { StoreWriteError } from "../store/errors.ts";
import { isCancelCommand } from "../telegram/commands.ts";
import { telegramActor } from "../telegram/write-actor.ts";
import { dialogButton } from "../ui/callbacks.ts";
import { WRITE_KINDS } from "../writes/kinds/index.ts";
import { type OpenDialog, resolveOpenWrite } from "../writes/resume.ts";
import { CANCEL } from "./ask.ts";
import { readLatestPrompt } from "./latest-prompt.ts";
import { outdatedDialogs } from "./outdated.ts";
import { DIALOG_NAMESPACE, dialogPlugins, dialogStorage } from "./plugins.ts";

/**
 * Version of the dialogs' stored shape: bump it whenever a dialog's steps
 * change (their order, the prompts and `external` calls a step makes), so a
 * state saved by other code is dropped instead of replayed wrongly (git log of
 * this line says what each number brought).
 */
const DIALOG_VERSION = 17;

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
  const dialogs = conversations<BotContext, DialogContext>({
    storage: dialogStorage(services.store, DIALOG_VERSION, services.metrics?.dialogs),
    plugins: dialogPlugins(services, logger),
  });
  // A dialog of an older shape is told and dropped before the plugin would drop it silently.
  composer.use(outdatedDialogs(services.store, DIALOG_VERSION));
  composer.use(async (ctx, next) => {
    try {
      await dialogs(ctx, async () => {
        // A store that cannot be read (Redis down) hides the dialog a button belongs to: say so, and
        // leave the button working for when the store is back (never "outdated").
        if (ctx.callbackQuery && services.store.health?.().fault === "unavailable") {
          await ctx.answerCallbackQuery({ text: ctx.t("store-unavailable"), show_alert: true });
          return;
        }
        await next();
      });
    } catch (error) {
      // The step ran; only its state could not be stored. It is kept in this process (dialogStorage).
      if (!(error instanceof StoreWriteError && error.namespace === DIALOG_NAMESPACE)) throw error;
      ctx.log.warn({ fault: error.fault }, "a dialog step could not be stored; kept in memory");
      await ctx.reply(ctx.t("store-answer-kept"));
    }
  });
  // A write the bot was interrupted in is resolved before the dialog, /cancel or /new see the update.
  composer.use(async (ctx, next) => {
    if (ctx.chat?.type !== "private") return next();
    const resumed = await resolveOpenWrite(await telegramActor(ctx), WRITE_KINDS, openDialogOf(ctx));
    if (resumed === "next") return next();
  });
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

/** What the write core needs to know of the chat's dialog when it resolves an interrupted write. */
function openDialogOf(ctx: BotContext): OpenDialog {
  const text = ctx.message?.text;
  return {
    async openRun() {
      if (Object.keys(ctx.conversation.active()).length === 0) return undefined;
      return (await readLatestPrompt(ctx))?.nonce;
    },
    leaving:
      text !== undefined
        ? isCancelCommand(text)
        : dialogButton.decode(ctx.callbackQuery?.data)?.value === CANCEL,
    async end() {
      await stripCurrentPrompt(ctx);
      await ctx.conversation.exitAll();
    },
  };
}
