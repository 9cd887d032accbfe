/**
 * The write core's actor (writes/actor.ts) for a Telegram update: who pressed or
 * typed, their role re-checked at the moment of writing, their language, and their
 * chat as the sink the outcome is told in. The one place a write meets grammY.
 */
import type { BotContext, DialogContext } from "../context.ts";
import { showTyping } from "../crm/call.ts";
import { localeOf } from "../i18n.ts";
import { ensureOperator } from "../policy/access.ts";
import type { WriteActor } from "../writes/actor.ts";

type UpdateContext = BotContext | DialogContext;

export interface ActorOptions {
  /** Who may make the write, checked at that moment (default: staff who may write; a client's write checks its link). */
  authorize?: () => Promise<boolean>;
}

export async function telegramActor(ctx: UpdateContext, options: ActorOptions = {}): Promise<WriteActor> {
  // An inline result, and the card it became, can be in any chat (a group, a client's chat): shared as a group card is.
  const inline = ctx.inlineQuery !== undefined || ctx.callbackQuery?.inline_message_id !== undefined;
  const group = inline || (ctx.chat !== undefined && ctx.chat.type !== "private");
  return {
    userId: ctx.from?.id,
    chat: ctx.chat === undefined ? undefined : String(ctx.chat.id),
    role: ctx.role,
    // The press that brought the write (a Confirm, a pick) is answered already.
    authorize: options.authorize ?? (() => ensureOperator(ctx, { pressAnswered: true })),
    services: ctx.services,
    log: ctx.log,
    t: ctx.t,
    locale: await localeOf(ctx),
    groupOf: group ? ctx.me.username : undefined,
    sink: {
      async tell(reply) {
        if (ctx.chat === undefined) return;
        await ctx.reply(reply.text, {
          reply_markup: reply.keyboard ? { inline_keyboard: reply.keyboard } : undefined,
        });
      },
      async settle() {
        if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => {});
      },
      busy: () => showTyping(ctx),
    },
  };
}
