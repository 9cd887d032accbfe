/**
 * Inline mode (`@bot 1042` in any chat), per docs/decisions.md, "Inline mode": under 3 characters an
 * immediate empty answer with a button to the bot; longer queries wait ~500 ms
 * per user and only the newest one goes to the service; repeats come from a
 * short per-query cache. Typing "1042" key by key costs 1 request, 2 when slow,
 * also with keystrokes spread over instances (the gate shares the marker and cache).
 * Results are personal (is_personal) and only for staff: the access gate has
 * already answered strangers with nothing.
 */
import type { InlineQueryResultArticle } from "grammy/types";
import { foldOrderNumber, type Order } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import { callService } from "../crm/call.ts";
import { Composer } from "../middleware/composer.ts";
import { type OrderQuery, parseOrderQuery, searchOrders } from "../orders/by-number.ts";
import type { InlineGate } from "../orders/inline-gate.ts";
import { learnedOf } from "../state/learned.ts";
import { cardMessage } from "../ui/card-message.ts";
import { stripHtml } from "../ui/messages.ts";
import { deviceText, orderTitle } from "../ui/order-card.ts";
import { cutText } from "../ui/text.ts";

const INLINE_MIN_LENGTH = 3;
const INLINE_DEBOUNCE_MS = 500;
const MAX_RESULTS = 10;
/** Telegram's own cache of our answer; short, the data changes. */
const TELEGRAM_CACHE_SECONDS = 10;

export interface InlineOptions {
  debounceMs?: number;
}

export function createInlineFeature(gate: InlineGate, options: InlineOptions = {}): Composer<BotContext> {
  const debounceMs = options.debounceMs ?? INLINE_DEBOUNCE_MS;

  const feature = new Composer<BotContext>();

  feature.on("inline_query", async (ctx) => {
    const text = ctx.inlineQuery.query.trim();
    // A reader holding the orders (the mirror) answers every keystroke at once, with no request.
    const held =
      text.length >= INLINE_MIN_LENGTH ? ctx.services.orders.instant(text, MAX_RESULTS) : undefined;
    if (held && held.length > 0) {
      await answerOrders(ctx, held);
      return;
    }
    const query = text.length >= INLINE_MIN_LENGTH ? parseOrderQuery(text) : undefined;
    if (held && !query) {
      await answerEmpty(ctx, ctx.t("inline-no-results"));
      return;
    }
    if (!query) {
      await answerEmpty(ctx, ctx.t("inline-hint"));
      return;
    }

    const key = cacheKey(query, ctx.services.config.shopIds);
    const user = ctx.from.id;
    const ticket = ctx.update.update_id; // grows with arrival, on every instance
    let result = await gate.begin(user, ticket, key);
    if (!result) {
      await ctx.services.clock.sleep(debounceMs);
      const settled = await gate.settle(user, ticket, key);
      if (!settled.newest) {
        // A newer keystroke of this user replaced the query; Telegram shows only the newest answer.
        await ctx.answerInlineQuery([], { cache_time: 0, is_personal: true });
        return;
      }
      result = settled.cached; // another user may have asked the same meanwhile
      if (!result) {
        const outcome = await callService(ctx, () => searchOrders(ctx.services.orders, query, ctx.from.id), {
          typing: false,
        });
        if (!outcome.ok) {
          await answerEmpty(ctx, stripHtml(outcome.message));
          return;
        }
        result = outcome.value;
        await learnedOf(ctx.services.store).fromOrders(result.items);
        await gate.remember(key, result);
      }
    }

    if (result.items.length === 0) {
      await answerEmpty(ctx, ctx.t("inline-no-results"));
      return;
    }
    await answerOrders(
      ctx,
      result.items.map((order) => ({ order })),
    );
  });

  return feature;
}

/** The orders as inline results: each sends its card (no operator buttons: everyone in a chat sees it). */
async function answerOrders(ctx: BotContext, orders: { order: Order; asOf?: Date }[]): Promise<void> {
  const articles: InlineQueryResultArticle[] = [];
  // An inline card can be posted into any chat, a group or someone else's: no client phones there
  // unless GROUP_PHONES=on (the card in the private chat with the bot shows them).
  const groupOf = ctx.me.username;
  for (const [index, { order, asOf }] of orders.slice(0, MAX_RESULTS).entries()) {
    const card = await cardMessage(ctx, order, { actions: false, asOf, groupOf });
    articles.push({
      type: "article",
      // Result ids are at most 64 bytes; order ids normally fit, the index is the fallback.
      id: Buffer.byteLength(order.id) <= 64 ? order.id : String(index),
      title: cutText(
        ctx.t("inline-result-title", {
          number: orderTitle(order),
          status: order.status?.name ?? ctx.t("value-none"),
        }),
        128,
      ),
      description: cutText(
        ctx.t("inline-result-description", {
          client: order.counteragent?.name ?? ctx.t("value-none"),
          device: deviceText(order) ?? ctx.t("value-none"),
        }),
        256,
      ),
      input_message_content: {
        message_text: card.text,
      },
      reply_markup: card.keyboard,
    });
  }
  await ctx.answerInlineQuery(articles, { cache_time: TELEGRAM_CACHE_SECONDS, is_personal: true });
}

function cacheKey(query: OrderQuery, shopIds: readonly string[]): string {
  // Folded: "a-0010" and "А0010" are one query (look-alike letters, separator).
  return `${query.kind}:${foldOrderNumber(query.text)}:${shopIds.join(",")}`;
}

/** No results, and a button that opens the private chat with the bot. */
async function answerEmpty(ctx: BotContext, buttonText: string): Promise<void> {
  await ctx.answerInlineQuery([], {
    cache_time: 0,
    is_personal: true,
    button: { text: cutText(buttonText, 64), start_parameter: "inline" },
  });
}
