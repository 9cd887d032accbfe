/**
 * /start and /help: what this user can do, by role, in short groups: finding
 * orders, the write commands (operators only), staff lists, settings. Viewers
 * never see a command they may not use. In a group chat: what works there.
 * `/start <payload>` (a deep link: a group card's, a label's or a receipt's
 * code) opens that order's card: the staff's table of routes for the one
 * /start command (telegram/start-router.ts); the client's side has its own.
 */
import type { BotContext } from "../context.ts";
import { localeOf } from "../i18n.ts";
import { Composer } from "../middleware/composer.ts";
import { canWrite, seesMoney } from "../policy/access.ts";
import { setChatCommands } from "../telegram/commands.ts";
import { replyOrderCard } from "../telegram/start-card.ts";
import type { StartTable } from "../telegram/start-router.ts";
import { escapeHtml } from "../ui/text.ts";

export const startFeature = new Composer<BotContext>();

function helpText(ctx: BotContext): string {
  if (ctx.chat && ctx.chat.type !== "private") return ctx.t("help-group", { bot: ctx.me.username });
  const operator = canWrite(ctx.role);
  return [
    ctx.t("help-find", { bot: ctx.me.username }),
    ...(operator ? [ctx.t("help-write")] : []),
    ctx.t("help-overdue"),
    ctx.t("help-board"),
    // The owner's desk: nobody else is told it exists.
    ...(seesMoney(ctx.role) ? [ctx.t("help-desk", { time: reportTime(ctx) })] : []),
    // The order mirror's features when it is on; else search, /me and /my, which work without it.
    ctx.t(ctx.services.mirror ? "help-mirror" : "help-search"),
    // Clients and mistakes (issue 26): the client card, fixing a client, deleting an order.
    ctx.t(operator ? "help-clients-operator" : "help-clients-viewer"),
    ...(seesMoney(ctx.role) ? [ctx.t("help-deleted")] : []),
    ctx.t("help-staff"),
    ctx.t(operator ? "help-other-operator" : "help-other-viewer"),
  ].join("\n\n");
}

/** The staff's /start, by payload (the access gate stands before: only staff get here). */
export const staffStart: StartTable = {
  // A user Telegram did not know when the menus were set at start-up gets their role's menu now.
  before: async (ctx) => {
    if (ctx.chat?.type === "private") await setOwnMenu(ctx);
  },
  routes: {
    none: greet,
    unknown: greet,
    order: (ctx, { orderId }) => replyOrderCard(ctx, orderId),
    label: (ctx, { orderId }) => replyOrderCard(ctx, orderId),
    receipt: (ctx, { orderId }) => replyOrderCard(ctx, orderId),
    forged: async (ctx) => {
      await ctx.reply(ctx.t("label-unknown"));
    },
  },
};

async function greet(ctx: BotContext): Promise<void> {
  const name = escapeHtml(ctx.from?.first_name ?? "");
  const key = ctx.role === "owner" ? "start-owner" : canWrite(ctx.role) ? "start-operator" : "start-viewer";
  const greeting = ctx.t(key, { name });
  await ctx.reply(`${greeting}\n\n${helpText(ctx)}`);
}

// Everyone learns their own Telegram id (staff too, e.g. to hand it to a colleague's settings).
startFeature.command("id", (ctx) => ctx.reply(ctx.t("your-id", { id: String(ctx.from?.id ?? 0) })));

startFeature.command("help", async (ctx) => {
  await ctx.reply(`${ctx.t("start-help-title")}\n\n${helpText(ctx)}`);
});

/** The role's menu in this private chat, in the user's language; best-effort (the menu is no answer). */
async function setOwnMenu(ctx: BotContext): Promise<void> {
  if (!ctx.chat || !ctx.from) return;
  await setChatCommands(
    ctx.api,
    ctx.services.i18n,
    await localeOf(ctx),
    ctx.chat,
    ctx.from.id,
    ctx.role,
  ).catch((error: unknown) => ctx.log.warn({ err: String(error) }, "setting the chat's command menu failed"));
}

/** REPORT_TIME as "20:00". */
function reportTime(ctx: BotContext): string {
  const { hours, minutes } = ctx.services.config.reportTime;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}
