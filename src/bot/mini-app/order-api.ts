/**
 * One order for the page (the reader's held copy: no request when held) and its
 * writes: a status change with the money taken on entering it (the one money
 * model gives what is due) and a comment, each through the order writer with
 * the page's actor, once per submission key; the card then goes to the user's
 * chat with the bot, as after a chat write.
 */
import type { Api } from "grammy";
import type { Order } from "../../service/index.ts";
import type { BotServices } from "../context.ts";
import { sendPhotos } from "../features/photos/index.ts";
import { loadStatusOptions } from "../features/status-change/statuses.ts";
import { moneyOf, moneySettings } from "../money/order-money.ts";
import { commentAuthor, signedComment } from "../state/comment-author.ts";
import { createPhotoStore } from "../state/order-photos.ts";
import type { InlineButton } from "../ui/keyboard.ts";
import { deviceText, orderTitle } from "../ui/order-card.ts";
import { cutText, escapeHtml } from "../ui/text.ts";
import { runOnce } from "../writes/actor.ts";
import { orderWriter } from "../writes/order-writer.ts";
import type { Caller } from "./caller.ts";
import type { ApiAnswer } from "./handlers.ts";
import type { ApiRequest } from "./route.ts";
import { failureBody, nonceOf, oncePerKey, submissionKey } from "./submissions.ts";
import { webActor } from "./web-actor.ts";

const MAX_AMOUNT = 100_000_000;
const MAX_COMMENT = 1000;

function orderView(services: BotServices, caller: Caller, order: Order) {
  const money = moneyOf(order, moneySettings(services.config));
  return {
    id: order.id,
    number: orderTitle(order),
    status: order.status && { id: order.status.id, name: order.status.name },
    shop: order.shop && { id: order.shop.id, name: order.shop.name },
    type: order.typeOrder?.name,
    client: order.counteragent?.name,
    phones: caller.role === "client" ? [] : (order.counteragent?.phones ?? []),
    device: deviceText(order),
    sn: order.sn,
    problem: order.problem ?? [],
    completeSet: order.completeSet ?? [],
    appearance: order.appearance ?? [],
    master: order.master?.name,
    manager: order.manager?.name,
    deadline: order.deadline?.getTime(),
    created: order.dateCreate?.getTime(),
    urgent: order.isUrgent === true,
    // The master's verdict, as the card's 🩺 line shows it.
    verdict: order.recommendation?.trim() ? cutText(order.recommendation.trim(), 500) : undefined,
    comments: (order.comments ?? []).slice(-10).map((c) => c.text ?? ""),
    money: {
      price: money.price,
      byEstimate: money.priceByEstimate,
      paid: money.paid,
      due: money.due,
      overpaid: money.overpaid,
    },
  };
}

/**
 * The order as held (0 requests); `refresh` (the page's 🔄, a tap of the user's): the full record, one
 * request: the mirror's list records lack the verdict and the comments, which only GET /orders/{id} gives.
 */
async function heldOrder(
  services: BotServices,
  id: unknown,
  refresh = false,
  userId?: number,
): Promise<Order | undefined> {
  if (typeof id !== "string" || !/^[\w-]{1,100}$/.test(id)) return undefined;
  const held = refresh ? undefined : services.orders.held(id);
  if (held) return held.order;
  const read = services.orders.byId(id, { refresh, userId });
  return (await read.catch(() => undefined))?.order;
}

export async function getOrder(r: ApiRequest): Promise<ApiAnswer> {
  const refresh = r.query.get("refresh") === "1";
  const order = await heldOrder(r.services, r.query.get("id"), refresh, r.caller.user.id);
  if (!order) return { status: 404, body: { error: "not-found" } };
  const photos = await createPhotoStore(r.services.store)
    .count(order.id)
    .catch(() => 0);
  const statuses = await loadStatusOptions(r.services).catch(() => []);
  const registers = order.shop?.id
    ? await r.services.reference.cashRegisters(order.shop.id).catch(() => [])
    : [];
  return {
    body: {
      order: orderView(r.services, r.caller, order),
      photos,
      statuses: statuses.map((s) => ({ id: s.id, name: s.name, group: s.group, pay: s.isPayRequired })),
      registers: registers.map((reg) => ({
        id: reg.id,
        name: reg.name ?? reg.id,
        cash: reg.isEnableCash !== false,
        bank: reg.isEnableBank !== false,
      })),
    },
  };
}

function amount(raw: unknown): number | undefined | null {
  if (raw === undefined || raw === null || raw === "" || raw === 0) return undefined;
  const value = typeof raw === "number" ? raw : Number(String(raw).replace(",", "."));
  if (!Number.isFinite(value) || value < 0 || value > MAX_AMOUNT) return null;
  return Math.round(value * 100) / 100 || undefined;
}

export async function changeStatus(r: ApiRequest): Promise<ApiAnswer> {
  const t = (key: string, vars?: Record<string, string | number>) =>
    r.services.i18n.t(r.caller.locale, key, vars);
  const key = submissionKey(r.body.key);
  const order = await heldOrder(r.services, r.body.orderId);
  if (!key || !order) return { status: 400, body: { error: "bad-request" } };
  const target = (await loadStatusOptions(r.services)).find((s) => s.id === r.body.statusId);
  if (!target) return { status: 400, body: { error: "status" } };
  const pay = (r.body.payment ?? undefined) as Record<string, unknown> | undefined;
  const money = amount(pay?.money);
  const bank = amount(pay?.bank);
  if (money === null || bank === null) return { status: 400, body: { error: "amount" } };
  let payment: { registerId: string; money?: number; bank?: number } | undefined;
  if (money !== undefined || bank !== undefined) {
    const registers = order.shop?.id ? await r.services.reference.cashRegisters(order.shop.id) : [];
    const register = registers.find((reg) => reg.id === pay?.registerId);
    if (!register) return { status: 400, body: { error: "register" } };
    payment = { registerId: register.id, money, bank };
  }
  const actor = webActor(r.services, r.caller, r.log);
  const nonce = nonceOf(r.caller.user.id, key);
  const result = await oncePerKey(nonce, () =>
    orderWriter.change(runOnce(actor, nonce), order, {
      status: { id: target.id, name: target.name, group: target.group },
      payment,
    }),
  );
  if (result.kind !== "done") return { status: 200, body: failureBody(result, t) };
  await toChat(
    r.api,
    r.caller,
    `${t("st-done", { status: target.name })}\n\n${result.card.text}`,
    result.card.keyboard,
  );
  return { body: { ok: true, order: orderView(r.services, r.caller, result.order) } };
}

export async function addComment(r: ApiRequest): Promise<ApiAnswer> {
  const t = (k: string) => r.services.i18n.t(r.caller.locale, k);
  const key = submissionKey(r.body.key);
  const order = await heldOrder(r.services, r.body.orderId);
  const text = typeof r.body.text === "string" ? r.body.text.trim() : "";
  if (!key || !order || !text || text.length > MAX_COMMENT)
    return { status: 400, body: { error: "bad-request" } };
  const { user } = r.caller;
  const author = await commentAuthor(r.services, {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
  });
  const actor = webActor(r.services, r.caller, r.log);
  const nonce = nonceOf(user.id, key);
  const result = await oncePerKey(nonce, () =>
    orderWriter.comment(runOnce(actor, nonce), order.id, orderTitle(order), signedComment(author, text)),
  );
  if (result.kind !== "done") return { body: failureBody(result, t) };
  const after = result.order ?? r.services.orders.held(order.id)?.order ?? order;
  return { body: { ok: true, order: orderView(r.services, r.caller, after) } };
}

/** 📷 on the page: the order's kept photos (Telegram's files) go to the user's chat, as the card's 📷 sends them. */
export async function photosToChat(r: ApiRequest): Promise<ApiAnswer> {
  const order = await heldOrder(r.services, r.body.orderId);
  if (!order) return { status: 404, body: { error: "not-found" } };
  const kept = await createPhotoStore(r.services.store).list(order.id);
  const t = (key: string, vars?: Record<string, string>) => r.services.i18n.t(r.caller.locale, key, vars);
  if (kept.length === 0) return { body: { ok: false, message: t("photos-none") } };
  const caption = t("photos-caption", { order: escapeHtml(orderTitle(order)) });
  const sent = await sendPhotos(r.api, r.caller.user.id, kept, caption).then(
    () => true,
    (error: unknown) => {
      r.log.info({ err: String(error) }, "photos not sent to the user's chat");
      return false;
    },
  );
  return { body: { ok: sent, message: t(sent ? "ma-photos-sent" : "photos-start-bot") } };
}

/** A message to the user's chat with the bot; a chat they never opened (403) is no failure of the write. */
async function toChat(api: Api, caller: Caller, text: string, keyboard?: InlineButton[][]): Promise<void> {
  await api
    .sendMessage(caller.user.id, text, { reply_markup: keyboard ? { inline_keyboard: keyboard } : undefined })
    .catch(() => undefined);
}
