/**
 * The invoice (`sendInvoice`) for what a client may pay on an order now: its
 * title and description name the workshop, the order number and the device,
 * never a person; its payload is signed (payload.ts) and kept with where the
 * money goes (state/payments.ts), so the pre-checkout and the payment are
 * checked against what the bot asked. Amounts in the currency's minor units.
 * With PAYMENT_RECEIPT=on Telegram asks the client's e-mail or phone and the
 * provider gets the receipt's item (`provider_data`) for the fiscal receipt.
 * Sent only to the linked client of the order's current counteragent.
 */
import type { Api } from "grammy";
import type { Locale } from "../../../config/index.ts";
import type { Order } from "../../../service/index.ts";
import type { BotServices } from "../../context.ts";
import { majorUnits, minorUnits, type Payable, payableNow } from "../../money/payable.ts";
import { saveInvoice } from "../../state/payments.ts";
import { deviceText, orderTitle } from "../../ui/order-card.ts";
import { cutText } from "../../ui/text.ts";
import { clientLinksOf } from "../client-side/links.ts";
import { hasPhone, inShops } from "../client-side/orders.ts";
import { readerFor } from "../client-side/reader.ts";
import type { Reader } from "../client-side/view.ts";
import { payloadKey, signInvoice } from "./payload.ts";
import { targetOf } from "./setup.ts";

/** Telegram's limits: a title of 1-32 characters, a description of 1-255. */
const TITLE_LIMIT = 32;
const DESCRIPTION_LIMIT = 255;

/** Whether `userId` is a linked client of the order's current counteragent (with the order's number). */
export async function isClientOf(services: BotServices, userId: number, order: Order): Promise<boolean> {
  const link = await clientLinksOf(services.store).read(userId);
  return Boolean(
    link &&
      !link.blocked &&
      order.isVisible !== false &&
      inShops(order, services.config.shopIds) &&
      link.counteragents.some((c) => c.id === order.counteragent?.id) &&
      hasPhone(order, link.phone, services.config.phoneCountry),
  );
}

/** What `order` asks of its client now, with the reader of their language. */
export async function payableFor(
  services: BotServices,
  order: Order,
  r: Reader,
): Promise<Payable | undefined> {
  return payableNow(services.config.payments, r.statuses, order, r.money);
}

export type InvoiceOutcome = "sent" | "nothing" | "unavailable";

/** Sends the invoice for `order` to `userId` (their linked client); "nothing": nothing is payable now. */
export async function sendInvoice(
  services: BotServices,
  api: Api,
  userId: number,
  order: Order,
  r: Reader,
): Promise<InvoiceOutcome> {
  const payments = services.config.payments;
  if (!payments || !(await isClientOf(services, userId, order))) return "nothing";
  const payable = await payableFor(services, order, r);
  if (!payable) return "nothing";
  const target = await targetOf(services, order, payable).catch(() => undefined);
  if (!target) return "unavailable";
  const { currency } = payments;
  const minor = minorUnits(payable.amount, currency);
  const round = Math.floor(services.clock.now().getTime() / 1000);
  const payload = signInvoice(
    { kind: payable.kind, round, orderId: order.id, amount: minor },
    services.config.botToken,
  );
  if (!payload || minor <= 0) return "unavailable";
  const number = orderTitle(order);
  await saveInvoice(services.store, payloadKey(payload), {
    ...target,
    orderId: order.id,
    number,
    kind: payable.kind,
    minor,
    currency,
    userId,
    at: services.clock.now().getTime(),
  });
  const shop = r.shops.find((s) => s.id === order.shop?.id)?.name?.trim() || r.t("payment-workshop");
  const device = deviceText(order) ?? r.t("client-order-no-device");
  const prepay = payable.kind === "prepay";
  const title = cutText(r.t(prepay ? "payment-title-prepay" : "payment-title", { number }), TITLE_LIMIT);
  const description = cutText(
    r.t(prepay ? "payment-description-prepay" : "payment-description", {
      shop,
      number,
      device,
      percent: payments.prepay?.percent ?? 100,
    }),
    DESCRIPTION_LIMIT,
  );
  const label = r.t(prepay ? "payment-label-prepay" : "payment-label", { number });
  await api.sendInvoice(userId, title, description, payload, currency, [{ label, amount: minor }], {
    provider_token: payments.providerToken,
    ...(payments.receipt ? receiptFields(services, order, payable, minor) : {}),
  });
  return "sent";
}

/** What the provider needs for the fiscal receipt: the client's contact and the item (YooKassa's shape). */
function receiptFields(services: BotServices, order: Order, payable: Payable, minor: number) {
  const { config, i18n } = services;
  const currency = config.payments?.currency ?? "RUB";
  const item = i18n.t(
    config.paper.locale,
    payable.kind === "prepay" ? "payment-item-prepay" : "payment-item",
    {
      number: orderTitle(order),
    },
  );
  const value = majorUnits(minor, currency).toFixed(2);
  return {
    need_email: true,
    send_email_to_provider: true,
    provider_data: JSON.stringify({
      receipt: {
        items: [
          {
            description: cutText(item, 128),
            quantity: "1.00",
            amount: { value, currency },
            vat_code: config.payments?.vatCode ?? 1,
            payment_mode: payable.kind === "prepay" ? "partial_prepayment" : "full_payment",
            payment_subject: "service",
          },
        ],
      },
    }),
  };
}

/** The reader of a client's language (the link's; else the one they speak now, e.g. a stranger's). */
export async function clientReader(
  services: BotServices,
  userId: number,
  speaking: Locale = services.config.defaultLocale,
): Promise<Reader> {
  const link = await clientLinksOf(services.store).read(userId);
  return readerFor(services, link?.locale ?? speaking);
}
