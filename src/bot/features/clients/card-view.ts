/**
 * The client card as a message: the record's text (clients/card.ts) with the
 * custom fields named by the type's definitions, the client's orders (open
 * first, newest first) as one button each to its card, 📜 for their older
 * orders when the mirror has not read them all, and the operators' buttons.
 */
import { InlineKeyboard } from "grammy";
import type { Locale } from "../../../config/index.ts";
import type { Counteragent, Order } from "../../../service/index.ts";
import { formatClientCard } from "../../clients/card.ts";
import { type ClientOrders, clientReader } from "../../clients/reader.ts";
import type { BotContext } from "../../context.ts";
import { localeOf } from "../../i18n.ts";
import { canWrite } from "../../policy/access.ts";
import { clientEdit, clientOlder, orderClientMove, orderOpenById } from "../../ui/callbacks.ts";
import { cardFields } from "../../ui/custom-fields.ts";
import { tidyKeyboard } from "../../ui/keyboard.ts";
import { deviceText, orderTitle } from "../../ui/order-card.ts";
import { cutText } from "../../ui/text.ts";

/** Order buttons on a card; the text says how many there are. */
const ORDER_BUTTONS = 10;
const BUTTON_TEXT_LIMIT = 60;

export interface ClientCardMessage {
  text: string;
  keyboard: InlineKeyboard;
}

/**
 * The card of `client`. `orders`: the client's orders when known (else the mirror's, none
 * without it); `fromOrder`: the order the card was opened from (🔁 moves it to another client).
 */
export async function clientCardMessage(
  ctx: BotContext,
  client: Counteragent,
  options: { orders?: ClientOrders; fromOrder?: string } = {},
): Promise<ClientCardMessage> {
  const locale = await localeOf(ctx);
  const { config } = ctx.services;
  const orders = options.orders ?? clientReader(ctx.services).orders(client.id);
  const definitions = await fieldDefinitions(ctx, client);
  const text = formatClientCard(client, {
    t: ctx.t,
    fields: cardFields(client.customFields, definitions, { t: ctx.t, locale, timezone: config.timezone }),
    orders,
    contacts: ctx.chat?.type === "private" || config.groupPhones,
  });
  const keyboard = new InlineKeyboard();
  const more = (orders?.items.length ?? 0) - ORDER_BUTTONS;
  const shown =
    more > 0 ? `${text}\n${ctx.t("client-card-orders-more", { shown: ORDER_BUTTONS, more })}` : text;
  for (const order of (orders?.items ?? []).slice(0, ORDER_BUTTONS)) {
    if (!orderOpenById.fits({ id: order.id })) continue;
    keyboard
      .text(
        cutText(orderLine(order, locale, config.timezone), BUTTON_TEXT_LIMIT),
        orderOpenById.encode({ id: order.id }),
      )
      .row();
  }
  if (!orders?.complete && clientOlder.fits({ id: client.id }))
    keyboard.text(ctx.t("client-btn-older"), clientOlder.encode({ id: client.id })).row();
  if (canWrite(ctx.role) && ctx.chat?.type === "private") {
    if (clientEdit.fits({ id: client.id }))
      keyboard.text(ctx.t("client-btn-edit"), clientEdit.encode({ id: client.id }));
    const from = options.fromOrder;
    if (from && orderClientMove.fits({ order: from }))
      keyboard.text(ctx.t("client-btn-move"), orderClientMove.encode({ order: from }));
  }
  return { text: shown, keyboard: tidyKeyboard(keyboard) };
}

/** `А001042 · Готов · iPhone 13 · 12.03.2025`: what tells a client's orders apart (a year old too). */
function orderLine(order: Order, locale: Locale, timezone: string): string {
  const date = order.dateCreate
    ? new Intl.DateTimeFormat(locale === "ru" ? "ru-RU" : "en-GB", {
        timeZone: timezone,
        day: "numeric",
        month: locale === "ru" ? "2-digit" : "short",
        year: "numeric",
      }).format(order.dateCreate)
    : undefined;
  return [orderTitle(order), order.status?.name, deviceText(order), date]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(" · ");
}

/**
 * The type's custom-field definitions: cached, or read once (cached for every card after)
 * only when the client has custom values to name.
 */
async function fieldDefinitions(ctx: BotContext, client: Counteragent) {
  const typeId = client.typeCounteragent?.id;
  if (!typeId || !client.customFields?.some((f) => f.value !== null && f.value !== "")) return [];
  return ctx.services.reference.counteragentTypeFields(typeId).catch(() => []);
}
