/**
 * A review of 3 stars or less reaches the owners (OWNER_IDS), each in their language: the
 * order, its client and phone (a private chat), the master, the stars; the client's words
 * follow in a second message when they write some. Once per order and owner (the outbox's keys).
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import { InlineKeyboard } from "grammy";
import type { Order } from "../../../service/index.ts";
import { type SendDeps, sendToUser } from "../../notify/send.ts";
import { orderOpenById } from "../../ui/callbacks.ts";
import { deviceText, orderTitle } from "../../ui/order-card.ts";
import { cutText, escapeHtml } from "../../ui/text.ts";
import type { Review } from "./records.ts";

/** The client's words as the owners read them, at most. */
const WORDS_MAX = 1500;

function starsText(stars: number): string {
  return "★".repeat(stars) + "☆".repeat(5 - stars);
}

function header(t: TranslateFunction, review: Review, order: Order | undefined, phone: string | undefined) {
  const number = escapeHtml(order ? orderTitle(order) : review.orderId);
  const stars = review.stars ?? 0;
  const device = order && deviceText(order);
  const name = order?.counteragent?.name;
  return [
    t("review-low-staff", { number, stars: starsText(stars), count: stars }),
    name ? t("review-low-client", { name: escapeHtml(name) }) : undefined,
    phone ? t("review-low-phone", { phone: escapeHtml(phone) }) : undefined,
    device ? t("review-low-device", { device: escapeHtml(device) }) : undefined,
    review.master?.name
      ? t("review-low-master", { master: escapeHtml(review.master.name) })
      : t("review-low-master-none"),
  ].filter(Boolean);
}

function keyboard(t: TranslateFunction, order: Order | undefined): InlineKeyboard | undefined {
  if (!order || !orderOpenById.fits({ id: order.id })) return undefined;
  return new InlineKeyboard().text(
    t("review-btn-card", { number: orderTitle(order) }),
    orderOpenById.encode({ id: order.id }),
  );
}

/** Tells the owners of a low review (`words` absent) or of the words added to it. */
export async function tellOwners(
  deps: SendDeps,
  review: Review,
  phone: string | undefined,
  words?: string,
): Promise<void> {
  const order = deps.services.mirror?.get(review.orderId)?.order;
  const kind = words === undefined ? "review-low" : "review-words";
  for (const owner of deps.services.config.ownerIds ?? []) {
    await sendToUser(deps, owner, `${kind}:${review.orderId}:${owner}`, async ({ t }) => {
      const lines = header(t, review, order, phone);
      if (words === undefined) lines.push("", t("review-low-told"));
      else lines.push("", t("review-low-words", { words: escapeHtml(cutText(words, WORDS_MAX)) }));
      return { text: lines.join("\n"), keyboard: keyboard(t, order) };
    });
  }
}
