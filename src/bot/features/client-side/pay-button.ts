/**
 * "💳 Pay 4 900 ₽" under a client's "ready" message, their order list and an
 * approval into the prepayment status (money/payable.ts says what is payable;
 * features/payments answers the press with the invoice). The press names the
 * order and the kind only: what is due is read again when it comes back.
 */
import type { InlineKeyboardButton } from "grammy/types";
import type { Config } from "../../../config/index.ts";
import type { Order } from "../../../service/index.ts";
import { payableNow, withCurrency } from "../../money/payable.ts";
import { callbackCodec } from "../../ui/callback-data.ts";
import { formatAmount } from "../../ui/money.ts";
import { orderTitle } from "../../ui/order-card.ts";
import type { Reader } from "./view.ts";

/** `k`: "f" the due of a ready order, "p" the prepayment. */
export const payPress = callbackCodec("cpay", ["id", "k"]);

/** The button for `order`, when something is payable in the chat now; `named`: with the order's number (a list). */
function payButton(
  r: Reader,
  config: Pick<Config, "payments">,
  order: Order,
  named = false,
): InlineKeyboardButton | undefined {
  const payable = payableNow(config.payments, r.statuses, order, r.money);
  if (!payable || !config.payments) return undefined;
  const values = { id: order.id, k: payable.kind === "full" ? "f" : "p" };
  if (!payPress.fits(values)) return undefined;
  const amount = withCurrency(formatAmount(payable.amount, r.locale), config.payments.currency);
  const text = named
    ? r.t("payment-button-order", { amount, number: orderTitle(order) })
    : r.t(payable.kind === "full" ? "payment-button" : "payment-button-prepay", { amount });
  return { text, callback_data: payPress.encode(values) };
}

/** One button per payable order (a list), or undefined when none is. */
export function payKeyboard(
  r: Reader,
  config: Pick<Config, "payments">,
  orders: readonly Order[],
  named = true,
): { inline_keyboard: InlineKeyboardButton[][] } | undefined {
  const rows = orders.flatMap((order) => {
    const button = payButton(r, config, order, named);
    return button ? [[button]] : [];
  });
  return rows.length > 0 ? { inline_keyboard: rows } : undefined;
}
