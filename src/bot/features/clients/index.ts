/**
 * Clients: `/client <name or phone>` finds them (from the mirror with no
 * request; without it one GET /counteragents), one match opens its card, more
 * are listed; 👤 on an order card and a found client open the client card
 * (1 request: the record, GET /counteragents/{id}), whose orders come from the
 * mirror (none); 📜 reads a client's older orders once (1 request, kept).
 * The same found clients are offered under /find's results (searchExtra).
 */
import { InlineKeyboard } from "grammy";
import type { Counteragent } from "../../../service/index.ts";
import { clientName } from "../../clients/card.ts";
import { clientReader } from "../../clients/reader.ts";
import type { BotContext } from "../../context.ts";
import { callService } from "../../crm/call.ts";
import { Composer } from "../../middleware/composer.ts";
import { clientOlder, clientOpen, clientsByPhone } from "../../ui/callbacks.ts";
import { tidyKeyboard } from "../../ui/keyboard.ts";
import { editOrSame, stripHtml } from "../../ui/messages.ts";
import type { CardAction } from "../../ui/order-keyboard.ts";
import { CALLBACK_ANSWER_LIMIT, cutText, escapeHtml } from "../../ui/text.ts";
import { clientCardMessage } from "./card-view.ts";

/** Shorter texts match too much (as /find's). */
const QUERY_MIN_LENGTH = 3;
const QUERY_MAX_LENGTH = 100;
/** Clients listed for one search. */
const FOUND_LIMIT = 8;
/** Clients offered under /find's orders. */
const EXTRA_LIMIT = 5;
const BUTTON_TEXT_LIMIT = 60;
const NO_ORDER = "-";

/** 👤 on an order card: the card of its client, for everyone who reads orders. */
export const clientCardAction: CardAction = {
  label: "card-btn-client",
  roles: ["owner", "operator", "viewer"],
  data: (order) => {
    const id = order.counteragent?.id;
    if (!id) return undefined;
    const values = { id, order: order.id };
    return clientOpen.fits(values) ? clientOpen.encode(values) : undefined;
  },
};

export const clientsFeature = new Composer<BotContext>();

clientsFeature.command("client", async (ctx) => {
  const text = ctx.match.trim().replace(/\s+/g, " ");
  if (text.length < QUERY_MIN_LENGTH || text.length > QUERY_MAX_LENGTH) {
    await ctx.reply(ctx.t("client-usage", { min: QUERY_MIN_LENGTH, max: QUERY_MAX_LENGTH }));
    return;
  }
  const outcome = await callService(ctx, () =>
    clientReader(ctx.services).search(text, FOUND_LIMIT, ctx.from?.id),
  );
  if (!outcome.ok) {
    await ctx.reply(outcome.message);
    return;
  }
  const { items, total } = outcome.value;
  const query = escapeHtml(text);
  if (items.length === 0) {
    await ctx.reply(ctx.t("client-none", { query }));
    return;
  }
  const only = items[0];
  if (items.length === 1 && only) {
    await openClient(ctx, only.id);
    return;
  }
  await ctx.reply(ctx.t("client-found", { query, count: total, shown: items.length }), {
    reply_markup: clientButtons(ctx, items),
  });
});

clientsFeature.callbackQuery(clientOpen.filter, async (ctx) => {
  const data = clientOpen.decode(ctx.callbackQuery.data);
  if (!data?.id) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  await ctx.answerCallbackQuery();
  await openClient(ctx, data.id, data.order === NO_ORDER ? undefined : data.order);
});

/** 📞 under an order's card: the clients whose phone holds the digits (the mirror's, no request). */
clientsFeature.callbackQuery(clientsByPhone.filter, async (ctx) => {
  const digits = clientsByPhone.decode(ctx.callbackQuery.data)?.digits;
  if (!digits || !/^\d+$/.test(digits)) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  await ctx.answerCallbackQuery();
  const found = await clientsFound(ctx, digits);
  if (!found) {
    await ctx.reply(ctx.t("client-none", { query: escapeHtml(digits) }));
    return;
  }
  await ctx.reply(found.line, { reply_markup: found.keyboard });
});

/** 📜: every order of the client (1 request, kept by the mirror); the card is shown again with them. */
clientsFeature.callbackQuery(clientOlder.filter, async (ctx) => {
  const id = clientOlder.decode(ctx.callbackQuery.data)?.id;
  if (!id) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  const reader = clientReader(ctx.services);
  const orders = await callService(ctx, () => reader.older(id, ctx.from?.id));
  if (!orders.ok) {
    await ctx.answerCallbackQuery({
      text: cutText(stripHtml(orders.message), CALLBACK_ANSWER_LIMIT),
      show_alert: true,
    });
    return;
  }
  await ctx.answerCallbackQuery();
  // The record the card showed (read a moment ago), else the mirror's; only without either one more read.
  let client = (await reader.recent(id)) ?? reader.held(id);
  if (!client) {
    const read = await callService(ctx, () => reader.read(id, ctx.from?.id));
    if (read.ok) client = read.value;
  }
  if (!client) {
    await ctx.reply(ctx.t("client-orders-only", { count: orders.value.items.length }));
    return;
  }
  const card = await clientCardMessage(ctx, client, { orders: orders.value });
  if (ctx.callbackQuery.message) await editOrSame(ctx, card.text, card.keyboard);
  else await ctx.reply(card.text, { reply_markup: card.keyboard });
});

/** The client card as a new message: one read of the record. */
async function openClient(ctx: BotContext, id: string, fromOrder?: string): Promise<void> {
  const outcome = await callService(ctx, () => clientReader(ctx.services).read(id, ctx.from?.id));
  if (!outcome.ok) {
    await ctx.reply(outcome.message);
    return;
  }
  const card = await clientCardMessage(ctx, outcome.value, { fromOrder });
  await ctx.reply(card.text, { reply_markup: card.keyboard });
}

/** One button per client: name and first phone (not in a group unless GROUP_PHONES=on). */
function clientButtons(ctx: BotContext, clients: readonly Counteragent[]): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  // Phones where the card shows them: a private chat, or groups with GROUP_PHONES=on.
  const contacts = ctx.chat?.type === "private" || ctx.services.config.groupPhones;
  for (const client of clients) {
    const values = { id: client.id, order: NO_ORDER };
    if (!clientOpen.fits(values)) continue;
    const phone = contacts ? client.phones?.find((p) => p.trim() !== "") : undefined;
    const name = clientName(client);
    const label = phone
      ? ctx.t("client-btn-open-phone", { name, phone })
      : ctx.t("client-btn-open", { name });
    keyboard.text(cutText(label, BUTTON_TEXT_LIMIT), clientOpen.encode(values)).row();
  }
  return tidyKeyboard(keyboard);
}

/**
 * The clients a search text finds, for /find's answer: only when the mirror holds them
 * (no request); a search that costs a request stays as it was.
 */
export async function clientsFound(
  ctx: BotContext,
  text: string,
): Promise<{ line: string; keyboard: InlineKeyboard } | undefined> {
  const found = clientReader(ctx.services).heldSearch(text, EXTRA_LIMIT);
  if (!found || found.items.length === 0) return undefined;
  const clients = found.items;
  return {
    line: ctx.t("client-found-extra", { count: found.total, shown: clients.length }),
    keyboard: clientButtons(ctx, clients),
  };
}

/**
 * One button under an order's card found by these digits: the clients whose phone
 * holds them too (the list is a button, the card stays the answer). Private chats
 * only (a group sees no phones); none without the mirror's clients.
 */
export function phoneClientsButton(ctx: BotContext, digits: string): InlineKeyboard | undefined {
  const { mirror } = ctx.services;
  if (!mirror || ctx.chat?.type !== "private" || !clientsByPhone.fits({ digits })) return undefined;
  // The count alone: the list is read only when the button is pressed.
  const count = mirror.countClientsByPhone(digits);
  if (count === 0) return undefined;
  return new InlineKeyboard().text(
    ctx.t("lookup-btn-phone-clients", { digits, count }),
    clientsByPhone.encode({ digits }),
  );
}
