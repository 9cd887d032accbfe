/**
 * One page of a list of orders (features/order-list.ts shows it): which fetch of the reader
 * holds a page, how many pages a list has, and the page's message: a button per order (its
 * marks, its summary), the heading of the list's kind and the paging buttons.
 */
import { InlineKeyboard } from "grammy";
import type { Locale } from "../../config/index.ts";
import { MAX_REACHABLE } from "../../contract/lists.ts";
import type { Order } from "../../service/index.ts";
import type { BotContext } from "../context.ts";
import type { OrderPage } from "../orders/by-number.ts";
import type { ListQuery } from "../orders/list-query.ts";
import type { SavedResult } from "../orders/saved-searches.ts";
import { orderOpen, searchPage } from "../ui/callbacks.ts";
import { deadlineMark } from "../ui/deadline-mark.ts";
import { tidyKeyboard } from "../ui/keyboard.ts";
import { orderSummary } from "../ui/order-card.ts";
import { cutText } from "../ui/text.ts";

export const LIST_PAGE_SIZE = 8;
/** Records per fetch: whole pages, so no page ever needs two requests. */
export const LIST_FETCH_SIZE = 6 * LIST_PAGE_SIZE;
const PAGES_PER_FETCH = LIST_FETCH_SIZE / LIST_PAGE_SIZE;
/** The service serves no record beyond 10000 of one filter (page * pageSize). */
const REACHABLE = MAX_REACHABLE - (MAX_REACHABLE % LIST_FETCH_SIZE);
export const MAX_PAGE = REACHABLE / LIST_PAGE_SIZE;
const BUTTON_TEXT_LIMIT = 60;

/** The list counted exactly: how many, which page of how many. */
export type ListCounts = { total: number; page: number; pages: number };

/** What a page needs of its list's kind (features/order-list.ts, OrderListKind). */
interface PageKind {
  heading(ctx: BotContext, query: ListQuery, counts: ListCounts, items: readonly Order[]): string;
  title(ctx: BotContext, query: ListQuery): string;
  deadlines?: boolean | undefined;
  mark?(ctx: BotContext, order: Order): string | undefined;
}

/** The fetch that holds a page. */
export function fetchOf(page: number): number {
  return Math.ceil(page / PAGES_PER_FETCH);
}

/** Pages of an exact list (none is beyond what the service can reach). */
export function pageCount(result: OrderPage): number {
  return Math.max(1, Math.ceil(Math.min(result.total, REACHABLE) / LIST_PAGE_SIZE));
}

/** More records on the service after this fetch. */
export function hasMore(result: OrderPage): boolean {
  return result.checked < Math.min(result.total, REACHABLE);
}

export function listMessage(
  ctx: BotContext,
  kind: PageKind,
  result: SavedResult,
  requestedPage: number,
  token: string,
  locale: Locale,
): { text: string; keyboard: InlineKeyboard } {
  // Pages of this fetch; an exact list's may run short when it shrank since.
  const before = (result.fetch - 1) * PAGES_PER_FETCH;
  const here = Math.max(1, Math.ceil(result.items.length / LIST_PAGE_SIZE));
  const slot = Math.min(Math.max(requestedPage - before, 1), here);
  const page = before + slot;
  const shown = result.items.slice((slot - 1) * LIST_PAGE_SIZE, slot * LIST_PAGE_SIZE);
  const keyboard = new InlineKeyboard();
  const marks = { t: ctx.t, now: ctx.services.clock.now(), timezone: ctx.services.config.timezone, locale };
  for (const order of shown) {
    if (!orderOpen.fits({ token, id: order.id })) continue;
    const mark = kind.deadlines ? deadlineMark(order, marks) : undefined;
    const label = [kind.mark?.(ctx, order), mark, orderSummary(order)].filter(Boolean).join(" · ");
    keyboard.text(cutText(label, BUTTON_TEXT_LIMIT), orderOpen.encode({ token, id: order.id })).row();
  }
  let text: string;
  let previous: number | undefined = page > 1 ? page - 1 : undefined;
  let next: number | undefined;
  if (!result.scoped) {
    const pages = pageCount(result);
    text = kind.heading(ctx, result.query, { total: result.total, page, pages }, result.items);
    if (page < pages) next = page + 1;
  } else {
    // Narrowed here to SHOP_IDS: the service counted all workshops, so say how many were checked.
    const first = (slot - 1) * LIST_PAGE_SIZE + 1;
    const counts = {
      title: kind.title(ctx, result.query),
      from: (result.fetch - 1) * LIST_FETCH_SIZE + 1,
      to: result.checked,
      total: result.total,
    };
    // A fetch with none of these workshops' orders (more follow): no "Shown: 1–0".
    text =
      shown.length === 0
        ? ctx.t("list-scoped-none", counts)
        : ctx.t("list-scoped", {
            ...counts,
            count: result.items.length,
            first,
            last: first + shown.length - 1,
          });
    // Back from a fetch's first page: the last page of the one before (its count is known there).
    if (slot === 1 && page > 1) previous = before;
    if (slot < here) next = page + 1;
    else if (hasMore(result)) next = before + PAGES_PER_FETCH + 1;
  }
  if (previous !== undefined) keyboard.text(ctx.t("btn-prev"), searchPage.encode({ token, page: previous }));
  if (next !== undefined) keyboard.text(ctx.t("btn-next"), searchPage.encode({ token, page: next }));
  return { text, keyboard: tidyKeyboard(keyboard) };
}
