/**
 * The order card: one pure function from a normalized order record to Telegram
 * HTML. Works on list records (what a lookup returns) and on full records
 * (GET /orders/{id}); absent fields simply leave their line out.
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import type { Locale } from "../../config/index.ts";
import { isOverdue } from "../../contract/status-groups.ts";
import type { Order } from "../../service/index.ts";
import { type MoneySettings, moneyOf } from "../money/order-money.ts";
import { closedWithDebt, commentLines, positionLines, verdictLines } from "./card-workshop.ts";
import type { CardField } from "./custom-fields.ts";
import { formatDateTime } from "./dates.ts";
import { formatAmount } from "./money.ts";
import { cutHtml, cutText, escapeHtml, MESSAGE_LIMIT } from "./text.ts";

export interface CardTextOptions {
  t: TranslateFunction;
  locale: Locale;
  timezone: string;
  /** "Now" for the overdue mark; injected so the card stays a pure function. */
  now: Date;
  /**
   * Group of the order's status (new, inWork, wait, finish, closed) when the
   * cached statuses know it: list records carry no readiness or hand-over dates,
   * and an order that is ready or handed over is never overdue.
   */
  statusGroup?: string | undefined;
  /** The order's filled custom fields, named (custom-fields.ts): e.g. a visit address. */
  fields?: readonly CardField[] | undefined;
  /** Photos the bot keeps for the order (features/photos): "📷 N" on the card. */
  photos?: number | undefined;
  /** False: the client's phone numbers stay out (a card in a group chat, GROUP_PHONES=off). */
  phones?: boolean | undefined;
  /** Which statuses are a return without repair (money/order-money.ts): their estimate is not owed. */
  money?: MoneySettings | undefined;
}

/** The card's own limit: room left under Telegram's for the freshness line the message adds. */
const CARD_LIMIT = MESSAGE_LIMIT - 100;
/** A long fault list or note is cut: the rest of the card must fit beside it. */
const FREE_TEXT_LIMIT = 600;

export function orderTitle(order: Order): string {
  if (order.number) return order.number;
  return order.num === undefined ? order.id : `#${order.num}`;
}

/**
 * What the device is: the full record has parts (type, brand, model); a list
 * record has one `device` string and often the type alone, which says less.
 */
export function deviceText(order: Order): string | undefined {
  const trimmed = (part: string | undefined) => part?.trim() || undefined;
  const brandOrModel = [order.brand, order.model].map(trimmed).filter(Boolean);
  if (brandOrModel.length > 0) return [trimmed(order.typeDevice), ...brandOrModel].filter(Boolean).join(" ");
  return trimmed(order.device) ?? trimmed(order.typeDevice);
}

function noteText(order: Order): string | undefined {
  return (order.node ?? order.orderNode)?.trim() || undefined;
}

export function formatOrderCard(order: Order, options: CardTextOptions): string {
  const { t, locale, timezone, now, statusGroup } = options;
  const e = escapeHtml;
  const lines: string[] = [];
  const line = (key: string, vars: Record<string, string | number>) => lines.push(t(key, vars));

  line("card-title", { number: e(orderTitle(order)) });
  if (order.isVisible === false) lines.push(t("card-deleted"));
  lines.push(t("card-status", { status: e(order.status?.name ?? t("value-none")) }));
  const marks = [
    order.isUrgent ? t("card-urgent") : "",
    isOverdue(order, now, statusGroup) ? t("card-overdue") : "",
  ];
  if (marks.some(Boolean)) lines.push(marks.filter(Boolean).join("  "));
  if (order.typeOrder?.name) line("card-type", { type: e(order.typeOrder.name) });
  if (order.shop?.name) line("card-shop", { shop: e(order.shop.name) });

  lines.push("");
  const device = deviceText(order);
  if (device) line("card-device", { device: e(device) });
  if (order.sn) line("card-serial", { sn: e(order.sn) });
  const faults = (order.problem ?? []).map((p) => p.trim()).filter(Boolean);
  if (faults.length > 0) line("card-faults", { faults: e(cutText(faults.join("; "), FREE_TEXT_LIMIT)) });
  lines.push(...verdictLines(order, options));
  for (const field of options.fields ?? [])
    line("card-field", { name: e(field.name), value: e(field.value) });

  const client = order.counteragent;
  if (client?.name) line("card-client", { name: e(client.name) });
  const phones = options.phones === false ? [] : (client?.phones ?? []).filter(Boolean);
  if (phones.length > 0)
    line("card-phones", { phones: phones.map((p) => `<code>${e(p)}</code>`).join(", ") });
  if (order.master?.name) line("card-master", { name: e(order.master.name) });
  if (order.manager?.name) line("card-manager", { name: e(order.manager.name) });

  lines.push("");
  if (order.dateCreate) line("card-created", { date: formatDateTime(order.dateCreate, locale, timezone) });
  if (order.deadline) line("card-deadline", { date: formatDateTime(order.deadline, locale, timezone) });
  lines.push(...moneyLines(order, options));
  const works = positionLines(order, options);
  if (works.length > 0) lines.push("", ...works);
  const note = noteText(order);
  if (note) line("card-note", { note: e(cutText(note, FREE_TEXT_LIMIT)) });

  // The latest comments and 📷 N always show: what does not fit is cut from above them.
  const tail: string[] = [];
  const comments = commentLines(order, options);
  if (comments.length > 0) tail.push("", ...comments);
  if (options.photos) tail.push(t("card-photos", { count: options.photos }));
  const join = (parts: string[]) =>
    parts
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim();
  const tailHtml = join(tail);
  const head = cutHtml(join(lines), CARD_LIMIT - (tailHtml ? tailHtml.length + 2 : 0));
  return tailHtml ? `${head}\n${tail[0] === "" ? "\n" : ""}${tailHtml}` : head;
}

/**
 * Price, paid and what is left (or owed back), from the one money model: a price
 * by its estimate says so; a declined order says its estimate is not owed.
 */
function moneyLines(order: Order, options: CardTextOptions): string[] {
  const { t, locale, statusGroup } = options;
  const sum = (amount: number) => t("money", { amount: formatAmount(amount, locale) });
  const m = moneyOf(order, options.money);
  const lines: string[] = [];
  if (m.declined) lines.push(t("card-money-declined"));
  const priced = m.price !== undefined && (m.price > 0 || m.declined);
  if (m.price !== undefined && m.price > 0)
    lines.push(
      t(m.priceByEstimate ? "card-price-estimate" : "card-price", { amount: sum(m.listPrice ?? m.price) }),
    );
  // What is left to pay counts the price after discount: the discount is shown, so the lines add up.
  if (m.discount > 0) lines.push(t("card-discount", { amount: sum(m.discount) }));
  if (m.paid > 0) lines.push(t("card-paid", { amount: sum(m.paid) }));
  // What remains is what the clerk asks the client for, paid partly or not at all.
  if (priced && m.due > 0) lines.push(t("card-balance", { amount: sum(m.due) }));
  // Paid beyond the price (an overpayment the clerk kept): what the shop owes the client.
  else if (priced && m.overpaid > 0) lines.push(t("card-shop-owes", { amount: sum(m.overpaid) }));
  // A priced order with nothing left to pay says so (a price alone does not tell).
  else if (priced && m.price !== undefined && m.price > 0) lines.push(t("card-paid-in-full"));
  if (closedWithDebt(statusGroup, m.due)) lines.push(t("card-closed-debt", { amount: sum(m.due) }));
  return lines;
}

/** One line for lists and inline results: number · status · client · device (plain text). */
export function orderSummary(order: Order): string {
  return [orderTitle(order), order.status?.name, order.counteragent?.name, deviceText(order)]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(" · ");
}
