/**
 * The estimate approved in one tap. An order entering the approval status
 * (CLIENT_APPROVAL_STATUS) opens a "round"; its message carries ✅ Approve /
 * ❌ Decline with the order, the round and the amount. A press by the linked
 * client of that order sends ONE PATCH /orders/{id} (the approved or declined
 * status and a comment naming the amount) exactly once per round
 * (client-writes.ts); a double press gets the first answer, a stale one (the
 * order moved on, a newer estimate) is told so, and sends nothing. The mirror
 * takes the new status at once (with the client as its author), so staff who
 * follow the order are told as of any change. The checks read the mirror: 0 requests.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { Order } from "../../../service/index.ts";
import type { BotContext, BotServices } from "../../context.ts";
import { localeOf } from "../../i18n.ts";
import { callbackCodec } from "../../ui/callback-data.ts";
import { formatAmount } from "../../ui/money.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { approvalChecks, clientApproval, type Decided } from "../../writes/kinds/client-approval.ts";
import { markersOf } from "../../writes/markers.ts";
import { clientWrite, writtenBefore } from "./client-writes.ts";
import { clientLinksOf } from "./links.ts";
import { estimateOf, hasPhone, inShops } from "./orders.ts";
import { readerFor } from "./reader.ts";
import { approvalRounds } from "./records.ts";
import type { ApprovalStatuses } from "./statuses.ts";
import { deviceOf, type Reader, statusText } from "./view.ts";

/** id: the order; r: the round; s: the amount in kopecks (base 36); d: a(pprove) or d(ecline). */
const approvalPress = callbackCodec("cap", ["id", "r", "s", "d"]);

/** Two records of one entry into the approval status (a sync's and a write-through's) lie closer than this. */
const SAME_ENTRY_MS = 10 * 60 * 1000;

const rounds = (services: BotServices) => services.store.open(approvalRounds);

/** The round an entry into the approval status seen at `at` belongs to (a new one unless it is the same entry). */
export async function noteRound(services: BotServices, orderId: string, at: Date): Promise<string> {
  const kept = await rounds(services).read(orderId);
  if (
    kept &&
    Math.abs(kept.at - at.getTime()) <= SAME_ENTRY_MS &&
    !(await answered(services, orderId, kept.round))
  )
    return kept.round;
  const round = Math.floor(at.getTime() / 1000).toString(36);
  await rounds(services).write(orderId, { round, at: at.getTime() });
  return round;
}

/** Whether the client answered (or is answering) this round: an entry after that is a new one, however soon. */
async function answered(services: BotServices, orderId: string, round: string): Promise<boolean> {
  const key = `client-approval.${orderId}.${round}`;
  const marker = await Promise.resolve(markersOf(services.store).read(key)).catch(() => undefined);
  return marker !== undefined;
}

/** The order's current round; "0" when it entered the approval status before the bot looked. */
async function currentRound(services: BotServices, orderId: string): Promise<string> {
  return (await rounds(services).read(orderId))?.round ?? "0";
}

const cents = (amount: number) => Math.round(amount * 100).toString(36);

/** The approval message of an order waiting for its client, with its buttons; undefined when there is nothing to approve. */
export function approvalMessage(
  r: Reader,
  order: Order,
  round: string,
): { text: string; keyboard?: InlineKeyboard } | undefined {
  const amount = estimateOf(order, r.money);
  if (!r.approval || order.status?.id !== r.approval.waiting.id || amount === undefined) return undefined;
  const text = r.t("client-notify-approval", {
    number: escapeHtml(orderTitle(order)),
    device: deviceOf(r, order),
    amount: formatAmount(amount, r.locale),
  });
  const values = (d: string) => ({ id: order.id, r: round, s: cents(amount), d });
  // An id too long for a button: the message without them (the client calls the workshop).
  if (!approvalPress.fits(values("a"))) return { text };
  const keyboard = new InlineKeyboard()
    .text(r.t("client-approve"), approvalPress.encode(values("a")))
    .text(r.t("client-decline"), approvalPress.encode(values("d")));
  return { text, keyboard };
}

/** The approval message of an order as the client's list shows it (the round it is in now). */
export async function approvalMessageNow(
  services: BotServices,
  r: Reader,
  order: Order,
): Promise<{ text: string; keyboard?: InlineKeyboard } | undefined> {
  return approvalMessage(r, order, await currentRound(services, order.id));
}

export const approvalFeature = new Composer<BotContext>();

approvalFeature.callbackQuery(approvalPress.filter, async (ctx) => {
  const data = approvalPress.decode(ctx.callbackQuery.data);
  const { services } = ctx;
  const userId = ctx.from.id;
  const held = data && services.mirror?.get(data.id)?.order;
  const link = await clientLinksOf(services.store).read(userId);
  // Only the linked client of that order: anyone else learns nothing about it.
  if (
    !data ||
    !held ||
    !link ||
    held.isVisible === false ||
    !inShops(held, services.config.shopIds) ||
    !link.counteragents.some((c) => c.id === held.counteragent?.id) ||
    !hasPhone(held, link.phone, services.config.phoneCountry)
  ) {
    await ctx.answerCallbackQuery({ text: ctx.t("client-not-yours"), show_alert: true });
    return;
  }
  const r = await readerFor(services, await localeOf(ctx));
  const key = `client-approval.${held.id}.${data.r}`;
  const before = await writtenBefore<Decided>(ctx, key);
  if (before) {
    await ctx.answerCallbackQuery({ text: ctx.t(`client-already-${before.decision}`), show_alert: true });
    return;
  }
  const approval = r.approval;
  if (!approval || held.status?.id !== approval.waiting.id) {
    await ctx.answerCallbackQuery({
      text: ctx.t("client-moved-on", { status: statusText(r, held) }),
      show_alert: true,
    });
    return;
  }
  const amount = estimateOf(held);
  if (
    amount === undefined ||
    cents(amount) !== data.s ||
    (await currentRound(services, held.id)) !== data.r
  ) {
    // A newer estimate: say so and show it with its own buttons.
    await ctx.answerCallbackQuery({
      text: ctx.t("client-estimate-changed", { amount: formatAmount(amount ?? 0, r.locale) }),
      show_alert: true,
    });
    const fresh = await approvalMessageNow(services, r, held);
    if (fresh) await ctx.reply(fresh.text, { reply_markup: fresh.keyboard });
    return;
  }
  await decide(ctx, r, held, approval, { decision: data.d === "a" ? "approved" : "declined", amount }, key);
});

async function decide(
  ctx: BotContext,
  r: Reader,
  held: Order,
  approval: ApprovalStatuses,
  wanted: Decided,
  key: string,
): Promise<void> {
  const { config, i18n } = ctx.services;
  const target = approval[wanted.decision];
  // The CRM's comment in the shop's language: staff read it.
  const comment = i18n.t(config.defaultLocale, `client-comment-${wanted.decision}`, {
    amount: formatAmount(wanted.amount, config.defaultLocale),
  });
  const amountText = formatAmount(wanted.amount, r.locale);
  const outcome = await clientWrite(
    ctx,
    {
      kind: clientApproval,
      key,
      data: {
        orderId: held.id,
        title: orderTitle(held),
        status: target,
        comment,
        decision: wanted.decision,
        amount: wanted.amount,
        amountText,
      },
      checks: approvalChecks(target.id, comment),
    },
    // Still the linked client of that order at the moment of the write.
    async (now) => {
      const link = await clientLinksOf(now.services.store).read(now.from?.id ?? 0);
      return link?.counteragents.some((c) => c.id === held.counteragent?.id) ?? false;
    },
  );
  if (outcome.kind === "busy") {
    await ctx.answerCallbackQuery({ text: ctx.t("client-approval-busy") });
    return;
  }
  if (outcome.kind === "refused") {
    await ctx.answerCallbackQuery({ text: ctx.t("client-not-yours"), show_alert: true });
    return;
  }
  if (outcome.kind === "failed") {
    await ctx.answerCallbackQuery({ text: ctx.t("client-approval-failed"), show_alert: true });
    return;
  }
  if (outcome.earlier) {
    await ctx.answerCallbackQuery({
      text: ctx.t(`client-already-${outcome.result.decision}`),
      show_alert: true,
    });
    return;
  }
  // Written through by the kind: the mirror holds the new status with the client as its author.
  await ctx.answerCallbackQuery();
  const text = r.t(`client-${wanted.decision}`, { number: escapeHtml(orderTitle(held)), amount: amountText });
  await ctx.editMessageText(text).catch(() => ctx.reply(text));
}
