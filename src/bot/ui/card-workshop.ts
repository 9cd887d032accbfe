/**
 * The workshop's lines of the order card: the verdict, the approximate price
 * as money, works and parts, the latest comments and the photos kept. Pure
 * functions of the record (plus the photo count the caller knows); every
 * service value is escaped here.
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import type { Locale } from "../../config/index.ts";
import type { Order } from "../../service/index.ts";
import { estimateAmount, moneyOf } from "../money/order-money.ts";
import { commentByName } from "./comment-name.ts";
import { formatDateTime } from "./dates.ts";
import { formatAmount } from "./money.ts";
import { cutText, escapeHtml } from "./text.ts";

/** Comments shown on the card, newest first; older ones stay in the service. */
const CARD_COMMENTS = 3;
const COMMENT_LIMIT = 300;
const POSITIONS_LIMIT = 15;

interface SectionOptions {
  t: TranslateFunction;
  locale: Locale;
  timezone: string;
}

const money = (t: TranslateFunction, amount: number, locale: Locale) =>
  t("money", { amount: formatAmount(amount, locale) });

/**
 * The approximate price as an amount: the service keeps a string, the bot
 * writes a plain number ("1500.5"). Anything else (a legacy "about 3000") is
 * not a number and gives undefined.
 */
export function approximateAmount(order: Pick<Order, "approximatePrice">): number | undefined {
  return estimateAmount(order);
}

/**
 * Verdict and approximate price, whenever one is set (a master who just entered 3 500 sees
 * it); with the price of works and parts beside it when the order has one.
 */
export function verdictLines(order: Order, options: SectionOptions): string[] {
  const { t, locale } = options;
  const lines: string[] = [];
  const verdict = order.recommendation?.trim();
  if (verdict) lines.push(t("card-verdict", { verdict: escapeHtml(cutText(verdict, 500)) }));
  const amount = approximateAmount(order);
  const typed = order.approximatePrice?.trim();
  const price =
    amount !== undefined ? money(t, amount, locale) : typed ? escapeHtml(cutText(typed, 100)) : undefined;
  if (price === undefined) return lines;
  // Works and parts beside the estimate: the money model's lines (their total before discount).
  const works = moneyOf(order).listPrice;
  lines.push(
    works !== undefined && works > 0
      ? t("card-approx-price-beside", { price, works: money(t, works, locale) })
      : t("card-approx-price", { price }),
  );
  return lines;
}

/** Works and parts of a full record: name × count — sum. */
export function positionLines(order: Order, options: SectionOptions): string[] {
  const { t, locale } = options;
  const positions = (order.positions ?? []).filter((p) => p.name?.trim());
  if (positions.length === 0) return [];
  const lines = [t("card-positions")];
  for (const position of positions.slice(0, POSITIONS_LIMIT)) {
    const count = position.count ?? 1;
    const unit = position.soldPrice ?? position.price ?? 0;
    lines.push(
      t("card-position", {
        icon: position.isWork ? "🔧" : "🔩",
        name: escapeHtml(cutText(position.name?.trim() ?? "", 80)),
        count: String(count),
        sum: money(t, Math.round(unit * count * 100) / 100, locale),
      }),
    );
  }
  if (positions.length > POSITIONS_LIMIT)
    lines.push(t("card-positions-more", { count: positions.length - POSITIONS_LIMIT }));
  return lines;
}

/** The latest comments, newest first (those without a date last, in their order), each cut to fit. */
export function commentLines(order: Order, options: SectionOptions): string[] {
  const { t, locale, timezone } = options;
  const comments = (order.comments ?? [])
    .map((comment, index) => {
      // Written through the bot: "Name: text" names the person; the service's author is the API user.
      const byName = comment.text ? commentByName(comment.text) : undefined;
      return {
        text: byName?.text ?? comment.text,
        date: "date" in comment ? comment.date : undefined,
        author: byName?.author ?? ("author" in comment ? comment.author : undefined),
        index,
      };
    })
    .filter((comment) => comment.text?.trim());
  if (comments.length === 0) return [];
  comments.sort((a, b) => {
    const at = a.date?.getTime() ?? Number.NEGATIVE_INFINITY;
    const bt = b.date?.getTime() ?? Number.NEGATIVE_INFINITY;
    return at === bt ? b.index - a.index : bt - at;
  });
  const lines = [t("card-comments", { count: comments.length })];
  for (const comment of comments.slice(0, CARD_COMMENTS)) {
    const head = [
      comment.date ? formatDateTime(comment.date, locale, timezone) : "",
      comment.author?.trim() ? escapeHtml(cutText(comment.author.trim(), 60)) : "",
    ]
      .filter(Boolean)
      .join(", ");
    const text = escapeHtml(cutText(comment.text?.trim() ?? "", COMMENT_LIMIT));
    lines.push(head ? t("card-comment", { head, text }) : t("card-comment-bare", { text }));
  }
  return lines;
}

/**
 * A debt left at closing: the order is handed over (closed group) and money is
 * still owed. Paying is possible only on entering a status that demands it.
 */
export function closedWithDebt(statusGroup: string | undefined, balance: number | undefined): boolean {
  return statusGroup === "closed" && balance !== undefined && balance > 0;
}
