/**
 * What the inbox reads and writes (HTML, escaped): the client's open orders from the
 * mirror (0 requests), the header staff read above a client's message, the header a
 * client reads above a staff answer. Staff read the client's name as the CRM holds it,
 * the phone only where phones are allowed (a private chat, or GROUP_PHONES=on); the
 * client reads the workshop's name, and a staff member's first name only when signed.
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import type { InlineKeyboardButton } from "grammy/types";
import type { Order } from "../../../service/index.ts";
import type { BotServices } from "../../context.ts";
import { orderOpenById } from "../../ui/callbacks.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { cutText, escapeHtml } from "../../ui/text.ts";
import type { ClientLink } from "../client-side/links.ts";
import { ordersByPhone } from "../client-side/orders.ts";
import { deviceOf, type Reader, statusOf } from "../client-side/view.ts";
import { inboxReply } from "./callbacks.ts";

/** A caption Telegram takes (after entities); the client's own words are cut to fit under the header. */
export const CAPTION_LIMIT = 1024;
/** Order buttons under one inbox message. */
const ORDER_BUTTONS = 6;

/** The linked client's orders still in the shop (not handed over or returned), newest first. */
export function openOrdersOf(services: BotServices, r: Reader, link: ClientLink): Order[] {
  const mirror = services.mirror;
  if (!mirror) return [];
  const ids = new Set(link.counteragents.map((c) => c.id));
  return ordersByPhone(mirror, services.config.shopIds, link.phone, services.config.phoneCountry)
    .filter((o) => ids.has(o.counteragent?.id ?? ""))
    .filter((o) => !["handed-over", "returned"].includes(statusOf(r, o)));
}

/** The client's name as the CRM holds it: their order's counteragent, else the form read at linking. */
export function clientName(link: ClientLink, orders: readonly Order[]): string | undefined {
  const fromOrder = orders.find((o) => o.counteragent?.name?.trim())?.counteragent?.name?.trim();
  return fromOrder || link.counteragents.find((c) => c.name.trim())?.name.trim() || undefined;
}

/** The order a text names: its number (А001042) or its digits (1042) as a word; undefined for none or several. */
export function namedOrder(text: string, orders: readonly Order[]): Order | undefined {
  const words = new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}-]+/u)
      .map((w) => w.replace(/^#/, ""))
      .filter(Boolean),
  );
  const hits = orders.filter((o) => {
    const number = o.number?.toLowerCase();
    if (number && (words.has(number) || words.has(number.replace(/-/g, "")))) return true;
    return o.num !== undefined && words.has(String(o.num));
  });
  return hits.length === 1 ? hits[0] : undefined;
}

export interface Who {
  name?: string;
  /** Shown only where phones are allowed. */
  phone?: string;
  telegramName: string;
}

/** The header staff read above a client's message: who wrote, the order it is about. */
export function staffHeader(
  t: TranslateFunction,
  who: Who,
  order: Order | undefined,
  general: boolean,
): string {
  const name = escapeHtml(who.name ?? who.telegramName);
  const lines = [
    who.phone
      ? t("inbox-from-phone", { name, phone: escapeHtml(who.phone) })
      : t(who.name ? "inbox-from" : "inbox-from-telegram", { name }),
  ];
  if (order)
    lines.push(t("inbox-about", { number: escapeHtml(orderTitle(order)), device: deviceOf({ t }, order) }));
  else if (general) lines.push(t("inbox-about-none"));
  return lines.join("\n");
}

/** The inbox message's buttons: each open order's card, then ↩️ Reply. */
export function staffButtons(
  t: TranslateFunction,
  orders: readonly Order[],
  client: number,
  extra: InlineKeyboardButton[][] = [],
  replyable = true,
): InlineKeyboardButton[][] {
  const rows: InlineKeyboardButton[][] = [];
  const cards = orders
    .filter((o) => orderOpenById.fits({ id: o.id }))
    .slice(0, ORDER_BUTTONS)
    .map((o) => ({
      text: t("inbox-btn-order", { number: orderTitle(o) }),
      callback_data: orderOpenById.encode({ id: o.id }),
    }));
  for (let i = 0; i < cards.length; i += 2) rows.push(cards.slice(i, i + 2));
  rows.push(...extra);
  if (replyable) rows.push([{ text: t("inbox-btn-reply"), callback_data: inboxReply.encode({ client }) }]);
  return rows;
}

/** A header and the client's words under it, cut so the whole fits `limit` characters. */
export function withWords(header: string, words: string | undefined, limit: number): string {
  if (!words?.trim()) return header;
  const room = limit - header.length - 2;
  return room > 20 ? `${header}\n\n${escapeHtml(cutText(words, room))}` : header;
}

/** The workshop's name a client reads above an answer: the order's workshop, else the only one. */
function shopName(r: Reader, order: Order | undefined): string | undefined {
  const shop = order
    ? r.shops.find((s) => s.id === order.shop?.id)
    : r.shops.length === 1
      ? r.shops[0]
      : undefined;
  return shop?.name?.trim() || undefined;
}

/** The header a client reads above a staff answer: the workshop, the replier's first name when signed, the order. */
export function clientHeader(r: Reader, order: Order | undefined, signer: string | undefined): string {
  const shop = shopName(r, order);
  const from = shop ? escapeHtml(shop) : r.t("inbox-answer-shop");
  const lines = [
    signer
      ? r.t("inbox-answer-signed", { shop: from, name: escapeHtml(signer) })
      : r.t("inbox-answer", { shop: from }),
  ];
  if (order) lines.push(r.t("inbox-answer-about", { number: escapeHtml(orderTitle(order)) }));
  return lines.join("\n");
}
