/**
 * What a client is asked to approve, and the buttons: the verdict (the
 * master's diagnosis), the estimate, the deadline, the workshop's name and
 * phone; ✅ Approve / ❌ Decline, and ❌'s one question before it sends
 * ("Decline the repair? The device will be returned without it").
 */
import { InlineKeyboard } from "grammy";
import type { Order } from "../../../service/index.ts";
import { callbackCodec } from "../../ui/callback-data.ts";
import { formatDateTime } from "../../ui/dates.ts";
import { formatAmount } from "../../ui/money.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { estimateOf } from "./orders.ts";
import { callLine, deviceOf, type Reader, shopOf } from "./view.ts";

/**
 * id: the order; r: the round; s: the amount in kopecks (base 36); d: a(pprove), d(ecline: asks
 * first), x (decline, asked), b(ack: the question's buttons again).
 */
export const approvalPress = callbackCodec("cap", ["id", "r", "s", "d"]);

/** A verdict longer than this is cut (a message holds 4 096 characters; the rest is on the phone). */
const VERDICT_LIMIT = 800;

export const cents = (amount: number) => Math.round(amount * 100).toString(36);

export interface ApprovalMessage {
  text: string;
  keyboard?: InlineKeyboard;
}

/** The approval message of an order waiting for its client, with its buttons; undefined when there is nothing to approve. */
export function approvalMessage(r: Reader, order: Order, round: string): ApprovalMessage | undefined {
  const amount = estimateOf(order, r.money);
  if (!r.approval || order.status?.id !== r.approval.waiting.id || amount === undefined) return undefined;
  const text = approvalText(r, order, amount);
  const values = (d: string) => ({ id: order.id, r: round, s: cents(amount), d });
  // An id too long for a button: the message without them (the client calls the workshop).
  if (!approvalPress.fits(values("a"))) return { text };
  const keyboard = new InlineKeyboard()
    .text(r.t("client-approve"), approvalPress.encode(values("a")))
    .text(r.t("client-decline"), approvalPress.encode(values("d")));
  return { text, keyboard };
}

/** ❌'s question: the same message, asking once, with "yes, decline" and "back". */
export function declineQuestion(r: Reader, order: Order, round: string): ApprovalMessage | undefined {
  const amount = estimateOf(order, r.money);
  if (amount === undefined) return undefined;
  const values = (d: string) => ({ id: order.id, r: round, s: cents(amount), d });
  if (!approvalPress.fits(values("x"))) return undefined;
  const keyboard = new InlineKeyboard()
    .text(r.t("client-decline-yes"), approvalPress.encode(values("x")))
    .text(r.t("client-decline-back"), approvalPress.encode(values("b")));
  return { text: `${approvalText(r, order, amount)}\n\n${r.t("client-decline-ask")}`, keyboard };
}

function approvalText(r: Reader, order: Order, amount: number): string {
  const lines = [
    r.t("client-notify-approval", { number: escapeHtml(orderTitle(order)), device: deviceOf(r, order) }),
  ];
  const verdict = order.recommendation?.trim();
  if (verdict) lines.push(r.t("client-approval-verdict", { verdict: escapeHtml(cut(verdict)) }));
  lines.push(r.t("client-approval-estimate", { amount: formatAmount(amount, r.locale) }));
  if (order.deadline)
    lines.push(
      r.t("client-approval-deadline", { date: formatDateTime(order.deadline, r.locale, r.timezone) }),
    );
  const shop = shopOf(r, order)?.name?.trim();
  if (shop) lines.push(r.t("client-approval-shop", { shop: escapeHtml(shop) }));
  const call = callLine(r, order);
  if (call) lines.push(call);
  return lines.join("\n");
}

function cut(text: string): string {
  const chars = [...text];
  return chars.length <= VERDICT_LIMIT ? text : `${chars.slice(0, VERDICT_LIMIT - 1).join("")}…`;
}
