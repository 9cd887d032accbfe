/**
 * "✅ I accept the terms" under a client's receipt: the acceptance written ONCE per
 * order as the order's comment (kind "comment" through the write core, the marker
 * keyed by the order: a second press, by this client or another linked one, or a
 * redelivered update sends nothing), in the document language: who (the client's
 * name as the CRM holds it), the linked phone, when. The reprinted receipt and the
 * act read it back from the order's comments (paper/acceptance.ts). Only the linked
 * client of that order is heard: anyone else (a forged or forwarded button) learns
 * nothing and costs no request; the checks read the mirror.
 */
import { LOCALES } from "../../../config/schema.ts";
import type { BotContext } from "../../context.ts";
import { localeOf } from "../../i18n.ts";
import { acceptanceOf } from "../../paper/acceptance.ts";
import { readableName, signedComment } from "../../state/comment-author.ts";
import { formatDateTime } from "../../ui/dates.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { commentChecks, orderComment } from "../../writes/kinds/order-comment.ts";
import { clientWrite, writtenBefore } from "../client-side/client-writes.ts";
import { clientLinksOf } from "../client-side/links.ts";
import { termsAccept } from "./callbacks.ts";
import { isClientOf } from "./send.ts";

/** The exactly-once key of an order's acceptance: one per order, whoever presses. */
const acceptKey = (orderId: string) => `client-terms.${orderId}`;

export async function acceptTerms(ctx: BotContext & { callbackQuery: { data: string } }): Promise<void> {
  const { services } = ctx;
  const data = termsAccept.decode(ctx.callbackQuery.data);
  const order = data && services.mirror?.get(data.id)?.order;
  const link = await clientLinksOf(services.store).read(ctx.from?.id ?? 0);
  if (!order || !link || !isClientOf(ctx, link, order)) {
    await ctx.answerCallbackQuery({ text: ctx.t("client-not-yours"), show_alert: true });
    return;
  }
  const key = acceptKey(order.id);
  const title = orderTitle(order);
  const { config, i18n, clock } = services;
  // Written before (this marker, or a comment the mirror holds: the marker lives a week, the comment for good).
  const phrases = LOCALES.map((l) => i18n.t(l, "paper-terms-accepted-phrase"));
  if ((await writtenBefore(ctx, key)) !== undefined || acceptanceOf(order, phrases) !== undefined) {
    await ctx.answerCallbackQuery({ text: ctx.t("client-receipt-already"), show_alert: true });
    await dropButton(ctx);
    return;
  }
  const doc = config.paper.locale;
  const now = clock.now();
  const telegram = [ctx.from?.first_name, ctx.from?.last_name].filter(Boolean).join(" ");
  const text = signedComment(
    readableName(order.counteragent?.name?.trim() || telegram),
    i18n.t(doc, "client-receipt-comment", {
      phrase: i18n.t(doc, "paper-terms-accepted-phrase"),
      phone: link.phone,
      at: formatDateTime(now, doc, config.timezone),
    }),
  );
  const outcome = await clientWrite(
    ctx,
    {
      kind: orderComment,
      key,
      data: { orderId: order.id, title, text },
      checks: commentChecks(text, now.getTime()),
    },
    // Still the linked client of that order at the moment of the write.
    async (at) => {
      const still = await clientLinksOf(at.services.store).read(at.from?.id ?? 0);
      return still !== undefined && isClientOf(at, still, order);
    },
  );
  if (outcome.kind === "busy") {
    await ctx.answerCallbackQuery({ text: ctx.t("client-receipt-busy") });
    return;
  }
  if (outcome.kind === "refused") {
    await ctx.answerCallbackQuery({ text: ctx.t("client-not-yours"), show_alert: true });
    return;
  }
  if (outcome.kind === "failed") {
    // Not written (or not known): the button stays; a press later checks first (the marker).
    await ctx.answerCallbackQuery({ text: ctx.t("client-receipt-failed"), show_alert: true });
    return;
  }
  if (outcome.earlier) {
    await ctx.answerCallbackQuery({ text: ctx.t("client-receipt-already"), show_alert: true });
    await dropButton(ctx);
    return;
  }
  await ctx.answerCallbackQuery();
  await dropButton(ctx);
  const locale = await localeOf(ctx);
  await ctx.reply(
    ctx.t("client-receipt-accepted", {
      number: escapeHtml(title),
      at: formatDateTime(now, locale, config.timezone),
    }),
  );
}

/** The button off the receipt: accepted, it asks nothing more. */
async function dropButton(ctx: BotContext): Promise<void> {
  await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch(() => undefined);
}
