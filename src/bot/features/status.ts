/**
 * /status (operators): the connection to the service and the request quota.
 * `/status <number>` belongs to the status-change dialog: this feature passes it
 * on (`next`) so the dialog, mounted earlier, or the fallback below handles it.
 */
import { Composer } from "grammy";
import { operatorsOnly } from "../access.ts";
import type { BotContext } from "../context.ts";
import { localeOf } from "../i18n.ts";
import { parseOrderQuery } from "../services/order-search.ts";
import { callService } from "../services/service-gateway.ts";
import { HTML } from "../ui/card-message.ts";
import { formatTime } from "../ui/dates.ts";
import { escapeHtml } from "../ui/text.ts";
import { lookup } from "./order-lookup.ts";

export const statusFeature = new Composer<BotContext>();

const statusCommand = statusFeature.command("status").use(operatorsOnly());

statusCommand.filter(
  (ctx) => ctx.match.trim() === "",
  async (ctx) => {
    const { client, config, clock, serviceKind } = ctx.services;
    // One real request: it proves the connection and refreshes the quota figures.
    const outcome = await callService(ctx, (c) => c.shops.list());
    const locale = await localeOf(ctx);
    const lines = [ctx.t("status-title")];
    if (outcome.ok) {
      lines.push(ctx.t("status-connection-ok", { kind: ctx.t(`status-kind-${serviceKind}`) }));
      const names = outcome.value.items.map((shop) => shop.name ?? shop.id);
      if (names.length > 0) lines.push(ctx.t("status-shops", { shops: escapeHtml(names.join(", ")) }));
    } else {
      lines.push(ctx.t("status-connection-fail", { error: outcome.message }));
    }
    const quota = client.quota;
    if (quota) {
      lines.push(ctx.t("status-quota", { remaining: quota.remaining }));
      if (quota.resetAt) {
        lines.push(
          ctx.t("status-reset", { time: formatTime(quota.resetAt, locale, config.timezone, clock.now()) }),
        );
      }
    } else {
      lines.push(ctx.t("status-quota-unknown"));
    }
    await ctx.reply(lines.join("\n"), HTML);
  },
);

/** Until the status-change dialog handles `/status <number>`, show that order's card. */
statusCommand.use(async (ctx) => {
  const query = parseOrderQuery(ctx.match);
  if (!query) {
    await ctx.reply(ctx.t("lookup-usage"), HTML);
    return;
  }
  await lookup(ctx, query);
});
