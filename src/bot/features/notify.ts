/**
 * `/notify`: each kind of notification on or off for this user
 * (defaults are quiet: only "assigned to me", once linked with /me), and the
 * 🔔 button of a card that watches an order's status changes. Anything the
 * user sends also lifts a "blocked" mark (they are back: notifications resume).
 */
import { InlineKeyboard, type MiddlewareFn } from "grammy";
import type { BotContext } from "../context.ts";
import { Composer } from "../middleware/composer.ts";
import { ensureOwner, seesMoney } from "../policy/access.ts";
import { MAX_WATCHED, NOTIFY_KINDS, type NotifyKind, type UserSettings } from "../state/user-settings.ts";
import { notifyToggle, watchToggle } from "../ui/callbacks.ts";
import { tidyKeyboard } from "../ui/keyboard.ts";
import { editOrSame } from "../ui/messages.ts";
import type { CardAction } from "../ui/order-keyboard.ts";

/** 🔔 on the card, for operators and viewers alike (with the order mirror on). */
export const watchAction: CardAction = {
  label: "card-btn-watch",
  // The button says its state: a second press is "stop", never a silent unwatch.
  activeLabel: "card-btn-watching",
  roles: ["owner", "operator", "viewer"],
  dialog: false,
  data: (order) => (watchToggle.fits({ id: order.id }) ? watchToggle.encode({ id: order.id }) : undefined),
  active: async (order, services, userId) => (await services.users.read(userId)).watch.includes(order.id),
};

/** A user who blocked the bot and wrote again is back: notifications resume (mounted after the sessions). */
export const backFromBlocked: MiddlewareFn<BotContext> = async (ctx, next) => {
  const id = ctx.from?.id;
  // The digest and the evening report go out with the mirror off too: the mark is lifted either way.
  if (id !== undefined && ctx.chat?.type === "private") {
    try {
      const settings = await ctx.services.users.read(id);
      if (settings.blocked) {
        await ctx.services.users.update(id, (s) => {
          s.blocked = false;
        });
      }
    } catch (error) {
      // A store outage must not take the update down here: what it was for answers it in its own words.
      ctx.log.warn({ err: String(error) }, "the blocked mark was not checked");
    }
  }
  return next();
};

export const notifyFeature = new Composer<BotContext>();

notifyFeature.command("notify", async (ctx) => {
  // Settings are one user's own: in a group the keyboard would be everyone's to see and press.
  if (ctx.chat.type !== "private") {
    await ctx.reply(ctx.t("notify-private-only", { link: `https://t.me/${ctx.me.username}` }), {
      link_preview_options: { is_disabled: true },
    });
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
  if (!isKind(kind) || !offeredKinds(ctx).includes(kind)) {
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
  // What the pressed button said is what the press does: an older card's "🔔 Watch" never stops watching.
  const wanted = pressedIntent(ctx);
  let watching = false;
  await ctx.services.users.updateFrom(ctx, (s) => {
    watching = wanted ?? !s.watch.includes(id);
    s.watch = watching ? [...s.watch, id].slice(-MAX_WATCHED) : s.watch.filter((w) => w !== id);
  });
  await ctx.answerCallbackQuery({ text: ctx.t(watching ? "watch-on" : "watch-off") });
  await relabelPressed(ctx, ctx.t(watching ? "card-btn-watching" : "card-btn-watch"));
});

/** Watch (true) or stop (false) as the pressed button's label said in a private chat; undefined: a toggle. */
function pressedIntent(ctx: BotContext): boolean | undefined {
  const message = ctx.callbackQuery?.message;
  if (message?.chat.type !== "private") return undefined;
  const data = ctx.callbackQuery?.data;
  const pressed = message.reply_markup?.inline_keyboard
    .flat()
    .find((button) => "callback_data" in button && button.callback_data === data)?.text;
  if (pressed === ctx.t("card-btn-watch")) return true;
  if (pressed === ctx.t("card-btn-watching")) return false;
  return undefined;
}

/** The pressed button of the card shows the new state (the rest of the card stays). Best-effort. */
async function relabelPressed(ctx: BotContext, label: string): Promise<void> {
  const message = ctx.callbackQuery?.message;
  const data = ctx.callbackQuery?.data;
  const rows = message?.reply_markup?.inline_keyboard;
  // A card in a group is read by many: one member's state is no label for all of them.
  if (!message || !rows || message.chat.type !== "private") return;
  const relabelled = rows.map((row) =>
    row.map((button) =>
      "callback_data" in button && button.callback_data === data ? { ...button, text: label } : button,
    ),
  );
  try {
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: relabelled } });
  } catch (error) {
    ctx.log.debug({ err: error }, "the 🔔 button's label was not changed");
  }
}

/** The owners' evening report (features/report/evening.ts). */
const EVENING = "evening";

function isKind(kind: string | undefined): kind is NotifyKind {
  return NOTIFY_KINDS.some((known) => known === kind);
}

/**
 * The kinds this bot can send: the morning digest reads through the order
 * reader (mirror on or off); the others follow the mirror's change log.
 */
function offeredKinds(ctx: BotContext): readonly NotifyKind[] {
  return ctx.services.mirror ? NOTIFY_KINDS : ["digest"];
}

function notifyText(ctx: BotContext, settings: UserSettings): string {
  const lines = [ctx.t("notify-heading")];
  if (!settings.employee)
    lines.push(ctx.t(ctx.services.mirror ? "notify-not-linked" : "notify-not-linked-digest"));
  if (settings.watch.length > 0) lines.push(ctx.t("notify-watching", { count: settings.watch.length }));
  return lines.join("\n");
}

function notifyKeyboard(ctx: BotContext, settings: UserSettings): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const kind of offeredKinds(ctx)) {
    const mark = settings.notify[kind] ? "✅" : "⬜";
    keyboard.text(`${mark} ${ctx.t(`notify-kind-${kind}`)}`, notifyToggle.encode({ kind })).row();
  }
  if (seesMoney(ctx.role)) {
    const mark = settings.notify.evening ? "✅" : "⬜";
    keyboard.text(`${mark} ${ctx.t("notify-kind-evening")}`, notifyToggle.encode({ kind: EVENING })).row();
  }
  return tidyKeyboard(keyboard);
}
