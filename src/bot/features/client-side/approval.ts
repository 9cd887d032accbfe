/**
 * The estimate approved in one tap. An order entering the approval status
 * (CLIENT_APPROVAL_STATUS) opens a "round"; its message carries ✅ Approve /
 * ❌ Decline with the order, the round and the amount. A press by the linked
 * client of that order sends ONE PATCH /orders/{id} (the approved or declined
 * status and a comment naming the amount) exactly once per round
 * (client-writes.ts); a double press gets the first answer, a stale one (the
 * order moved on, a newer estimate) is told so, and sends nothing. The mirror
 * takes the new status at once (with the client as its author), so staff who
 * follow the order are told as of any change. The checks read the mirror: 0 requests
 * (approval-answer.ts, shared with the Mini App's page).
 */
import type { BotContext } from "../../context.ts";
import { localeOf } from "../../i18n.ts";
import { Composer } from "../../middleware/composer.ts";
import { formatAmount } from "../../ui/money.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import type { Decided } from "../../writes/kinds/client-approval.ts";
import { type AnswerCheck, answerRequest, checkAnswer, stillClientOf } from "./approval-answer.ts";
import { checkLater } from "./approval-checks.ts";
import { approvalMessage, approvalPress, declineQuestion } from "./approval-message.ts";
import { approvalMessageNow } from "./approval-rounds.ts";
import { clientWrite } from "./client-writes.ts";
import { payKeyboard } from "./pay-button.ts";
import { readerFor } from "./reader.ts";
import { callLine, phoneOf, type Reader, shopOf } from "./view.ts";

export { approvalMessageNow } from "./approval-rounds.ts";

export const approvalFeature = new Composer<BotContext>();

approvalFeature.callbackQuery(approvalPress.filter, async (ctx) => {
  const data = approvalPress.decode(ctx.callbackQuery.data);
  const { services } = ctx;
  const r = await readerFor(services, await localeOf(ctx));
  const checked = data ? await checkAnswer(services, r, ctx.from.id, data) : undefined;
  if (!data || !checked || (!checked.ok && checked.reason === "not-yours")) {
    await ctx.answerCallbackQuery({ text: ctx.t("client-not-yours"), show_alert: true });
    return;
  }
  if (!checked.ok && checked.reason === "already") {
    await ctx.answerCallbackQuery({ text: ctx.t(`client-already-${checked.decision}`), show_alert: true });
    return;
  }
  if (!checked.ok && checked.reason === "moved-on") {
    await ctx.answerCallbackQuery({
      text: ctx.t("client-moved-on", { status: checked.status }),
      show_alert: true,
    });
    return;
  }
  if (!checked.ok) {
    // A newer estimate: say so and show it with its own buttons.
    await ctx.answerCallbackQuery({
      text: ctx.t("client-estimate-changed", { amount: formatAmount(checked.amount ?? 0, r.locale) }),
      show_alert: true,
    });
    const fresh = await approvalMessageNow(services, r, checked.held);
    if (fresh) await ctx.reply(fresh.text, { reply_markup: fresh.keyboard });
    return;
  }
  const { held } = checked;
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
  await decide(ctx, r, checked, data.d === "a" ? "approved" : "declined");
});

async function decide(
  ctx: BotContext,
  r: Reader,
  checked: Extract<AnswerCheck, { ok: true }>,
  decision: Decided["decision"],
): Promise<void> {
  const { config } = ctx.services;
  const { held, key } = checked;
  const telegram = [ctx.from?.first_name, ctx.from?.last_name].filter(Boolean).join(" ");
  const request = answerRequest(ctx.services, r, checked, decision, telegram);
  const amountText = request.data.amountText;
  const outcome = await clientWrite(ctx, request, (now) =>
    stillClientOf(now.services, now.from?.id ?? 0, held)(),
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
  const told = r.t(`client-${decision}`, { number: escapeHtml(orderTitle(held)), amount: amountText });
  const call = decision === "declined" ? callLine(r, held) : "";
  const text = call ? `${told}\n${call}` : told;
  // Approved into the prepayment status: the prepayment is offered at once (features/payments).
  const now = ctx.services.mirror?.get(held.id)?.order;
  const pay = now && decision === "approved" ? payKeyboard(r, config, [now], false) : undefined;
  await ctx.editMessageText(text, { reply_markup: pay }).catch(() => ctx.reply(text, { reply_markup: pay }));
}
