/**
 * The client's page (CLIENTS=on): a linked client's own orders as their chat
 * lists them (by the number they shared, from the mirror: 0 requests), and what
 * they may do there, each through the chat's own path:
 * - approve or decline an estimate: the client-approval write, once per order
 *   and round (features/client-side/approval-answer.ts), so a chat press and a
 *   page tap of the same round make one PATCH between them;
 * - write to the shop: the shop's inbox (features/client-inbox), as a message
 *   in the chat;
 * - pay: the invoice into their chat (features/payments), paid there.
 * Only what the chat shows a client: never a name of another, a staff member or a comment.
 */
import type { Order } from "../../service/index.ts";
import type { BotServices } from "../context.ts";
import { chatCommentAs } from "../features/client-inbox/comments.ts";
import { postToInbox } from "../features/client-inbox/index.ts";
import { openOrdersOf } from "../features/client-inbox/view.ts";
import {
  answerRequest,
  checkAnswer,
  isLinkedClientOf,
  stillClientOf,
} from "../features/client-side/approval-answer.ts";
import { checkLater } from "../features/client-side/approval-checks.ts";
import { cents } from "../features/client-side/approval-message.ts";
import { currentRound } from "../features/client-side/approval-rounds.ts";
import { clientWriteAs } from "../features/client-side/client-writes.ts";
import type { ClientLink } from "../features/client-side/links.ts";
import { estimateOf, ordersByPhone } from "../features/client-side/orders.ts";
import { payKeyboard } from "../features/client-side/pay-button.ts";
import { createRateLimit } from "../features/client-side/rate-limit.ts";
import { hoursText, readerFor } from "../features/client-side/reader.ts";
import { callLine, clientFacts, listedOrders, type Reader } from "../features/client-side/view.ts";
import { sendInvoice } from "../features/payments/invoice.ts";
import { paymentsOn } from "../features/payments/setup.ts";
import { payableNow } from "../money/payable.ts";
import { deviceText, orderTitle } from "../ui/order-card.ts";
import { cutText, escapeHtml } from "../ui/text.ts";
import type { ApiAnswer } from "./handlers.ts";
import type { ApiRequest } from "./route.ts";
import { nonceOf, oncePerKey, submissionKey } from "./submissions.ts";
import { webActor } from "./web-actor.ts";

/** A verdict longer than this is cut, as in the chat's approval message. */
const VERDICT_LIMIT = 800;
const MAX_MESSAGE = 2000;

const bad = { status: 400, body: { error: "bad-request" } };

/** The linked client's orders the chat would list them (open, and handed over in the last 30 days). */
function listedOf(services: BotServices, r: Reader, link: ClientLink): Order[] {
  if (!services.mirror) return [];
  const ids = new Set(link.counteragents.map((c) => c.id));
  const mine = ordersByPhone(
    services.mirror,
    services.config.shopIds,
    link.phone,
    services.config.phoneCountry,
  ).filter((o) => ids.has(o.counteragent?.id ?? ""));
  return listedOrders(r, mine, services.clock.now());
}

/** One order as its client reads it: nothing but what the chat shows them. */
async function clientView(services: BotServices, r: Reader, order: Order) {
  const facts = clientFacts(r, order);
  const amount = estimateOf(order, r.money);
  const waiting = r.approval && order.status?.id === r.approval.waiting.id && amount !== undefined;
  const payable = paymentsOn(services)
    ? payableNow(services.config.payments, r.statuses, order, r.money)
    : undefined;
  return {
    id: order.id,
    number: orderTitle(order),
    device: deviceText(order),
    status: facts.statusText,
    state: facts.status,
    estimate: facts.estimate,
    due: facts.due,
    deadline: facts.deadline?.getTime(),
    shop: facts.shop,
    approval:
      waiting && amount !== undefined
        ? {
            round: await currentRound(services, order.id),
            s: cents(amount),
            amount,
            verdict: order.recommendation?.trim()
              ? cutText(order.recommendation.trim(), VERDICT_LIMIT)
              : undefined,
          }
        : undefined,
    pay: payable && {
      kind: payable.kind,
      amount: payable.amount,
      currency: services.config.payments?.currency,
    },
  };
}

export async function myOrders(r: ApiRequest): Promise<ApiAnswer> {
  const link = r.caller.link;
  if (!link) return { status: 403, body: { error: "role" } };
  const reader = await readerFor(r.services, r.caller.locale);
  const orders = listedOf(r.services, reader, link);
  const open = openOrdersOf(r.services, reader, link).map((o) => o.id);
  return {
    body: {
      orders: await Promise.all(orders.map((o) => clientView(r.services, reader, o))),
      // The orders a message may be about (those still in the shop).
      open,
      hours: hoursText(r.services, reader.t),
    },
  };
}

/** ✅ / ❌ on the page: the chat's answer, checked and written the same way. */
export async function answerEstimate(r: ApiRequest): Promise<ApiAnswer> {
  const { services, caller } = r;
  const { orderId, round, s, decision } = r.body;
  if (
    typeof orderId !== "string" ||
    typeof round !== "string" ||
    typeof s !== "string" ||
    (decision !== "approved" && decision !== "declined")
  )
    return bad;
  const t = (key: string, vars?: Record<string, string | number>) =>
    services.i18n.t(caller.locale, key, vars);
  const reader = await readerFor(services, caller.locale);
  const userId = caller.user.id;
  // A double tap (and a chat press of the same round at that moment) waits for the first one's answer.
  return oncePerKey(`ma-answer-${userId}-${orderId}.${round}`, async (): Promise<ApiAnswer> => {
    const checked = await checkAnswer(services, reader, userId, { id: orderId, r: round, s });
    if (!checked.ok) {
      if (checked.reason === "not-yours") return { status: 404, body: { error: "not-found" } };
      const message =
        checked.reason === "already"
          ? t(`client-already-${checked.decision}`)
          : checked.reason === "moved-on"
            ? t("client-moved-on", { status: checked.status })
            : t("ma-estimate-changed");
      return { body: { ok: false, outcome: checked.reason, message } };
    }
    const telegram = [caller.user.firstName, caller.user.lastName].filter(Boolean).join(" ");
    const request = answerRequest(services, reader, checked, decision, telegram);
    const actor = () => webActor(services, caller, r.log, stillClientOf(services, userId, checked.held));
    const outcome = await clientWriteAs(actor, `ma-${userId}-${checked.key}`, request, { services });
    if (outcome.kind === "busy")
      return { body: { ok: false, outcome: "busy", message: t("client-approval-busy") } };
    if (outcome.kind === "refused") return { status: 404, body: { error: "not-found" } };
    if (outcome.kind === "failed" && outcome.cause === "unknown") {
      // It may have landed: checked later, the outcome told in the chat (approval-checks.ts).
      await checkLater(services, checked.key, checked.held.id, userId);
      return { body: { ok: false, outcome: "unknown", message: t("ma-answer-unsure") } };
    }
    if (outcome.kind === "failed")
      return { body: { ok: false, outcome: "failed", message: t("client-approval-failed") } };
    const after = services.mirror?.get(checked.held.id)?.order ?? checked.held;
    if (!outcome.earlier) await toChat(r, reader, after, outcome.result.decision, request.data.amountText);
    return {
      body: {
        ok: true,
        decision: outcome.result.decision,
        earlier: outcome.earlier,
        order: await clientView(services, reader, after),
      },
    };
  });
}

/** The answer told in the client's chat too, as a press there tells it (with 💳 for a prepayment due now). */
async function toChat(r: ApiRequest, reader: Reader, order: Order, decision: string, amount: string) {
  const told = reader.t(`client-${decision}`, { number: escapeHtml(orderTitle(order)), amount });
  const call = decision === "declined" ? callLine(reader, order) : "";
  const pay = decision === "approved" ? payKeyboard(reader, r.services.config, [order], false) : undefined;
  await r.api
    .sendMessage(r.caller.user.id, call ? `${told}\n${call}` : told, { reply_markup: pay })
    .catch(() => undefined);
}

const messageRate = new WeakMap<BotServices, ReturnType<typeof createRateLimit>>();

/** ✍️ on the page: the words go to the shop's inbox as a message in the chat would. */
export async function writeToShop(r: ApiRequest): Promise<ApiAnswer> {
  const { services, caller } = r;
  const link = caller.link;
  const key = submissionKey(r.body.key);
  const text = typeof r.body.text === "string" ? r.body.text.trim() : "";
  if (!link || !key || !text || text.length > MAX_MESSAGE) return bad;
  const reader = await readerFor(services, caller.locale);
  const open = openOrdersOf(services, reader, link);
  const orderId = typeof r.body.orderId === "string" && r.body.orderId ? r.body.orderId : undefined;
  const order = orderId ? open.find((o) => o.id === orderId) : open.length === 1 ? open[0] : undefined;
  if (orderId && !order) return { status: 404, body: { error: "not-found" } };
  let rate = messageRate.get(services);
  if (!rate) {
    rate = createRateLimit(services.config.clients?.ratePerMinute ?? 12, () =>
      services.clock.now().getTime(),
    );
    messageRate.set(services, rate);
  }
  const userId = caller.user.id;
  const nonce = nonceOf(userId, key);
  return oncePerKey(nonce, async (): Promise<ApiAnswer> => {
    if (rate(userId) !== "ok") return { status: 429, body: { error: "rate" } };
    const posted = await postToInbox(
      { services, api: r.api, logger: r.log },
      {
        key: nonce,
        client: userId,
        orderId: order?.id,
        general: order === undefined,
        telegramName: [caller.user.firstName, caller.user.lastName].filter(Boolean).join(" "),
        words: text,
      },
    );
    if (order)
      await chatCommentAs(
        { services, log: r.log, userId },
        (authorize) => webActor(services, caller, r.log, authorize),
        { client: userId, orderId: order.id, words: text, nonce: `inbox.${nonce}` },
      );
    const t = (k: string) => services.i18n.t(caller.locale, k);
    return posted.targets > 0
      ? { body: { ok: true, message: t("ma-message-sent") } }
      : { body: { ok: false, outcome: "nobody", message: t("ma-message-nobody") } };
  });
}

/** 💳 on the page: the invoice goes into the client's chat with the bot, where Telegram takes the payment. */
export async function payOrder(r: ApiRequest): Promise<ApiAnswer> {
  const { services, caller } = r;
  const id = r.body.orderId;
  const order = typeof id === "string" ? services.mirror?.get(id)?.order : undefined;
  if (!order || !(await isLinkedClientOf(services, caller.user.id, order)))
    return { status: 404, body: { error: "not-found" } };
  const t = (k: string) => services.i18n.t(caller.locale, k);
  if (!paymentsOn(services)) return { body: { ok: false, message: t("payment-unavailable") } };
  const reader = await readerFor(services, caller.locale);
  const sent = await sendInvoice(services, r.api, caller.user.id, order, reader).catch((error: unknown) => {
    r.log.warn({ err: String(error) }, "an invoice from the Mini App not sent");
    return "unavailable" as const;
  });
  if (sent === "sent") return { body: { ok: true, message: t("ma-invoice-sent") } };
  return {
    body: { ok: false, message: t(sent === "nothing" ? "payment-nothing-due" : "payment-unavailable") },
  };
}
