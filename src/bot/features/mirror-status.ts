/** The order mirror's lines of /status: orders held, last sync and its age, the sync's requests and the reserve. */
import type { Locale } from "../../config/index.ts";
import type { BotContext } from "../context.ts";
import { formatTime } from "../ui/dates.ts";

export function mirrorStatusLines(ctx: BotContext, locale: Locale): string[] {
  const { mirror, config, clock } = ctx.services;
  if (!mirror) return [ctx.t("mirror-status-off")];
  const stats = mirror.stats();
  const lines = [ctx.t("mirror-status-orders", { orders: stats.orders })];
  if (stats.lastSyncAt && stats.lastSyncAgeSeconds !== null) {
    const time = formatTime(stats.lastSyncAt, locale, config.timezone, clock.now());
    lines.push(ctx.t("mirror-status-synced", { time, age: stats.lastSyncAgeSeconds }));
  } else {
    lines.push(ctx.t("mirror-status-never"));
  }
  if (stats.backfilling) lines.push(ctx.t("mirror-status-backfill"));
  if (stats.role === "replica") lines.push(ctx.t("mirror-status-replica"));
  else {
    lines.push(
      ctx.t("mirror-status-requests", {
        spent: stats.requestsThisWindow,
        budget: stats.budgetPerWindow,
        reserve: stats.reserve,
      }),
    );
  }
  if (stats.lastError) {
    lines.push(ctx.t("mirror-status-error", { error: ctx.t(`mirror-error-${stats.lastError}`) }));
  }
  return lines;
}
