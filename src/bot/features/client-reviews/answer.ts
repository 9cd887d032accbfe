/**
 * The client's answer (mounted inside the client side, before the inbox): a star press on
 * the question counts once, and only from a user who was asked about that order (a forged,
 * repeated or foreign press changes nothing and costs no request). 4-5 ★: thanks and
 * REVIEW_URL's button; 3 ★ or less: the owners are told (owners.ts), the client is thanked,
 * told the owner will call, and may add a few words (their next text, within two hours), which
 * follow to the owners. Nothing of it reaches the service.
 */
import { InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.ts";
import { Composer } from "../../middleware/composer.ts";
import type { SendDeps } from "../../notify/send.ts";
import { cutText } from "../../ui/text.ts";
import { clientLinksOf } from "../client-side/links.ts";
import { reviewStars } from "./callbacks.ts";
import { tellOwners } from "./owners.ts";
import { noteStars } from "./ratings.ts";
import { clientReviews, type Review, reviewWords } from "./records.ts";

/** How long a low review's client may still add their words (later texts are messages to the shop again). */
const WORDS_MS = 2 * 60 * 60 * 1000;
/** The most of the client's words kept. */
const WORDS_KEPT = 2000;
const GOOD = 4;

function starsOf(text: string | undefined): number | undefined {
  return text !== undefined && /^[1-5]$/.test(text) ? Number(text) : undefined;
}

export function reviewClientPart(deps: SendDeps): Composer<BotContext> {
  const part = new Composer<BotContext>();
  part.callbackQuery(reviewStars.filter, async (ctx) => {
    const data = reviewStars.decode(ctx.callbackQuery.data);
    const stars = starsOf(data?.stars);
    const userId = ctx.from.id;
    const reviews = ctx.services.store.open(clientReviews);
    const review = data && stars !== undefined ? await reviews.read(data.order) : undefined;
    const link = await clientLinksOf(ctx.services.store).read(userId);
    // Not a question this user was asked (forged, another client's order, unlinked since): nothing.
    if (!review || stars === undefined || !link || !review.asked?.includes(userId)) {
      ctx.log.info({ from: userId }, "a review press that is not this user's question");
      await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
      return;
    }
    const at = ctx.services.clock.now().getTime();
    let mine = false;
    const answered = await reviews.update(review.orderId, (current) => {
      if (current?.state !== "asked") return current;
      mine = true;
      return { ...current, state: "answered", stars, by: userId, answeredAt: at };
    });
    if (!mine || !answered) {
      await ctx.answerCallbackQuery({ text: ctx.t("review-already") });
      return;
    }
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
    if (answered.master) await noteStars(ctx.services.store, answered.master.id, answered.orderId, stars);
    ctx.log.info({ from: userId, order: answered.orderId, stars }, "a client reviewed an order");
    if (stars >= GOOD) {
      const url = ctx.services.config.clients?.reviewUrl;
      const keyboard = url ? new InlineKeyboard().url(ctx.t("review-btn-url"), url) : undefined;
      await ctx.reply(ctx.t(url ? "review-thanks-good" : "review-thanks-good-plain", { stars }), {
        reply_markup: keyboard,
      });
      return;
    }
    await ctx.services.store
      .open(reviewWords)
      .write(String(userId), { orderId: answered.orderId, until: at + WORDS_MS });
    await tellOwners(deps, answered, link.phone);
    await ctx.reply(ctx.t("review-thanks-low", { stars }));
  });
  // A low review's words: the client's next text (not a command) within the day.
  part.on("message:text", async (ctx, next) => {
    const text = ctx.message.text;
    if (text.startsWith("/")) return next();
    const pending = ctx.services.store.open(reviewWords);
    const waiting = await pending.read(String(ctx.from.id));
    if (!waiting || waiting.until < ctx.services.clock.now().getTime()) return next();
    await pending.delete(String(ctx.from.id));
    const words = cutText(text.trim(), WORDS_KEPT);
    let added: Review | undefined;
    await ctx.services.store.open(clientReviews).update(waiting.orderId, (current) => {
      if (current?.state !== "answered" || current.by !== ctx.from.id || current.words !== undefined)
        return current;
      added = { ...current, words };
      return added;
    });
    if (!added) return next();
    const link = await clientLinksOf(ctx.services.store).read(ctx.from.id);
    await tellOwners(deps, added, link?.phone, words);
    await ctx.reply(ctx.t("review-words-thanks"));
  });
  return part;
}
