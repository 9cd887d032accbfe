/**
 * The card's buttons: "🔄 Refresh" for everyone allowed, then the operator
 * actions. Dialogs plug their buttons in as CardAction entries (createBot's
 * `cardActions`), e.g.
 *
 *   { label: "card-btn-status", data: (order) => orderAction.encode({ action: "status", id: order.id }) }
 *
 * and handle `orderAction.filter` callbacks in their own feature.
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import { InlineKeyboard } from "grammy";
import type { Order } from "../../service/index.ts";
import type { Role } from "../context.ts";
import { orderRefresh } from "./callbacks.ts";
import { tidyKeyboard } from "./keyboard.ts";

export interface CardAction {
  /** Locale key of the button text ("icon + word" reads best: docs/decisions.md, "Order lookup"). */
  label: string;
  /** Who sees the button; operators only by default (viewers change nothing). */
  roles?: readonly Role[];
  /** Callback data for this order (< 64 bytes), or undefined to leave the button out for it. */
  data(order: Order): string | undefined;
}

const ACTIONS_PER_ROW = 2;

export function orderCardKeyboard(
  order: Order,
  options: { t: TranslateFunction; role: Role; actions: readonly CardAction[] },
): InlineKeyboard {
  const { t, role, actions } = options;
  const keyboard = new InlineKeyboard();
  if (orderRefresh.fits({ id: order.id })) {
    keyboard.text(t("btn-refresh"), orderRefresh.encode({ id: order.id }));
  }
  let inRow = 0;
  for (const action of actions) {
    if (!(action.roles ?? ["owner", "operator"]).includes(role)) continue;
    const data = action.data(order);
    if (data === undefined) continue;
    if (inRow % ACTIONS_PER_ROW === 0) keyboard.row();
    keyboard.text(t(action.label), data);
    inRow++;
  }
  // Without a refresh button (an id too long for it) the first row would stay empty.
  return tidyKeyboard(keyboard);
}
