/**
 * `/overdue` (all staff: it only reads): the open orders past their deadline in the configured
 * workshops (not ready or handed over), in the shared order list: from the
 * mirror, or one request per 48 orders (`isDeadline=true`).
 * `/overdue stuck`: the stuck orders instead (open, no change for STUCK_DAYS or
 * past their status's time norm; orders/stuck.ts).
 */
import type { Order } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { Composer } from "../middleware/composer.ts";
import type { ListQuery } from "../orders/list-query.ts";
import { untouchedDays } from "../orders/stuck.ts";
import { type OrderListKind, scopeText, showOrderList } from "./order-list.ts";

type OverdueQuery = Extract<ListQuery, { kind: "overdue" }>;
type StuckQuery = Extract<ListQuery, { kind: "stuck" }>;

/** Words after /overdue that ask for the stuck page. */
const STUCK_WORDS = new Set(["stuck", "застряли", "зависшие", "s"]);

export const overdueList: OrderListKind<OverdueQuery> = {
  heading: (ctx, _query, counts) => ctx.t("overdue-heading", counts),
  title: (ctx) => ctx.t("overdue-title"),
  deadlines: true,
  empty: async (ctx) => ctx.t("overdue-none", { scope: await scopeText(ctx) }),
};

/** /overdue stuck: open orders unchanged for STUCK_DAYS or past their status's norm. */
export const stuckList: OrderListKind<StuckQuery> = {
  heading: (ctx, _query, counts) =>
    ctx.t("stuck-heading", { ...counts, days: ctx.services.config.stuckDays }),
  mark: (ctx, order) => untouchedMark(ctx, order),
  title: (ctx) => ctx.t("stuck-title", { days: ctx.services.config.stuckDays }),
  deadlines: true,
  empty: async (ctx) =>
    ctx.t("stuck-none", { scope: await scopeText(ctx), days: ctx.services.config.stuckDays }),
};

export const overdueFeature = new Composer<BotContext>();

overdueFeature
  .command("overdue")
  .use((ctx) =>
    STUCK_WORDS.has(ctx.match.trim().toLowerCase())
      ? showOrderList(ctx, stuckList, { kind: "stuck" })
      : showOrderList(ctx, overdueList, { kind: "overdue" }),
  );

/**
 * How long a stuck order has been untouched (orders/stuck.ts): "🐢 5 d" where the bot knows its
 * last change, else "at least STUCK_DAYS".
 */
function untouchedMark(ctx: BotContext, listed: Order): string {
  const { stuckDays } = ctx.services.config;
  const held = ctx.services.orders.held(listed.id);
  const days = untouchedDays(listed, held, ctx.services.clock.now(), stuckDays);
  return days === undefined
    ? ctx.t("stuck-untouched-at-least", { days: stuckDays })
    : ctx.t("stuck-untouched", { days });
}
