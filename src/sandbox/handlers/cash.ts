/** Cash registers of a workshop, their transactions, and the cash items. */

import { CASH_SORT_FIELDS } from "../../contract/lists.ts";
import { accessDenied, incorrectField, notFound } from "../errors.ts";
import { canRegister } from "../grants.ts";
import type { Register, Transaction } from "../model.ts";
import type { RequestContext, Router } from "../router.ts";
import { inRange, parsePage, parseSort, type SortKey, sortBy } from "../rules.ts";
import type { Store } from "../store.ts";
import { transactionView } from "../views.ts";
import { pageEnvelope, requireShop } from "./common.ts";

function sortKey(store: Store, field: string): (t: Transaction) => SortKey {
  switch (field) {
    case "node":
      return (t) => t.node;
    case "customer":
      return (t) => store.employeeById.get(t.customerId)?.name;
    case "id":
      return (t) => t.id;
    case "cashRegister":
      return (t) => store.registerById.get(t.cashRegisterId)?.name;
    case "money":
      return (t) => t.money;
    case "isBankTransfer":
      return (t) => t.isBankTransfer;
    case "counteragent":
      return (t) => (t.counteragentId ? store.counteragentById.get(t.counteragentId)?.name : undefined);
    case "cashItem":
      return (t) => store.cashItemById.get(t.cashItemId)?.name;
    case "number":
      return (t) => t.number;
    case "dateChange":
      return (t) => t.dateChange;
    default:
      return (t) => t.date;
  }
}

const registerView = (r: Register): Record<string, unknown> => ({
  id: r.id,
  name: r.name,
  cashMoney: r.cashMoney,
  bankMoney: r.bankMoney,
  bankPercent: r.bankPercent,
  isEnableCash: r.isEnableCash,
  isEnableBank: r.isEnableBank,
  isEnableNegative: r.isEnableNegative,
  shopId: r.shopId,
  isEnableInternalMove: r.isEnableInternalMove,
  isDefault: r.isDefault,
});

function requireRegister(ctx: RequestContext, id: string, inPath: boolean): Register {
  const register = ctx.store.registerById.get(id);
  if (!register) throw inPath ? notFound("Cash register") : incorrectField("cashRegisterIds");
  if (!canRegister(ctx.client, register)) throw accessDenied();
  return register;
}

/** Filters, sort and page shared by both transaction lists. */
function listTransactions(
  ctx: RequestContext,
  registers: Register[],
  withType: boolean,
): Record<string, unknown> {
  const { store, query } = ctx;
  const page = parsePage(query);
  const sort = parseSort(query, CASH_SORT_FIELDS, { field: "date", descending: true });
  const type = withType ? query.text("type") : undefined;
  if (type !== undefined && type !== "delete" && type !== "active") throw incorrectField("type");
  const text = query.text("filter")?.toLowerCase();
  const counteragentId = query.text("counteragentId");
  if (counteragentId !== undefined && !store.counteragentById.has(counteragentId))
    throw incorrectField("counteragentId");
  const customerId = query.text("customerId");
  if (customerId !== undefined && !store.employeeById.has(customerId)) throw incorrectField("customerId");
  const cashItemId = query.text("cashItemId");
  if (cashItemId !== undefined && !store.cashItemById.has(cashItemId)) throw incorrectField("cashItemId");
  const isBankTransfer = query.boolean("isBankTransfer");
  const date = query.dateRange("date");
  const dateChange = query.dateRange("dateChange");

  const candidates = registers.flatMap((r) => store.transactionsByRegister.get(r.id) ?? []);
  const matches = candidates.filter((t) => {
    if (type === "delete" && !t.isDeleted) return false;
    if (type === "active" && t.isDeleted) return false;
    if (counteragentId !== undefined && t.counteragentId !== counteragentId) return false;
    if (customerId !== undefined && t.customerId !== customerId) return false;
    if (cashItemId !== undefined && t.cashItemId !== cashItemId) return false;
    if (isBankTransfer !== undefined && t.isBankTransfer !== isBankTransfer) return false;
    if (!inRange(t.date, date) || !inRange(t.dateChange, dateChange)) return false;
    if (text !== undefined) {
      const client = t.counteragentId ? (store.counteragentById.get(t.counteragentId)?.name ?? "") : "";
      const order = t.orderId ? (store.orderById.get(t.orderId)?.number ?? "") : "";
      if (!`${t.node}\n${client}\n${order}\n${t.number}`.toLowerCase().includes(text)) return false;
    }
    return true;
  });
  const sorted = sortBy(matches, sortKey(store, sort.field), sort.descending);
  return pageEnvelope(sorted, page, (t) => transactionView(store, t));
}

export function cashRoutes(router: Router): void {
  router.add("GET", "/shops/:id/cash-registers", (ctx) => {
    const shop = requireShop(ctx, ctx.params.id);
    return {
      data: ctx.store.ref.registers
        .filter((r) => r.shopId === shop.id && canRegister(ctx.client, r))
        .map(registerView),
    };
  });
  router.add("GET", "/cash-registers/:id/cash", (ctx) =>
    listTransactions(ctx, [requireRegister(ctx, ctx.params.id ?? "", true)], true),
  );
  // Without cashRegisterIds the real service answers an empty list; `type` is ignored here.
  router.add("GET", "/cash", (ctx) => {
    const ids = ctx.query.array("cashRegisterIds") ?? [];
    const registers = [...new Set(ids)].map((id) => requireRegister(ctx, id, false));
    return listTransactions(ctx, registers, false);
  });
}
