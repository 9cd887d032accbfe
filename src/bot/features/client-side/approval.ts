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
import { Composer } from "grammy";
import type { Order } from "../../../service/index.ts";
import type { BotContext } from "../../context.ts";
import { localeOf } from "../../i18n.ts";
import { readableName, signedComment } from "../../state/comment-author.ts";
import { formatAmount } from "../../ui/money.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { approvalChecks, clientApproval, type Decided } from "../../writes/kinds/client-approval.ts";
import { checkLater } from "./approval-checks.ts";
import { approvalMessage, approvalPress, cents, declineQuestion } from "./approval-message.ts";
import { approvalMessageNow, currentRound } from "./approval-rounds.ts";
import { clientWrite, writtenBefore } from "./client-writes.ts";
import { clientLinksOf } from "./links.ts";
import { estimateOf, hasPhone, inShops } from "./orders.ts";
import { payKeyboard } from "./pay-button.ts";
import { readerFor } from "./reader.ts";
import type { ApprovalStatuses } from "./statuses.ts";
import { callLine, phoneOf, type Reader, shopOf, statusText } from "./view.ts";

export { approvalMessageNow } from "./approval-rounds.ts";

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
  const round = data.r;
  if (data.d === "d" || data.d === "b") {
    // ❌ asks once before it sends; "back" shows the question's buttons again.
    const shown = data.d === "d" ? declineQuestion(r, held, round) : approvalMessage(r, held, round);
    await ctx.answerCallbackQuery();
    if (shown) await ctx.editMessageText(shown.text, { reply_markup: shown.keyboard }).catch(() => undefined);
    return;
  }
  if (data.d !== "a" && data.d !== "x") {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  await decide(ctx, r, held, approval, { decision: data.d === "a" ? "approved" : "declined", amount }, key);
});

/** The client's name as the CRM holds it (the order's counteragent), else their Telegram name. */
function clientAuthor(order: Order, ctx: BotContext): string {
  const telegram = [ctx.from?.first_name, ctx.from?.last_name].filter(Boolean).join(" ");
  return readableName(order.counteragent?.name?.trim() || telegram);
}

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
  // The CRM's comment in the shop's language, signed by the client as staff sign theirs: staff read it.
  const comment = signedComment(
    clientAuthor(held, ctx),
    i18n.t(config.defaultLocale, `client-comment-${wanted.decision}`, {
      amount: formatAmount(wanted.amount, config.defaultLocale),
    }),
  );
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
  if (outcome.kind === "failed" && outcome.cause === "unknown") {
    // It may have landed: said so, checked, and the outcome told once known (approval-checks.ts).
    await checkLater(ctx.services, key, held.id, ctx.from?.id ?? 0);
    await ctx.answerCallbackQuery();
    await ctx.reply(r.t("client-approval-unsure", { number: escapeHtml(orderTitle(held)) }));
    return;
  }
  if (outcome.kind === "failed") {
    // An alert is plain text: the phone as digits, no HTML.
    const phone = phoneOf(r, shopOf(r, held));
    const text = [ctx.t("client-approval-failed"), phone ? ctx.t("client-call-plain", { phone }) : ""];
    await ctx.answerCallbackQuery({ text: text.filter(Boolean).join(" "), show_alert: true });
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
  const told = r.t(`client-${wanted.decision}`, { number: escapeHtml(orderTitle(held)), amount: amountText });
  const call = wanted.decision === "declined" ? callLine(r, held) : "";
  const text = call ? `${told}\n${call}` : told;
  // Approved into the prepayment status: the prepayment is offered at once (features/payments).
  const now = ctx.services.mirror?.get(held.id)?.order;
  const pay = now && wanted.decision === "approved" ? payKeyboard(r, config, [now], false) : undefined;
  await ctx.editMessageText(text, { reply_markup: pay }).catch(() => ctx.reply(text, { reply_markup: pay }));
}
