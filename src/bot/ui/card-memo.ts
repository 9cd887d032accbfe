/**
 * The card's text and buttons kept per held reading of an order. The order
 * mirror hands out one frozen reading of a record until the record changes
 * (mirror/records.ts), and formatting a card from it (fluent, money, dates,
 * callback codes) was a sixth of a lookup's CPU (issue 34.4). A reading that
 * nobody can change gives the same card for the same reader: what else a card
 * depends on is in the key (locale, role, the overdue mark, photos...), and the
 * bot's settings are the memo's own (one memo per services object).
 *
 * A record that is not one of the mirror's readings (fresh from the service, a
 * dialog's copy) may still change: its card is built every time. A card action's
 * `data` and `labelOf` read the order and its facts only (order-keyboard.ts).
 */
import { InlineKeyboard } from "grammy";
import { isHeldReading } from "../../mirror/index.ts";
import type { Order } from "../../service/index.ts";

type Rows = InlineKeyboard["inline_keyboard"];

interface Kept {
  text?: Map<string, string>;
  rows?: Map<string, Rows>;
}

export interface CardMemo {
  /** The card's text for this key, built once per frozen reading. */
  text(order: Order, key: string, build: () => string): string;
  /** The card's keyboard for this key: a copy each time (callers add rows to it). */
  keyboard(order: Order, key: string, build: () => InlineKeyboard): InlineKeyboard;
}

const memos = new WeakMap<object, CardMemo>();

/** The memo of one bot (its services object): settings such as the timezone are fixed for it. */
export function cardMemoOf(owner: object): CardMemo {
  let memo = memos.get(owner);
  if (!memo) {
    memo = createCardMemo();
    memos.set(owner, memo);
  }
  return memo;
}

function createCardMemo(): CardMemo {
  // Dropped with the reading: the mirror keeps a bounded number of them.
  const byOrder = new WeakMap<Order, Kept>();
  const keptOf = (order: Order): Kept | undefined => {
    if (!isHeldReading(order)) return undefined;
    let kept = byOrder.get(order);
    if (!kept) {
      kept = {};
      byOrder.set(order, kept);
    }
    return kept;
  };
  return {
    text(order, key, build) {
      const kept = keptOf(order);
      if (!kept) return build();
      kept.text ??= new Map();
      return remembered(kept.text, key, build);
    },
    keyboard(order, key, build) {
      const kept = keptOf(order);
      if (!kept) return build();
      kept.rows ??= new Map();
      const rows = remembered(kept.rows, key, () => build().inline_keyboard);
      return new InlineKeyboard(rows.map((row) => row.map((button) => ({ ...button }))));
    },
  };
}

function remembered<T>(kept: Map<string, T>, key: string, build: () => T): T {
  let value = kept.get(key);
  if (value === undefined) {
    value = build();
    kept.set(key, value);
  }
  return value;
}
