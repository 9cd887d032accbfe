/** Mounted last: whatever no feature took gets a short hint, and a pressed button always gets an answer. */
import type { BotContext } from "../context.ts";
import { Composer } from "../middleware/composer.ts";
import { addressedToMe, roleOf } from "../policy/access.ts";
import { GROUP_MENU, MENUS } from "../telegram/commands.ts";
import { nearest } from "../ui/edit-distance.ts";

export const unhandledFeature = new Composer<BotContext>();

unhandledFeature.on("callback_query", async (ctx) => {
  // Unknown or forged data, or a button of a feature that no longer exists.
  await ctx.answerCallbackQuery({ text: ctx.t("unhandled-callback") });
});

unhandledFeature.on("message", async (ctx) => {
  // In groups answer only commands addressed to us: do not chat back at everything, nor at other bots' commands.
  if (!addressedToMe(ctx)) return;
  // A store that cannot be read hides an open dialog: the text may have been its answer.
  const hidden = ctx.chat.type === "private" && ctx.services.store.health?.().fault === "unavailable";
  // A mistyped command (`/staus`): the one of the user's menu it was meant to be.
  const typed = /^\/([a-z_]{2,32})(?:@\w+)?(?:\s|$)/i.exec(ctx.message.text ?? "")?.[1]?.toLowerCase();
  const role = roleOf(ctx.from?.id, ctx.services.config);
  const menu = ctx.chat.type === "private" ? MENUS[role] : role === "stranger" ? [] : GROUP_MENU;
  const meant = !hidden && typed ? nearest(typed, menu) : undefined;
  if (typed && meant) {
    await ctx.reply(ctx.t("unhandled-command-typo", { typed, meant }));
    return;
  }
  await ctx.reply(ctx.t(hidden ? "store-unavailable-typed" : "unhandled"));
});
