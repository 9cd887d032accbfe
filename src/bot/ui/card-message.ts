/** The card as a message: text + keyboard for this user (role, locale). Used by lookup, inline and dialogs. */

import type { TranslateFunction } from "@grammyjs/i18n";
import type { Context, InlineKeyboard } from "grammy";
import type { Locale } from "../../config/index.ts";
import { isOverdue, statusGroupOf } from "../../contract/status-groups.ts";
import type { Order } from "../../service/index.ts";
import { type I18nFlavor, localeOf } from "../i18n.ts";
import { moneySettings } from "../money/order-money.ts";
import type { Role } from "../policy/role.ts";
import { createPhotoStore } from "../state/order-photos.ts";
import { photosShow } from "./callbacks.ts";
import { cardMemoOf } from "./card-memo.ts";
import { type CardField, cardFields } from "./custom-fields.ts";
import { formatTime } from "./dates.ts";
import { formatOrderCard } from "./order-card.ts";
import { type CardAction, type CardServices, orderCardKeyboard } from "./order-keyboard.ts";

export interface CardMessage {
  text: string;
  keyboard: InlineKeyboard;
}

export interface CardMessageOptions {
  actions?: boolean;
  /** When the order mirror read this copy: the card says how fresh it is. */
  asOf?: Date;
  /**
   * The bot's username when the card goes to a group chat: no phone numbers
   * unless GROUP_PHONES=on, and the dialog buttons become one link to the
   * private chat with the bot on this order (dialogs are private).
   */
  groupOf?: string;
}

/** Who a card is for, outside an update (a notification): the services, the reader's language and role. */
export interface CardReader {
  services: CardServices;
  t: TranslateFunction;
  locale: Locale;
  role: Role;
  /** The reader's Telegram id: buttons with a state (🔔) show theirs. */
  userId?: number;
}

export async function cardMessage(
  ctx: Context & I18nFlavor & { role: Role; services: CardServices },
  order: Order,
  options: CardMessageOptions = {},
): Promise<CardMessage> {
  const reader = {
    services: ctx.services,
    t: ctx.t,
    locale: await localeOf(ctx),
    role: ctx.role,
    userId: ctx.from?.id,
  };
  // An inline result, and the card it became, can be in any chat (a group, a client's chat): shared as a group card is.
  const inline = ctx.inlineQuery !== undefined || ctx.callbackQuery?.inline_message_id !== undefined;
  const group = inline || (ctx.chat !== undefined && ctx.chat.type !== "private");
  return cardFor(reader, order, { groupOf: group ? ctx.me.username : undefined, ...options });
}

/** The card for a reader who sent no update (notifications, the digest). */
export async function cardFor(
  ctx: CardReader,
  order: Order,
  options: CardMessageOptions = {},
): Promise<CardMessage> {
  const { config, clock, cardActions, reference } = ctx.services;
  // The record's own status group first; else only what is cached already: a card never costs a request of its own.
  const statuses =
    order.status?.type === undefined && order.status?.id ? await reference.cachedStatuses() : undefined;
  const { locale } = ctx;
  // Photos the bot keeps for the order (its own store: no request); a store failure shows none.
  const photos = await createPhotoStore(ctx.services.store)
    .count(order.id)
    .catch(() => 0);
  const statusGroup = statusGroupOf(order, statuses);
  const now = clock.now();
  const fields = await namedFields(ctx, order, locale);
  const phones = options.groupOf === undefined || config.groupPhones;
  const memo = cardMemoOf(ctx.services);
  // What the text reads besides the record and the bot's settings (the clock only for the overdue mark).
  const textKey = [
    locale,
    statusGroup,
    isOverdue(order, now, statusGroup),
    photos,
    phones,
    ...fields.flatMap((field) => [field.name, field.value]),
  ].join("\u0000");
  const card = memo.text(order, textKey, () =>
    formatOrderCard(order, {
      t: ctx.t,
      locale,
      timezone: config.timezone,
      now,
      statusGroup,
      fields,
      photos,
      phones,
      money: moneySettings(config),
    }),
  );
  // From the order mirror: how fresh the copy is (🔄 Refresh reads the service).
  const text = options.asOf
    ? `${card}\n${ctx.t("card-as-of", { time: formatTime(options.asOf, locale, config.timezone, now) })}`
    : card;
  const actions = options.actions === false || order.isVisible === false ? [] : cardActions;
  // A card in a group is read by many: a button's state would be one reader's.
  const active = options.groupOf === undefined ? await activeActions(ctx, order, actions) : undefined;
  const privateLink = options.actions === false ? undefined : options.groupOf;
  const keyboardKey = [
    locale,
    ctx.role,
    statusGroup,
    privateLink,
    actions.length,
    ...actions.map((action) => active?.has(action) === true),
  ].join("\u0000");
  const keyboard = memo.keyboard(order, keyboardKey, () =>
    orderCardKeyboard(order, {
      t: ctx.t,
      role: ctx.role,
      // Inline results are seen by everyone in a chat: no operator buttons there; a deleted order takes none.
      actions,
      privateLink,
      statusGroup,
      money: moneySettings(config),
      active,
    }),
  );
  // Everyone who sees the card sees its photos: 📷 sends them again.
  if (photos > 0 && photosShow.fits({ id: order.id }))
    keyboard.row().text(ctx.t("card-btn-photos", { count: photos }), photosShow.encode({ id: order.id }));
  return { text, keyboard };
}

/** The actions with a state that is on for this reader (🔔 watching); a store failure shows them off. */
async function activeActions(
  ctx: CardReader,
  order: Order,
  actions: readonly CardAction[],
): Promise<Set<CardAction>> {
  const on = new Set<CardAction>();
  const { userId } = ctx;
  if (userId === undefined) return on;
  for (const action of actions) {
    if (!action.active) continue;
    if (await action.active(order, ctx.services, userId).catch(() => false)) on.add(action);
  }
  return on;
}

/** The order's custom fields named by its type's cached definitions (none cached: no lines, no request). */
async function namedFields(ctx: CardReader, order: Order, locale: Locale): Promise<CardField[]> {
  const typeId = order.typeOrder?.id;
  if (!order.customFields?.length || !typeId) return [];
  const definitions = await ctx.services.reference.cachedOrderTypeFields(typeId);
  return cardFields(order.customFields, definitions, {
    t: ctx.t,
    locale,
    timezone: ctx.services.config.timezone,
  });
}
