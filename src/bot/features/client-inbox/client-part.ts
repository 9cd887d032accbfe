/**
 * The client's side of the inbox (mounted inside the client side, after its commands,
 * so the rate limit and the redelivery guard stand before it): a linked client's
 * message (text, photo, voice, document, video; not a command, not a button) goes
 * to the shop's inbox once per update (the outbox's key is the update), about the
 * order it is about:
 * - one open order: that one; a message naming one of theirs (its number): that one;
 * - the order they chose (✍️ Write to us, or the question below) within 30 minutes;
 * - several open orders and none of these: the message is held and they are asked
 *   which, once; the answer sends what was held, under that order.
 * They are told once a day that the shop got it and when it is open. 0 requests
 * (CLIENT_CHAT_COMMENTS=on: 1 PATCH per message about an order, comments.ts).
 */
import { InlineKeyboard } from "grammy";
import type { Message } from "grammy/types";
import type { Order } from "../../../service/index.ts";
import type { BotContext } from "../../context.ts";
import { localeOf } from "../../i18n.ts";
import { Composer } from "../../middleware/composer.ts";
import { deviceText, orderTitle } from "../../ui/order-card.ts";
import { cutText, escapeHtml } from "../../ui/text.ts";
import { type ClientLink, clientLinksOf } from "../client-side/links.ts";
import { hoursText, readerFor } from "../client-side/reader.ts";
import { callLine, deviceOf, type Reader } from "../client-side/view.ts";
import { aboutOrder, writeToUs } from "./callbacks.ts";
import { chatComment, mediaWord } from "./comments.ts";
import { type InboxDeps, postToInbox } from "./post.ts";
import { type HeldMessage, inboxAbout, inboxAcks, inboxHeld } from "./records.ts";
import { namedOrder, openOrdersOf } from "./view.ts";

/** Messages held while the client is asked which order (more wait for the answer unheld: the newest are kept). */
const HELD_MAX = 20;
/** Orders offered in the question. */
const ASKED_MAX = 8;
/** "Not about an order" in the choice. */
const GENERAL = "-";

/** What a client's message is to the inbox: its words, or a media message copied with its caption. */
function heldOf(ctx: BotContext): HeldMessage | undefined {
  const m = ctx.message as Message | undefined;
  if (!m) return undefined;
  const base = { updateId: ctx.update.update_id, messageId: m.message_id };
  if (m.text !== undefined) return m.text.startsWith("/") ? undefined : { ...base, text: m.text };
  if (m.photo || m.voice || m.document || m.video || m.audio || m.video_note)
    return { ...base, caption: m.caption };
  return undefined;
}

export function inboxClientPart(deps: InboxDeps): Composer<BotContext> {
  const part = new Composer<BotContext>();
  part.callbackQuery(writeToUs.filter, async (ctx) => {
    const link = await clientLinksOf(ctx.services.store).read(ctx.from.id);
    await ctx.answerCallbackQuery();
    if (!link) {
      await ctx.reply(ctx.t("inbox-share-first"));
      return;
    }
    const r = await readerFor(ctx.services, await localeOf(ctx));
    const orders = openOrdersOf(ctx.services, r, link);
    if (orders.length >= 2) await ask(ctx, orders, "inbox-ask-which-write");
    else await ctx.reply(ctx.t("inbox-write-prompt"));
  });
  part.callbackQuery(aboutOrder.filter, (ctx) => chooseOrder(deps, ctx));
  part.on("message", async (ctx, next) => {
    const held = heldOf(ctx);
    const link = held && (await clientLinksOf(ctx.services.store).read(ctx.from.id));
    if (!held || !link) return next();
    await receive(deps, ctx, link, held);
  });
  return part;
}

async function receive(deps: InboxDeps, ctx: BotContext, link: ClientLink, held: HeldMessage): Promise<void> {
  const { services } = ctx;
  const r = await readerFor(services, await localeOf(ctx));
  const orders = openOrdersOf(services, r, link);
  const about = await services.store.open(inboxAbout).read(String(link.userId));
  const chosen = about === GENERAL ? GENERAL : orders.find((o) => o.id === about)?.id;
  const named = namedOrder(held.text ?? held.caption ?? "", orders);
  const orderId = orders.length === 1 ? orders[0]?.id : (named?.id ?? chosen);
  if (orders.length >= 2 && orderId === undefined) {
    const heldStore = services.store.open(inboxHeld);
    const before = (await heldStore.read(String(link.userId))) ?? [];
    await heldStore.write(String(link.userId), [...before, held].slice(-HELD_MAX));
    // Asked once for what waits: more messages join the same question.
    if (before.length === 0) await ask(ctx, orders, "inbox-ask-which");
    return;
  }
  const sent = await forward(deps, ctx, link, held, orderId);
  await acknowledge(ctx, r, link, sent);
}

/** One message to the inbox (and its comment); false when there is no one to read it. */
async function forward(
  deps: InboxDeps,
  ctx: BotContext,
  link: ClientLink,
  held: HeldMessage,
  orderId: string | undefined,
): Promise<boolean> {
  const general = orderId === GENERAL;
  const order = general ? undefined : orderId;
  const posted = await postToInbox(deps, {
    key: `c${held.updateId}`,
    client: link.userId,
    orderId: order,
    general,
    telegramName: [ctx.from?.first_name, ctx.from?.last_name].filter(Boolean).join(" "),
    words: held.text ?? held.caption,
    copy: held.text === undefined ? { fromChatId: link.userId, messageId: held.messageId } : undefined,
  });
  if (order) {
    const words = held.text ?? [mediaWord(ctx.services), held.caption].filter(Boolean).join(" ");
    await chatComment(ctx, { client: link.userId, orderId: order, words, nonce: `inbox.c${held.updateId}` });
  }
  return posted.targets > 0;
}

/** Told the shop got it (with the hours) once a day; no one to read it: the phone instead. */
async function acknowledge(ctx: BotContext, r: Reader, link: ClientLink, sent: boolean): Promise<void> {
  const { services } = ctx;
  const hours = hoursText(services, r.t);
  if (!sent) {
    await ctx.reply([ctx.t("inbox-nobody"), callLine(r), hours].filter(Boolean).join("\n"));
    return;
  }
  const acks = services.store.open(inboxAcks);
  if ((await acks.read(String(link.userId))) !== undefined) return;
  await acks.write(String(link.userId), services.clock.now().getTime());
  await ctx.reply([ctx.t("inbox-got-it"), hours].join("\n"));
}

/** "Which order is it about?" with a button per open order and "another question". */
async function ask(ctx: BotContext, orders: readonly Order[], key: string): Promise<void> {
  const keyboard = new InlineKeyboard();
  for (const order of orders.slice(0, ASKED_MAX)) {
    if (!aboutOrder.fits({ order: order.id })) continue;
    // A button's text is plain: the device as typed, not escaped.
    const device = deviceText(order) ?? ctx.t("client-order-no-device");
    const label = cutText(`${orderTitle(order)} · ${device}`, 60);
    keyboard.text(label, aboutOrder.encode({ order: order.id })).row();
  }
  keyboard.text(ctx.t("inbox-btn-general"), aboutOrder.encode({ order: GENERAL }));
  await ctx.reply(ctx.t(key), { reply_markup: keyboard });
}

/** The client's choice: remembered 30 minutes; what was held goes to the inbox under it. */
async function chooseOrder(deps: InboxDeps, ctx: BotContext): Promise<void> {
  const { services } = ctx;
  const wanted = aboutOrder.decode(ctx.callbackQuery?.data)?.order;
  const link = await clientLinksOf(services.store).read(ctx.from?.id ?? 0);
  const r = await readerFor(services, await localeOf(ctx));
  const orders = link ? openOrdersOf(services, r, link) : [];
  const order = orders.find((o) => o.id === wanted);
  // Someone else's order, one handed over since, or forged data: nothing happens.
  if (!link || wanted === undefined || (wanted !== GENERAL && !order)) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  await services.store.open(inboxAbout).write(String(link.userId), wanted);
  await ctx.answerCallbackQuery();
  const chosen = order
    ? ctx.t("inbox-chosen", { number: escapeHtml(orderTitle(order)), device: deviceOf(r, order) })
    : ctx.t("inbox-chosen-general");
  const heldStore = services.store.open(inboxHeld);
  const held = (await heldStore.read(String(link.userId))) ?? [];
  await ctx.editMessageText(chosen).catch(() => undefined);
  if (held.length === 0) {
    await ctx.reply(ctx.t("inbox-write-prompt"));
    return;
  }
  let sent = true;
  for (const message of held) sent = (await forward(deps, ctx, link, message, wanted)) && sent;
  await heldStore.delete(String(link.userId));
  await acknowledge(ctx, r, link, sent);
}
