/**
 * `/status`, its one owner: alone, the connection to the service and the
 * request quota (all staff: it only reads); with an order number, that order's
 * status change (status-change/, a dialog: operators only, the dialog checks).
 */
import type { BotContext } from "../context.ts";
import { callService } from "../crm/call.ts";
import { localeOf } from "../i18n.ts";
import { Composer } from "../middleware/composer.ts";
import { resetTime } from "../ui/reset-time.ts";
import { escapeHtml } from "../ui/text.ts";
import { mirrorStatusLines } from "./mirror-status.ts";
import { changeStatusOf } from "./status-change/index.ts";

export const statusFeature = new Composer<BotContext>();

/** What the sandbox reports as left with its quota off (docs/decisions.md, "Sandbox"). */
const UNLIMITED_SANDBOX = 100_000;

statusFeature.command("status", async (ctx) => {
  if (ctx.match.trim() === "") await showConnection(ctx);
  else await changeStatusOf(ctx, ctx.match);
});

async function showConnection(ctx: BotContext): Promise<void> {
  const { client, config, clock, serviceKind } = ctx.services;
  // One real request: it proves the connection and refreshes the quota figures.
  const outcome = await callService(ctx, (c) => c.shops.list());
  const locale = await localeOf(ctx);
  const lines = [ctx.t("status-title")];
  if (outcome.ok) {
    lines.push(ctx.t("status-connection-ok", { kind: ctx.t(`status-kind-${serviceKind}`) }));
    const names = outcome.value.items.map((shop) => shop.name ?? shop.id);
    if (names.length > 0) lines.push(ctx.t("status-shops", { shops: escapeHtml(names.join(", ")) }));
  } else if (outcome.error.reserve !== undefined) {
    // Refused unsent at the write reserve: the connection is not known to be down, only paused.
    lines.push(outcome.message);
  } else {
    lines.push(ctx.t("status-connection-fail", { error: outcome.message }));
  }
  const quota = client.quota;
  if (quota && serviceKind === "sandbox" && quota.remaining >= UNLIMITED_SANDBOX) {
    // The embedded sandbox without its quota counts nothing: a "left" and a reset time would not be true.
    lines.push(ctx.t("status-quota-off"));
  } else if (quota) {
    lines.push(ctx.t("status-quota", { remaining: quota.remaining }));
    if (client.writeReserve > 0)
      lines.push(
        ctx.t("status-write-reserve", {
          reserve: client.writeReserve,
          readable: Math.min(quota.remaining, client.readAllowance()),
        }),
      );
    if (quota.resetAt) {
      lines.push(
        ctx.t("status-reset", {
          time: resetTime(ctx.t, quota.resetAt, locale, config.timezone, clock.now()),
        }),
      );
    }
  } else {
    lines.push(ctx.t("status-quota-unknown"));
  }
  lines.push(...mirrorStatusLines(ctx, locale));
  await ctx.reply(lines.join("\n"));
}
