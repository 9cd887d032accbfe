/**
 * `/overdue` (all staff: it only reads): the open orders past their deadline in the configured
 * workshops (not ready or handed over), in the shared order list: from the
 * mirror, or one request per 48 orders (`isDeadline=true`).
 * `/overdue stuck`: the stuck orders instead (open, no change for STUCK_DAYS or
 * past their status's time norm; orders/stuck.ts).
 */
import { Composer } from "grammy";
import type { Order } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import type { ListQuery } from "../orders/list-query.ts";
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

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a stuck order has been untouched (issue 29.17): whole days since its
 * last change where the bot knows it (the record's `lastAction`, as a full record
 * the reader holds carries it), else "at least STUCK_DAYS" (list records carry
 * `lastAction` only as the filter that found them).
 */
function untouchedMark(ctx: BotContext, listed: Order): string {
  const held = ctx.services.orders.held(listed.id)?.order;
  const last = listed.lastAction ?? held?.lastAction;
  const { stuckDays } = ctx.services.config;
  if (!last) return ctx.t("stuck-untouched-at-least", { days: stuckDays });
  const days = Math.max(
    stuckDays,
    Math.floor((ctx.services.clock.now().getTime() - last.getTime()) / DAY_MS),
  );
  return ctx.t("stuck-untouched", { days });
}
