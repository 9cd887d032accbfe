/**
 * `/overdue` (operators): the open orders past their deadline in the configured
 * workshops, in the shared order list. One request per 48 orders
 * (`isDeadline=true`: past the deadline and not ready or handed over).
 * `/overdue stuck`: the stuck orders instead (open, no change for STUCK_DAYS;
 * one request a page, as the overdue list).
 */
import { Composer } from "grammy";
import { operatorsOnly } from "../access.ts";
import type { BotContext } from "../context.ts";
import type { ListQuery } from "../services/list-query.ts";
import { ordersOfShops } from "../services/order-search.ts";
import { groupsOf, stuckOrders } from "../services/stuck-orders.ts";
import { LIST_FETCH_SIZE, type OrderListKind, scopeText, showOrderList } from "./order-list.ts";

type OverdueQuery = Extract<ListQuery, { kind: "overdue" }>;
type StuckQuery = Extract<ListQuery, { kind: "stuck" }>;

/** Words after /overdue that ask for the stuck page. */
const STUCK_WORDS = new Set(["stuck", "застряли", "зависшие", "s"]);

/** /overdue stuck: open orders unchanged for STUCK_DAYS (stuck-orders.ts). */
export const stuckList: OrderListKind<StuckQuery> = {
  fetch: async (ctx, _query, fetch) => {
    const { config, reference, clock, client } = ctx.services;
    const statuses = await reference.statuses();
    const rule = { now: clock.now(), stuckDays: config.stuckDays, groupOf: groupsOf(statuses), statuses };
    return stuckOrders(client, config.shopIds, rule, { page: fetch, pageSize: LIST_FETCH_SIZE });
  },
  heading: (ctx, _query, counts) =>
    ctx.t("stuck-heading", { ...counts, days: ctx.services.config.stuckDays }),
  title: (ctx) => ctx.t("stuck-title", { days: ctx.services.config.stuckDays }),
  empty: async (ctx) =>
    ctx.t("stuck-none", { scope: await scopeText(ctx), days: ctx.services.config.stuckDays }),
  operatorsOnly: true,
};

export const overdueList: OrderListKind<OverdueQuery> = {
  fetch: (ctx, _query, fetch) =>
    ordersOfShops(
      ctx.services.client,
      ctx.services.config.shopIds,
      { isDeadline: true },
      { page: fetch, pageSize: LIST_FETCH_SIZE },
    ),
  heading: (ctx, _query, counts) => ctx.t("overdue-heading", counts),
  title: (ctx) => ctx.t("overdue-title"),
  empty: async (ctx) => ctx.t("overdue-none", { scope: await scopeText(ctx) }),
  operatorsOnly: true,
};

export const overdueFeature = new Composer<BotContext>();

overdueFeature
  .command("overdue")
  .use(operatorsOnly())
  .use((ctx) =>
    STUCK_WORDS.has(ctx.match.trim().toLowerCase())
      ? showOrderList(ctx, stuckList, { kind: "stuck" })
      : showOrderList(ctx, overdueList, { kind: "overdue" }),
  );
