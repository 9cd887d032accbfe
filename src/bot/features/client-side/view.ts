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
import { type ApprovalStatuses, type ClientStatus, clientStatus, NO_REPAIR } from "./statuses.ts";

export interface Reader {
  t: TranslateFunction;
  locale: Locale;
  timezone: string;
  statuses: readonly Status[];
  approval: ApprovalStatuses | undefined;
  /** CLIENT_RETURN_STATUSES' ids: returned without repair. */
  returns: readonly string[];
  shops: readonly Shop[];
  /** SHOP_PHONE, when set: every workshop's phone as the client reads it. */
  phone?: string;
  /** The money model's settings (money/order-money.ts): which statuses owe no estimate. */
  money?: MoneySettings;
}

/** Statuses past the repair's deadline (done, or no repair to be done). */
const DONE: readonly ClientStatus[] = ["ready", "handed-over", ...NO_REPAIR];
/** Statuses of an order the device has left the workshop in. */
const GONE: readonly ClientStatus[] = ["handed-over", "returned"];

/** How many of a client's orders one message lists (newest first; handed-over ones only when recent). */
const LISTED = 10;
const RECENT_CLOSED_MS = 30 * 24 * 60 * 60 * 1000;

export function deviceOf(r: Pick<Reader, "t">, order: Order): string {
  return escapeHtml(deviceText(order) ?? r.t("client-order-no-device"));
}

export function statusOf(r: Reader, order: Order): ClientStatus {
  return clientStatus(order, r.statuses, r.approval, r.returns);
}

export function statusText(r: Reader, order: Order): string {
  return r.t(`client-status-${statusOf(r, order)}`);
}

/**
 * The money a client reads on an order (the one place the client's side takes it from):
 * the estimate and what is due; on an order with no repair done (declined, returned) no
 * estimate is owed, so only the service's own lines (a diagnosis fee) count.
 */
function clientMoney(r: Reader, order: Order): { estimate?: number; due?: number } {
  // The one money model (money/order-money.ts) owes nothing by the estimate on a declined order.
  const due = dueOf(order, r.money);
  if (!NO_REPAIR.includes(statusOf(r, order))) return { estimate: estimateOf(order, r.money), due };
  const lines = order.summ?.price;
  return lines !== undefined && lines > 0 ? { due } : {};
}

/**
 * One order's facts as a client's page reads them (the same as their list in chat): the client's
 * status, the estimate, what is due, the deadline while the repair is to be done, the workshop.
 */
export function clientFacts(r: Reader, order: Order) {
  const status = statusOf(r, order);
  const { estimate, due } = clientMoney(r, order);
  const shop = shopOf(r, order);
  return {
    status,
    statusText: statusText(r, order),
    estimate,
    due,
    deadline: order.deadline && !DONE.includes(status) ? order.deadline : undefined,
    shop: shop && { name: shop.name?.trim() || undefined, address: shop.address, phone: phoneOf(r, shop) },
  };
}

/** The money lines of an order ("Estimate", "Due" or "Paid in full"). */
export function moneyLines(r: Reader, order: Order, { estimate: withEstimate = true } = {}): string[] {
  const { estimate, due } = clientMoney(r, order);
  const lines: string[] = [];
  if (withEstimate && estimate !== undefined)
    lines.push(r.t("client-order-estimate", { amount: formatAmount(estimate, r.locale) }));
  if (due !== undefined)
    lines.push(
      due > 0 ? r.t("client-order-due", { amount: formatAmount(due, r.locale) }) : r.t("client-order-paid"),
    );
  return lines;
}

/** The workshop's name (escaped), or undefined when the cache does not know it. */
export function shopOf(r: Reader, order: Order): Shop | undefined {
  return r.shops.find((s) => s.id === order.shop?.id);
}

/** The phone a client calls a workshop on: SHOP_PHONE, else the workshop's phones from the service. */
export function phoneOf(r: Pick<Reader, "phone">, shop: Shop | undefined): string | undefined {
  const phones = r.phone ?? shop?.phones?.filter((p) => p.trim()).join(", ");
  return phones ? phones : undefined;
}

/** "📞 +7 …" of the order's workshop (else the only one, or SHOP_PHONE); empty when no phone is known. */
export function callLine(r: Reader, order?: Order): string {
  const shop = order ? shopOf(r, order) : r.shops.length === 1 ? r.shops[0] : undefined;
  const phones = phoneOf(r, shop) ?? (order ? undefined : uniquePhones(r));
  return phones ? r.t("client-call", { phone: escapeHtml(phones) }) : "";
}

/** Every workshop's phone, each once (the greeting's answer to "how do I call you"). */
function uniquePhones(r: Reader): string | undefined {
  const all = [...new Set(r.shops.map((shop) => phoneOf(r, shop)).filter(Boolean))];
  return all.length > 0 ? all.join(", ") : undefined;
}

/** One order as its client reads it. */
function orderText(r: Reader, order: Order, { address = true } = {}): string {
  const lines = [
    r.t("client-order-title", { number: escapeHtml(orderTitle(order)), device: deviceOf(r, order) }),
    r.t("client-order-status", { status: statusText(r, order) }),
  ];
  lines.push(...moneyLines(r, order));
  const status = statusOf(r, order);
  if (order.deadline && !DONE.includes(status))
    lines.push(r.t("client-order-deadline", { date: formatDateTime(order.deadline, r.locale, r.timezone) }));
  const shop = shopOf(r, order);
  if (address && shop?.address) lines.push(r.t("client-order-where", { address: escapeHtml(shop.address) }));
  return lines.join("\n");
}

/** The orders a client is shown: open ones, and those handed over in the last 30 days. */
export function listedOrders(r: Reader, orders: readonly Order[], now: Date): Order[] {
  return orders
    .filter((order) => {
      if (!GONE.includes(statusOf(r, order))) return true;
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

/**
 * The greeting: the workshop's name, address and phone, and the hours; several
 * workshops each on its own line (name, address, phone).
 */
export function greetingText(r: Reader, hours: string): string {
  const named = r.shops.filter((shop) => shop.name?.trim());
  const lines: string[] = [];
  if (r.shops.length > 1) {
    lines.push(r.t(named.length > 0 ? "client-greeting-several" : "client-greeting-unnamed"));
    for (const shop of r.shops) {
      const parts = [
        shop.name?.trim() ? `<b>${escapeHtml(shop.name.trim())}</b>` : "",
        shop.address ? r.t("client-address", { address: escapeHtml(shop.address) }) : "",
        phoneOf(r, shop) ? r.t("client-call", { phone: escapeHtml(phoneOf(r, shop) ?? "") }) : "",
      ].filter(Boolean);
      if (parts.length > 0) lines.push(r.t("client-shop-line", { shop: parts.join(" · ") }));
    }
  } else {
    const shop = r.shops[0];
    const name = shop?.name?.trim();
    lines.push(name ? r.t("client-greeting", { shop: escapeHtml(name) }) : r.t("client-greeting-unnamed"));
    if (shop?.address) lines.push(r.t("client-address", { address: escapeHtml(shop.address) }));
    const phone = phoneOf(r, shop);
    if (phone) lines.push(r.t("client-call", { phone: escapeHtml(phone) }));
  }
  lines.push(hours);
  return lines.join("\n");
}

/** The receipt's view: number, device, status, ready or not, what is due. Nothing personal. */
export function publicStatusText(r: Reader, order: Order): string {
  const status = statusOf(r, order);
  const ready = status === "ready";
  const lines = [
    r.t("client-receipt-heading", { number: escapeHtml(orderTitle(order)) }),
    r.t("client-receipt-device", { device: deviceOf(r, order) }),
    r.t("client-order-status", { status: statusText(r, order) }),
  ];
  // A declined or returned order says so in its status: "not ready yet" would mislead.
  if (!DONE.includes(status) || ready)
    lines.push(r.t(ready ? "client-receipt-ready-yes" : "client-receipt-ready-no"));
  if (!GONE.includes(status)) lines.push(...moneyLines(r, order, { estimate: false }));
  return lines.join("\n");
}
