/**
 * Telegram Payments as the Bot API documents them (core.telegram.org/bots/api#payments):
 * `sendInvoice` (a message with an `invoice`: title 1-32 characters, description 1-255,
 * payload 1-128 bytes, a three-letter currency, prices in minor units, a provider token
 * for anything but Telegram Stars, `provider_data` a JSON string), the user's payment
 * as Telegram runs it: a `pre_checkout_query` the bot must answer (once, `ok`, and an
 * `error_message` when it says no), then, after a yes, a message with
 * `successful_payment` (the charge ids Telegram and the provider give).
 */
import type { Message, PreCheckoutQuery, SuccessfulPayment, Update, User } from "grammy/types";
import { badRequest } from "./errors.ts";
import type { Payload } from "./methods.ts";
import type { TelegramState } from "./state.ts";
import { checkMarkup } from "./validation.ts";

export interface SentInvoice {
  chatId: number;
  messageId: number;
  title: string;
  description: string;
  payload: string;
  providerToken: string;
  currency: string;
  prices: { label: string; amount: number }[];
  total: number;
  needEmail: boolean;
  needPhone: boolean;
  providerData?: unknown;
}

interface PreCheckoutAnswer {
  ok: boolean;
  errorMessage?: string;
}

/** What one fake Telegram knows of payments (beside its TelegramState). */
class PaymentsState {
  readonly invoices: SentInvoice[] = [];
  /** Pre-checkout queries sent and not answered yet, by id, with what they ask. */
  readonly open = new Map<string, PreCheckoutQuery>();
  readonly answers = new Map<string, PreCheckoutAnswer>();
  seq = 0;
}

const states = new WeakMap<TelegramState, PaymentsState>();

export function paymentsOf(state: TelegramState): PaymentsState {
  let payments = states.get(state);
  if (!payments) {
    payments = new PaymentsState();
    states.set(state, payments);
  }
  return payments;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export const paymentMethods = {
  sendInvoice(state: TelegramState, p: Payload): Message {
    const chatId = Number(p.chat_id);
    if (p.chat_id === undefined || !Number.isSafeInteger(chatId)) badRequest("chat not found");
    const title = text(p.title);
    const description = text(p.description);
    const payload = text(p.payload);
    const currency = text(p.currency);
    if (title.length < 1 || title.length > 32) badRequest("TITLE_INVALID");
    if (description.length < 1 || description.length > 255) badRequest("DESCRIPTION_INVALID");
    const bytes = Buffer.byteLength(payload);
    if (bytes < 1 || bytes > 128) badRequest("INVOICE_PAYLOAD_INVALID");
    if (!/^[A-Z]{3}$/.test(currency)) badRequest("CURRENCY_INVALID");
    const providerToken = text(p.provider_token);
    if (currency !== "XTR" && providerToken === "") badRequest("PAYMENT_PROVIDER_INVALID");
    const prices = Array.isArray(p.prices) ? (p.prices as { label?: unknown; amount?: unknown }[]) : [];
    if (prices.length === 0) badRequest("prices must be non-empty");
    for (const price of prices)
      if (typeof price.label !== "string" || !Number.isSafeInteger(price.amount))
        badRequest("can't parse prices JSON object");
    const total = prices.reduce((sum, price) => sum + Number(price.amount), 0);
    if (total <= 0) badRequest("CURRENCY_TOTAL_AMOUNT_INVALID");
    let providerData: unknown;
    if (p.provider_data !== undefined) {
      try {
        providerData = JSON.parse(String(p.provider_data));
      } catch {
        badRequest("DATA_JSON_INVALID");
      }
    }
    const replyMarkup = checkMarkup(p.reply_markup);
    const stored = state.chats.add(chatId, { text: title, replyMarkup, fromBot: true, media: "invoice" });
    paymentsOf(state).invoices.push({
      chatId,
      messageId: stored.messageId,
      title,
      description,
      payload,
      providerToken,
      currency,
      prices: prices.map((price) => ({ label: String(price.label), amount: Number(price.amount) })),
      total,
      needEmail: p.need_email === true,
      needPhone: p.need_phone === true,
      providerData,
    });
    return {
      message_id: stored.messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: "private", first_name: "User" },
      from: state.botInfo,
      invoice: {
        title,
        description,
        start_parameter: text(p.start_parameter),
        currency,
        total_amount: total,
      },
    } as Message;
  },
  answerPreCheckoutQuery(state: TelegramState, p: Payload): true {
    const payments = paymentsOf(state);
    const id = text(p.pre_checkout_query_id);
    if (!payments.open.delete(id)) badRequest("QUERY_ID_INVALID");
    if (typeof p.ok !== "boolean") badRequest("parameter ok is required");
    const errorMessage = typeof p.error_message === "string" ? p.error_message : undefined;
    if (!p.ok && !errorMessage) badRequest("ERROR_MESSAGE_EMPTY");
    payments.answers.set(id, { ok: p.ok, errorMessage });
    return true;
  },
};

/** The `pre_checkout_query` Telegram sends when `from` confirms paying `invoice` (opened for one answer). */
export function preCheckoutUpdate(
  state: TelegramState,
  updateId: number,
  from: User,
  invoice: Pick<SentInvoice, "currency" | "total" | "payload">,
  orderInfo?: PreCheckoutQuery["order_info"],
): Update {
  const payments = paymentsOf(state);
  const query: PreCheckoutQuery = {
    id: `pcq${++payments.seq}`,
    from,
    currency: invoice.currency,
    total_amount: invoice.total,
    invoice_payload: invoice.payload,
    order_info: orderInfo,
  };
  payments.open.set(query.id, query);
  return { update_id: updateId, pre_checkout_query: query };
}

/** The service message with `successful_payment` Telegram sends into the payer's chat after a yes. */
export function successfulPaymentUpdate(
  state: TelegramState,
  updateId: number,
  from: User,
  paid: Pick<SentInvoice, "currency" | "total" | "payload">,
  charges: { telegram: string; provider: string },
): Update {
  const payment: SuccessfulPayment = {
    currency: paid.currency,
    total_amount: paid.total,
    invoice_payload: paid.payload,
    telegram_payment_charge_id: charges.telegram,
    provider_payment_charge_id: charges.provider,
  };
  const messageId = state.chats.nextId(from.id);
  return {
    update_id: updateId,
    message: {
      message_id: messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: "private", first_name: from.first_name },
      from,
      successful_payment: payment,
    },
  } as Update;
}
