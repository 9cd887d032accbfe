/**
 * `/notify`: each kind of notification on or off for this user
 * (defaults are quiet: only "assigned to me", once linked with /me), and the
 * 🔔 button of a card that watches an order's status changes. Anything the
 * user sends also lifts a "blocked" mark (they are back: notifications resume).
 */
import { Composer, InlineKeyboard, type MiddlewareFn } from "grammy";
import { ensureOwner, seesMoney } from "../access.ts";
import type { BotContext } from "../context.ts";
import { MAX_WATCHED, NOTIFY_KINDS, type NotifyKind, type UserSettings } from "../services/user-settings.ts";
import { notifyToggle, watchToggle } from "../ui/callbacks.ts";
import { tidyKeyboard } from "../ui/keyboard.ts";
import { editOrSame } from "../ui/messages.ts";
import type { CardAction } from "../ui/order-keyboard.ts";

/** 🔔 on the card, for operators and viewers alike (with the order mirror on). */
export const watchAction: CardAction = {
  label: "card-btn-watch",
  roles: ["owner", "operator", "viewer"],
  dialog: false,
  data: (order) => (watchToggle.fits({ id: order.id }) ? watchToggle.encode({ id: order.id }) : undefined),
};

/** A user who blocked the bot and wrote again is back: notifications resume (mounted after the sessions). */
export const backFromBlocked: MiddlewareFn<BotContext> = async (ctx, next) => {
  const id = ctx.from?.id;
  if (id !== undefined && ctx.services.mirror && ctx.chat?.type === "private") {
    const settings = await ctx.services.users.read(id);
    if (settings.blocked) {
      await ctx.services.users.update(id, (s) => {
        s.blocked = false;
      });
    }
  }
  return next();
};

export const notifyFeature = new Composer<BotContext>();

notifyFeature.command("notify", async (ctx) => {
  // Owners have the evening report (it needs no mirror); the rest of /notify needs the mirror.
  if (!ctx.services.mirror && !seesMoney(ctx.role)) {
    await ctx.reply(ctx.t("mirror-needed"));
    return;
  }
  const settings = await ctx.services.users.read(ctx.from?.id ?? 0);
  await ctx.reply(notifyText(ctx, settings), { reply_markup: notifyKeyboard(ctx, settings) });
});

notifyFeature.callbackQuery(notifyToggle.filter, async (ctx) => {
  const kind = notifyToggle.decode(ctx.callbackQuery.data)?.kind;
  if (kind === EVENING) {
    // The owners' evening report: anyone else's press (a forged one) is refused.
    if (!(await ensureOwner(ctx))) return;
    const settings = await ctx.services.users.updateFrom(ctx, (s) => {
      s.notify.evening = !s.notify.evening;
    });
    await ctx.answerCallbackQuery();
    await editOrSame(ctx, notifyText(ctx, settings), notifyKeyboard(ctx, settings));
    return;
  }
  if (!isKind(kind) || !ctx.services.mirror) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  const settings = await ctx.services.users.updateFrom(ctx, (s) => {
    s.notify[kind] = !s.notify[kind];
  });
  await ctx.answerCallbackQuery();
  await editOrSame(ctx, notifyText(ctx, settings), notifyKeyboard(ctx, settings));
});

notifyFeature.callbackQuery(watchToggle.filter, async (ctx) => {
  const id = watchToggle.decode(ctx.callbackQuery.data)?.id;
  // Only orders the mirror holds (in the configured workshops): a forged id is not kept.
  if (!id || !ctx.services.orders.held(id)) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  let watching = false;
  await ctx.services.users.updateFrom(ctx, (s) => {
    watching = !s.watch.includes(id);
    s.watch = watching ? [...s.watch, id].slice(-MAX_WATCHED) : s.watch.filter((w) => w !== id);
  });
  await ctx.answerCallbackQuery({ text: ctx.t(watching ? "watch-on" : "watch-off") });
});

/** The owners' evening report (features/report/evening.ts). */
const EVENING = "evening";

function isKind(kind: string | undefined): kind is NotifyKind {
  return NOTIFY_KINDS.some((known) => known === kind);
}

function notifyText(ctx: BotContext, settings: UserSettings): string {
  const lines = [ctx.t("notify-heading")];
  if (!settings.employee && ctx.services.mirror) lines.push(ctx.t("notify-not-linked"));
  if (settings.watch.length > 0) lines.push(ctx.t("notify-watching", { count: settings.watch.length }));
  return lines.join("\n");
}

function notifyKeyboard(ctx: BotContext, settings: UserSettings): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  // Without the mirror only the owners' evening report is there to choose.
  for (const kind of ctx.services.mirror ? NOTIFY_KINDS : []) {
    const mark = settings.notify[kind] ? "✅" : "⬜";
    keyboard.text(`${mark} ${ctx.t(`notify-kind-${kind}`)}`, notifyToggle.encode({ kind })).row();
  }
  if (seesMoney(ctx.role)) {
    const mark = settings.notify.evening ? "✅" : "⬜";
    keyboard.text(`${mark} ${ctx.t("notify-kind-evening")}`, notifyToggle.encode({ kind: EVENING })).row();
  }
  return tidyKeyboard(keyboard);
}
