/**
 * What a client reads (HTML, escaped): the greeting, their orders, one order's
 * public status (the receipt's). Only the order's number, device, a
 * client-friendly status, the estimate, what is due, the deadline and the
 * workshop's address: never a name, a phone, a staff member or a comment.
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import type { Locale } from "../../../config/index.ts";
import type { Order, Shop, Status } from "../../../service/index.ts";
import type { MoneySettings } from "../../money/order-money.ts";
import { formatDateTime } from "../../ui/dates.ts";
import { formatAmount } from "../../ui/money.ts";
import { deviceText, orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { dueOf, estimateOf } from "./orders.ts";
import { type ApprovalStatuses, clientStatus } from "./statuses.ts";

export interface Reader {
  t: TranslateFunction;
  locale: Locale;
  timezone: string;
  statuses: readonly Status[];
  approval: ApprovalStatuses | undefined;
  shops: readonly Shop[];
  /** The money model's settings (money/order-money.ts): which statuses owe no estimate. */
  money?: MoneySettings;
}

/** How many of a client's orders one message lists (newest first; handed-over ones only when recent). */
const LISTED = 10;
const RECENT_CLOSED_MS = 30 * 24 * 60 * 60 * 1000;

export function deviceOf(r: Pick<Reader, "t">, order: Order): string {
  return escapeHtml(deviceText(order) ?? r.t("client-order-no-device"));
}

export function statusText(r: Reader, order: Order): string {
  return r.t(`client-status-${clientStatus(order, r.statuses, r.approval)}`);
}

/** One order as its client reads it. */
export function orderText(r: Reader, order: Order, { address = true } = {}): string {
  const lines = [
    r.t("client-order-title", { number: escapeHtml(orderTitle(order)), device: deviceOf(r, order) }),
    r.t("client-order-status", { status: statusText(r, order) }),
  ];
  const estimate = estimateOf(order, r.money);
  const due = dueOf(order, r.money);
  if (estimate !== undefined)
    lines.push(r.t("client-order-estimate", { amount: formatAmount(estimate, r.locale) }));
  if (due !== undefined)
    lines.push(
      due > 0 ? r.t("client-order-due", { amount: formatAmount(due, r.locale) }) : r.t("client-order-paid"),
    );
  const status = clientStatus(order, r.statuses, r.approval);
  if (order.deadline && status !== "ready" && status !== "handed-over")
    lines.push(r.t("client-order-deadline", { date: formatDateTime(order.deadline, r.locale, r.timezone) }));
  const shop = r.shops.find((s) => s.id === order.shop?.id);
  if (address && shop?.address) lines.push(r.t("client-order-where", { address: escapeHtml(shop.address) }));
  return lines.join("\n");
}

/** The orders a client is shown: open ones, and those handed over in the last 30 days. */
export function listedOrders(r: Reader, orders: readonly Order[], now: Date): Order[] {
  return orders
    .filter((order) => {
      if (clientStatus(order, r.statuses, r.approval) !== "handed-over") return true;
      const closed = order.dateClose ?? order.lastAction ?? order.dateCreate;
      return closed !== undefined && now.getTime() - closed.getTime() < RECENT_CLOSED_MS;
    })
    .slice(0, LISTED);
}

export function ordersText(r: Reader, orders: readonly Order[]): string {
  if (orders.length === 0) return r.t("client-orders-none");
  return [r.t("client-orders-heading", { count: orders.length }), ...orders.map((o) => orderText(r, o))].join(
    "\n\n",
  );
}

/** The greeting: the workshop's name, address and hours (each workshop's address when there are several). */
export function greetingText(r: Reader, hours: string): string {
  const names = r.shops.map((shop) => shop.name?.trim()).filter(Boolean);
  const lines = [
    names.length > 0
      ? r.t("client-greeting", { shop: escapeHtml(names.join(", ")) })
      : r.t("client-greeting-unnamed"),
  ];
  for (const shop of r.shops) {
    if (!shop.address) continue;
    const address = escapeHtml(shop.address);
    lines.push(
      r.shops.length > 1 && shop.name?.trim()
        ? r.t("client-address-of", { shop: escapeHtml(shop.name.trim()), address })
        : r.t("client-address", { address }),
    );
  }
  lines.push(hours);
  return lines.join("\n");
}

/** The receipt's view: number, device, status, ready or not, what is due. Nothing personal. */
export function publicStatusText(r: Reader, order: Order): string {
  const status = clientStatus(order, r.statuses, r.approval);
  const ready = status === "ready";
  const due = dueOf(order, r.money);
  const lines = [
    r.t("client-receipt-heading", { number: escapeHtml(orderTitle(order)) }),
    r.t("client-receipt-device", { device: deviceOf(r, order) }),
    r.t("client-order-status", { status: statusText(r, order) }),
  ];
  if (status !== "handed-over")
    lines.push(r.t(ready ? "client-receipt-ready-yes" : "client-receipt-ready-no"));
  if (due !== undefined && status !== "handed-over")
    lines.push(
      due > 0 ? r.t("client-order-due", { amount: formatAmount(due, r.locale) }) : r.t("client-order-paid"),
    );
  return lines.join("\n");
}
