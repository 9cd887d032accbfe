/**
 * `/overdue` (all staff: it only reads): the open orders past their deadline in the configured
 * workshops, in the shared order list. One request per 48 orders
 * (`isDeadline=true`: past the deadline and not ready or handed over).
 */
import { Composer } from "grammy";
import type { BotContext } from "../context.ts";
import type { ListQuery } from "../services/list-query.ts";
import { ordersOfShops } from "../services/order-search.ts";
import { LIST_FETCH_SIZE, type OrderListKind, scopeText, showOrderList } from "./order-list.ts";

type OverdueQuery = Extract<ListQuery, { kind: "overdue" }>;

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
  deadlines: true,
  empty: async (ctx) => ctx.t("overdue-none", { scope: await scopeText(ctx) }),
};

export const overdueFeature = new Composer<BotContext>();

overdueFeature.command("overdue").use((ctx) => showOrderList(ctx, overdueList, { kind: "overdue" }));
