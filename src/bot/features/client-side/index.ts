/**
 * The client's side (CLIENTS=on, with the order mirror): a user who is not
 * staff, in a private chat, reaches this instead of the refusal. Staff see the
 * bot as before; group chats and inline queries get none of it (the access
 * gate answers them as always).
 *
 * /start: the workshop's greeting and "📱 Share my phone" (Telegram's contact
 * request); the sender's own contact, matched exactly against the mirror's
 * clients, links them (consent.ts) and shows their orders. /stop unlinks.
 * `/start r…` (a receipt's QR) shows that one order's public status.
 * Approvals: approval.ts. Messages to linked clients: notifier.ts. What other
 * features add: `parts`, `startButtons` and the hooks `onReceiptQr` / `onLinked`
 * (the receipt's PDF in the chat: features/client-receipt).
 *
 * Costs: every read is the mirror's (0 requests); only the consent write
 * (a read and a PATCH per client) and the approval's PATCH reach the service.
 * A linked client's messages go to the shop's inbox (features/client-inbox, one of
 * `parts`); anything else a non-staff user sends gets the same short help.
 */
import { InlineKeyboard, Keyboard, type Middleware } from "grammy";
import { contactPhoneKey } from "../../../contract/phone.ts";
import type { Order } from "../../../service/index.ts";
import type { BotContext, BotServices } from "../../context.ts";
import { localeOf } from "../../i18n.ts";
import { Composer } from "../../middleware/composer.ts";
import { skipRedelivered } from "../../middleware/dedupe.ts";
import type { StartTable } from "../../telegram/start-router.ts";
import { callbackCodec } from "../../ui/callback-data.ts";
import { approvalFeature, approvalMessageNow } from "./approval.ts";
import { setConsent } from "./consent.ts";
import { cancelClears, queueClear, tryClear } from "./consent-clears.ts";
import { type ClientLink, clientLinksOf } from "./links.ts";
import { counteragentIdsOf, inShops, ordersByPhone } from "./orders.ts";
import { payKeyboard } from "./pay-button.ts";
import { createRateLimit } from "./rate-limit.ts";
import { hoursText, readerFor } from "./reader.ts";
import { linkCounts } from "./records.ts";
import { callLine, greetingText, listedOrders, ordersText, publicStatusText } from "./view.ts";

export { ConsentClearRetry } from "./consent-clears.ts";
export { ClientNotifier } from "./notifier.ts";

/** A person in the CRM twice with one number is linked to both; more is not a person. */
const MAX_COUNTERAGENTS = 3;
/** Links and unlinks a user may make a day: each costs the service a write. */
const LINKS_A_DAY = 3;
/** Approval messages sent with the list (the rest wait for their own message). */
const APPROVALS_LISTED = 3;

const getUpdates = callbackCodec("cgu", []);

/** Whether this update is the client side's: CLIENTS=on, a non-staff user, a private chat. */
function isClientUpdate(ctx: BotContext): boolean {
  return (
    ctx.role === "stranger" &&
    ctx.services.config.clients?.enabled === true &&
    ctx.services.mirror !== undefined &&
    ctx.chat?.type === "private" &&
    ctx.from !== undefined
  );
}

/** A button on a linked client's /start (a locale key and its callback data), handled by the feature that adds it. */
export interface StartButton {
  label: string;
  data: string;
}

export interface ClientSideOptions {
  /** Features of the client's side mounted after its commands (the inbox: a linked client's messages). */
  parts?: Middleware<BotContext>[];
  /** /start's buttons for a linked client, in this order (✍️ Write to us, 📥 Request a repair, ...). */
  startButtons?: StartButton[];
  /** The bot's one /start command (telegram/start-router.ts), given `clientStart(...)` as the client's table. */
  start?: Middleware<BotContext>;
  /** A receipt's QR opened (after its public status), with the opener's link if any: the receipt's paper. */
  onReceiptQr?: (ctx: BotContext, order: Order, link: ClientLink | undefined) => Promise<void>;
  /** A client just linked with their contact (after their orders are shown). */
  onLinked?: (ctx: BotContext, link: ClientLink) => Promise<void>;
}

/** Mounted before the access gate: takes the client side's updates, passes every other on. */
export function clientSide(services: BotServices, options: ClientSideOptions = {}): Middleware<BotContext> {
  const buttons = options.startButtons ?? [];
  const limit = createRateLimit(services.config.clients?.ratePerMinute ?? 12, () =>
    services.clock.now().getTime(),
  );
  const side = new Composer<BotContext>();
  side.use(async (ctx, next) => {
    const verdict = limit(ctx.from?.id ?? 0);
    if (verdict === "ok") return next();
    ctx.log.info({ from: ctx.from?.id }, "a non-staff user over the message rate");
    if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
    if (verdict === "warn" && ctx.message) await ctx.reply(ctx.t("client-too-fast"));
  });
  side.use(skipRedelivered(services.store));
  side.use(async (ctx, next) => {
    // Writing again after blocking the bot: messages resume.
    const link = await clientLinksOf(services.store).read(ctx.from?.id ?? 0);
    // A linked client around keeps the sync's daytime pace, as staff do (a stranger does not).
    if (link) services.mirror?.noteActivity();
    if (link?.blocked) await clientLinksOf(services.store).setBlocked(link.userId, false);
    await next();
  });
  side.use(approvalFeature);
  if (options.start) side.use(options.start);
  side.command("stop", stop);
  // Staff not configured yet learn the id the administrator needs, as the refusal tells it.
  side.command("id", (ctx) => ctx.reply(ctx.t("your-id", { id: String(ctx.from?.id ?? 0) })));
  side.on("message:contact", (ctx) => linkContact(ctx, options));
  side.callbackQuery(getUpdates.filter, async (ctx) => {
    await ctx.answerCallbackQuery();
    await welcome(ctx, buttons);
  });
  for (const part of options.parts ?? []) side.use(part);
  side.on("callback_query", (ctx) => ctx.answerCallbackQuery({ text: ctx.t("stale-button") }));
  side.command("help", (ctx) => help(ctx, false));
  // Anything else (a question, numbers, names, stickers): the same help and how to reach the shop, revealing nothing.
  side.on("message", (ctx) => help(ctx, true));
  const run = side.middleware();
  return (ctx, next) => (isClientUpdate(ctx) ? run(ctx, async () => {}) : next());
}

/** The help, the workshop's phone and hours; `typed`: a typed question, which the bot cannot answer yet. */
async function help(ctx: BotContext, typed: boolean): Promise<void> {
  const r = await readerFor(ctx.services, await localeOf(ctx));
  const reach = [callLine(r), hoursText(ctx.services, r.t)].filter(Boolean);
  // A linked client's text reaches the inbox; what reaches help here is what it does not take (a sticker).
  const linked = typed && (await clientLinksOf(ctx.services.store).read(ctx.from?.id ?? 0)) !== undefined;
  const question = typed ? [ctx.t(linked ? "client-question-linked" : "client-question")] : [];
  await ctx.reply([ctx.t("client-help"), "", ...question, ...reach].join("\n"));
}

async function welcome(ctx: BotContext, buttons: readonly StartButton[] = []): Promise<void> {
  const r = await readerFor(ctx.services, await localeOf(ctx));
  const links = clientLinksOf(ctx.services.store);
  const link = await links.read(ctx.from?.id ?? 0);
  const greeting = greetingText(r, hoursText(ctx.services, r.t));
  // Their messages follow the language they speak now.
  if (link && link.locale !== r.locale) await links.save({ ...link, locale: r.locale });
  if (!link) {
    const keyboard = new Keyboard().requestContact(ctx.t("client-share-button")).resized().oneTime();
    await ctx.reply(`${greeting}\n\n${ctx.t("client-share-ask")}`, { reply_markup: keyboard });
    return;
  }
  const rows = buttons.map((b) => [{ text: ctx.t(b.label), callback_data: b.data }]);
  await ctx.reply(greeting, rows.length > 0 ? { reply_markup: { inline_keyboard: rows } } : {});
  await showOrders(ctx, link);
}

/** The linked client's orders (from the mirror), then the approvals waiting for them. */
async function showOrders(ctx: BotContext, link: ClientLink): Promise<void> {
  const { services } = ctx;
  const r = await readerFor(services, await localeOf(ctx));
  const ids = new Set(link.counteragents.map((c) => c.id));
  const mine = ordersByPhone(
    services.mirror!,
    services.config.shopIds,
    link.phone,
    services.config.phoneCountry,
  ).filter((o) => ids.has(o.counteragent?.id ?? ""));
  const listed = listedOrders(r, mine, services.clock.now());
  // "💳 Pay" under the list for each order payable in the chat (features/payments).
  const pay = payKeyboard(r, services.config, listed);
  await ctx.reply(ordersText(r, listed), { reply_markup: pay ?? { remove_keyboard: true } });
  let sent = 0;
  for (const order of listed) {
    if (sent >= APPROVALS_LISTED) break;
    const message = await approvalMessageNow(services, r, order);
    if (!message) continue;
    await ctx.reply(message.text, { reply_markup: message.keyboard });
    sent++;
  }
}

async function linkContact(ctx: BotContext, options: ClientSideOptions): Promise<void> {
  const contact = ctx.message?.contact;
  const userId = ctx.from?.id;
  if (!contact || userId === undefined) return;
  // Telegram's button sends the sender's own contact; anything else is someone else's number.
  if (contact.user_id !== userId) {
    ctx.log.info({ from: userId }, "a contact that is not the sender's own");
    await ctx.reply(ctx.t("client-contact-not-own"));
    return;
  }
  const { services } = ctx;
  const phone = contactPhoneKey(contact.phone_number, services.config.phoneCountry);
  const orders = phone
    ? ordersByPhone(services.mirror!, services.config.shopIds, phone, services.config.phoneCountry)
    : [];
  if (!phone || orders.length === 0) {
    await ctx.reply(await withCall(ctx, ctx.t("client-contact-unknown")), {
      reply_markup: { remove_keyboard: true },
    });
    return;
  }
  const links = clientLinksOf(services.store);
  const ids = counteragentIdsOf(orders);
  // More clients than one person plausibly is: a shared or a placeholder number links none of them.
  if (ids.length > MAX_COUNTERAGENTS) {
    ctx.log.info({ from: userId, counteragents: ids.length }, "a contact held by too many clients");
    await ctx.reply(ctx.t("client-contact-shared"), { reply_markup: { remove_keyboard: true } });
    return;
  }
  const old = await links.read(userId);
  const locale = await localeOf(ctx);
  const same = old && old.phone === phone && ids.every((id) => old.counteragents.some((c) => c.id === id));
  // The same link again (a second share): no second consent write, unless the first could not be made.
  const written = same ? old.counteragents.filter((c) => c.typeCounteragentId !== "") : [];
  if (same && written.length === ids.length) {
    await links.save({ ...old, locale });
    await showOrders(ctx, old);
    return;
  }
  // Every share that would write counts, a retry of the same link too: each costs the service a read.
  if (!(await countLink(ctx, userId))) {
    if (same) {
      await links.save({ ...old, locale });
      await showOrders(ctx, old);
      return;
    }
    await ctx.reply(ctx.t("client-too-many-links"), { reply_markup: { remove_keyboard: true } });
    return;
  }
  // Consenting again: a /stop's clearing still pending is no longer wanted.
  await cancelClears(services, ids);
  const counteragents: ClientLink["counteragents"] = [];
  let consentLater = false;
  for (const id of ids) {
    const before = written.find((c) => c.id === id);
    const outcome = before
      ? ({ kind: "done", result: before } as const)
      : await setConsent(ctx, id, `u${ctx.update.update_id}`);
    if (outcome.kind === "done" && outcome.result) counteragents.push(outcome.result);
    else {
      consentLater ||= outcome.kind !== "done";
      // No form: /stop has nothing to clear, the next share tries the consent again.
      counteragents.push({ id, name: "", typeCounteragentId: "", isBuyer: true, isVendor: false });
    }
  }
  const link: ClientLink = { userId, phone, counteragents, locale, linkedAt: services.clock.now().getTime() };
  await links.save(link);
  ctx.log.info({ from: userId, counteragents: ids.length }, "a client linked themselves");
  await ctx.reply(ctx.t(consentLater ? "client-linked-consent-later" : "client-linked"), {
    reply_markup: { remove_keyboard: true },
  });
  await showOrders(ctx, link);
  await options.onLinked?.(ctx, link);
}

/**
 * Counts a link or unlink of the user today (both cost the service a write); false when they made
 * LINKS_A_DAY already. An unlink (`always`) is counted and never refused: a withdrawal must land.
 */
async function countLink(ctx: BotContext, userId: number, always = false): Promise<boolean> {
  const counts = ctx.services.store.open(linkCounts);
  const made = (await counts.read(String(userId))) ?? 0;
  if (made >= LINKS_A_DAY && !always) return false;
  await counts.write(String(userId), made + 1);
  return true;
}

/** Unlinks at once; the CRM's consent is cleared now, or kept and retried until it lands (consent-clears.ts). */
async function stop(ctx: BotContext): Promise<void> {
  const { services } = ctx;
  const userId = ctx.from?.id ?? 0;
  const links = clientLinksOf(services.store);
  const link = await links.read(userId);
  if (!link) {
    await ctx.reply(ctx.t("client-stop-none"), { reply_markup: { remove_keyboard: true } });
    return;
  }
  const locale = await localeOf(ctx);
  // Someone else (another account of the same person) still wants the messages; no consent written, none to clear.
  const others = async (id: string) => (await links.usersOf(id)).some((u) => u !== userId);
  const clear: string[] = [];
  for (const form of link.counteragents)
    if (form.typeCounteragentId && !(await others(form.id))) clear.push(form.id);
  // Kept before the link goes: a crash in between still clears.
  for (const id of clear)
    await queueClear(services, id, `client-consent.off.${id}.u${ctx.update.update_id}`, locale);
  await links.remove(userId);
  await countLink(ctx, userId, true);
  let later = false;
  for (const id of clear) if (!(await tryClear(ctx, id))) later = true;
  await ctx.reply(ctx.t(later ? "client-stop-done-later" : "client-stop-done"), {
    reply_markup: { remove_keyboard: true },
  });
}

/** A "call us" text with the workshop's phone under it (SHOP_PHONE or the service's), when one is known. */
async function withCall(ctx: BotContext, text: string): Promise<string> {
  const call = callLine(await readerFor(ctx.services, await localeOf(ctx)));
  return call ? `${text}\n${call}` : text;
}

/** The client's /start, by payload: a receipt's QR shows that order; anything else greets (a label is staff's). */
export const clientStart = (
  buttons: readonly StartButton[],
  options: Pick<ClientSideOptions, "onReceiptQr"> = {},
): StartTable => ({
  routes: {
    none: (ctx) => welcome(ctx, buttons),
    receipt: (ctx, { orderId }) => receipt(ctx, orderId, options),
    forged: async (ctx, { purpose }) => {
      if (purpose === "receipt") await ctx.reply(ctx.t("client-receipt-unknown"));
      else await welcome(ctx, buttons);
    },
  },
});

/** A receipt's QR: that one order's public status, for whoever holds it (a forged one is refused by the router). */
async function receipt(ctx: BotContext, id: string, options: ClientSideOptions): Promise<void> {
  const { services } = ctx;
  const order = services.mirror?.get(id)?.order;
  if (!order || order.isVisible === false || !inShops(order, services.config.shopIds)) {
    await ctx.reply(await withCall(ctx, ctx.t("client-receipt-not-held")));
    return;
  }
  const r = await readerFor(services, await localeOf(ctx));
  const offer = new InlineKeyboard().text(ctx.t("client-receipt-offer"), getUpdates.encode({}));
  await ctx.reply(publicStatusText(r, order), { reply_markup: offer });
  await options.onReceiptQr?.(ctx, order, await clientLinksOf(services.store).read(ctx.from?.id ?? 0));
}
