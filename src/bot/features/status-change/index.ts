/**
 * Entry points of the status change: the card's "🔁 Status" button (a
 * CardDialog: reads the order, no request when the reader holds it, else 1
 * GET) and `/status <number>` (the search: 1 request; one match opens the
 * dialog, several become the same buttons). The `/status` command itself
 * belongs to features/status.ts, which hands a number over to here.
 */
import { InlineKeyboard } from "grammy";
import type { Order } from "../../../service/index.ts";
import type { BotContext } from "../../context.ts";
import { callService } from "../../crm/call.ts";
import { actionButton, type CardDialog } from "../../dialog-kit/card-dialog.ts";
import { canEnterDialog } from "../../dialog-kit/enter.ts";
import { parseOrderQuery, searchOrders } from "../../orders/by-number.ts";
import { learnedOf } from "../../state/learned.ts";
import { tidyKeyboard } from "../../ui/keyboard.ts";
import { orderSummary } from "../../ui/order-card.ts";
import { cutText, escapeHtml } from "../../ui/text.ts";
import { STATUS_CHANGE, statusChangeDialog } from "./dialog.ts";

/** Starts the dialog for an order already read (its JSON is the dialog's argument). */
async function enterStatusChange(ctx: BotContext, order: Order): Promise<void> {
  if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => {});
  await ctx.conversation.enter(STATUS_CHANGE, JSON.parse(JSON.stringify(order)));
}

const statusButton = actionButton("st");

export const statusCard: CardDialog = {
  id: STATUS_CHANGE,
  label: "card-btn-status",
  button: statusButton,
  dialog: statusChangeDialog,
};

/** `/status <number>`: the order found opens the dialog; several become buttons to pick one. */
export async function changeStatusOf(ctx: BotContext, text: string): Promise<void> {
  const query = parseOrderQuery(text);
  if (!query) {
    await ctx.reply(ctx.t("lookup-usage"));
    return;
  }
  if (!(await canEnterDialog(ctx))) return;
  // From the order reader: no request when it holds the number, else one search.
  const outcome = await callService(ctx, () => searchOrders(ctx.services.orders, query, ctx.from?.id));
  if (!outcome.ok) {
    await ctx.reply(outcome.message);
    return;
  }
  await learnedOf(ctx.services.store).fromOrders(outcome.value.items);
  const [first, ...others] = outcome.value.items;
  if (!first) {
    await ctx.reply(ctx.t("st-not-found", { query: escapeHtml(query.text) }));
    return;
  }
  if (others.length === 0) {
    await enterStatusChange(ctx, first);
    return;
  }
  const keyboard = new InlineKeyboard();
  for (const order of outcome.value.items.slice(0, 10)) {
    const data = statusButton.encode(order.id);
    if (data === undefined) continue;
    keyboard.text(cutText(orderSummary(order), 60), data).row();
  }
  await ctx.reply(ctx.t("st-pick-order"), { reply_markup: tidyKeyboard(keyboard) });
}
