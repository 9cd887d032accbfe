/**
 * Asking for reviews that fall due: each order's linked clients, once per order (the
 * outbox's key is the order and the user; the record moves to "asked" after), in the
 * client's language, with 1-5 ★. Nobody who sent /stop (no link), blocked the bot, or whose
 * counteragent does not allow Telegram (the consent check every client message makes:
 * client-side/consent.ts, at most one GET per client an hour, none when read lately or held
 * by the mirror) is asked; an order reopened or deleted since is not asked about.
 */
import type { Order } from "../../../service/index.ts";
import type { BotServices } from "../../context.ts";
import type { Outbox } from "../../notify/outbox.ts";
import { outboxOf, type SendDeps } from "../../notify/send.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { consentAllows } from "../client-side/consent.ts";
import { clientLinksOf, linkedClientsAudience } from "../client-side/links.ts";
import { hasPhone, inShops } from "../client-side/orders.ts";
import { readerFor } from "../client-side/reader.ts";
import { deviceOf, statusOf } from "../client-side/view.ts";
import { reviewStars } from "./callbacks.ts";
import { STALE_MS } from "./hand-overs.ts";
import { clientReviews, DUE_KEY, type Review, reviewsDue } from "./records.ts";

/** The outbox's audience of review questions and answers (linked clients). */
const REVIEWS = "client-review";
/** A question Telegram would not take for this long is not worth asking any more. */
const GIVE_UP_MS = 8 * 60 * 60 * 1000;

/** Outboxes whose audience is set up in this process. */
const registered = new WeakSet<Outbox>();

/** The process's outbox with the reviews' audience set up (at start-up too: questions queued before a restart go on). */
export function reviewOutbox(deps: SendDeps): Outbox {
  const outbox = outboxOf(deps);
  if (registered.has(outbox)) return outbox;
  registered.add(outbox);
  outbox.audience(REVIEWS, linkedClientsAudience(deps.services.store));
  return outbox;
}

/** Asks every review due now; false when one of them is to be tried again. */
export async function askDue(deps: SendDeps): Promise<boolean> {
  const { services, logger } = deps;
  const index = services.store.open(reviewsDue);
  const now = services.clock.now().getTime();
  const due = Object.entries((await index.read(DUE_KEY)) ?? {})
    .filter(([, at]) => at <= now)
    .sort(([, a], [, b]) => a - b);
  let complete = true;
  for (const [orderId] of due) {
    const settled = await askOne(deps, orderId, now).catch((error: unknown) => {
      logger.warn({ err: String(error), order: orderId }, "a review was not asked; tried again");
      return false;
    });
    if (!settled) {
      complete = false;
      continue;
    }
    await index.update(DUE_KEY, (pending) => {
      if (!pending?.[orderId]) return pending;
      const { [orderId]: _asked, ...rest } = pending;
      return Object.keys(rest).length > 0 ? rest : undefined;
    });
  }
  return complete;
}

/** Asks one order's review, or notes why nobody is asked; true when settled either way. */
async function askOne(deps: SendDeps, orderId: string, now: number): Promise<boolean> {
  const { services } = deps;
  const reviews = services.store.open(clientReviews);
  const review = await reviews.read(orderId);
  if (review?.state !== "due") return true;
  const order = services.mirror?.get(orderId)?.order;
  const skip = (reason: string) =>
    reviews.update(orderId, (current) =>
      current?.state === "due" ? { ...current, state: "skipped", reason } : current,
    );
  if (now - review.dueAt > STALE_MS) return skip("late").then(() => true);
  if (!order || order.isVisible === false || !inShops(order, services.config.shopIds))
    return skip("gone").then(() => true);
  const plain = await readerFor(services, services.config.defaultLocale);
  if (statusOf(plain, order) !== "handed-over") return skip("reopened").then(() => true);
  const users = await askable(services, review, order);
  if (users.length === 0) return skip("nobody").then(() => true);
  if (!(await consentAllows(services, services.client, review.counteragentId, deps.logger)))
    return skip("consent").then(() => true);
  const outbox = reviewOutbox(deps);
  const links = clientLinksOf(services.store);
  for (const userId of users) {
    const link = await links.read(userId);
    if (!link) continue;
    const r = await readerFor(services, link.locale);
    const text = r.t("review-ask", { number: escapeHtml(orderTitle(order)), device: deviceOf(r, order) });
    const buttons = [1, 2, 3, 4, 5].map((stars) => ({
      text: r.t("review-btn-stars", { stars }),
      callback_data: reviewStars.encode({ order: orderId, stars }),
    }));
    await outbox.send({
      id: `review:${orderId}:${userId}`,
      chatId: userId,
      audience: REVIEWS,
      parts: [{ method: "sendMessage", text, keyboard: { inline_keyboard: [buttons] } }],
      giveUpAt: now + GIVE_UP_MS,
    });
  }
  // The master as the order holds it now (the one who finished it).
  const master = order.master?.id ? { id: order.master.id, name: order.master.name } : review.master;
  await reviews.update(orderId, (current) =>
    current?.state === "due" ? { ...current, state: "asked", asked: users, master } : current,
  );
  return true;
}

/** The linked clients of the order's counteragent who may be asked: not blocked, the order's phone still theirs. */
async function askable(services: BotServices, review: Review, order: Order): Promise<number[]> {
  const links = clientLinksOf(services.store);
  const users: number[] = [];
  for (const userId of await links.usersOf(review.counteragentId)) {
    const link = await links.read(userId);
    if (!link || link.blocked || !link.counteragents.some((c) => c.id === review.counteragentId)) continue;
    if (!hasPhone(order, link.phone, services.config.phoneCountry)) continue;
    if (reviewStars.fits({ order: order.id, stars: 5 })) users.push(userId);
  }
  return users;
}
