/**
 * `/overdue` (operators): the open orders past their deadline in the configured
 * workshops (not ready or handed over), in the shared order list: from the
 * mirror, or one request per 48 orders (`isDeadline=true`).
 */
import { Composer } from "grammy";
import { operatorsOnly } from "../access.ts";
import type { BotContext } from "../context.ts";
import type { ListQuery } from "../services/list-query.ts";
import { type OrderListKind, scopeText, showOrderList } from "./order-list.ts";

type OverdueQuery = Extract<ListQuery, { kind: "overdue" }>;

export const overdueList: OrderListKind<OverdueQuery> = {
  heading: (ctx, _query, counts) => ctx.t("overdue-heading", counts),
  title: (ctx) => ctx.t("overdue-title"),
  empty: async (ctx) => ctx.t("overdue-none", { scope: await scopeText(ctx) }),
  operatorsOnly: true,
};

export const overdueFeature = new Composer<BotContext>();

overdueFeature
  .command("overdue")
  .use(operatorsOnly())
  .use((ctx) => showOrderList(ctx, overdueList, { kind: "overdue" }));
