/**
 * 🗑 Deleting an order created by mistake: a confirmation naming the order,
 * its client and device and saying that the CRM has no undo, then ONE
 * `DELETE /orders/{id}` (exactly once: a double press or a replay gets the
 * first result; an interrupted one is resolved at the chat's next update).
 * An order with money taken on it is deleted by an owner only (checked when
 * the button is pressed and again right before the request). Afterwards the
 * order is gone from lists, search, /my, /overdue, digests and reports, and a
 * lookup of its number says it was deleted, with no request.
 */
import type { DialogContext } from "../../context.ts";
import { type Dialog, startRun } from "../../dialog-kit/ask.ts";
import { type CardDialog, idButton } from "../../dialog-kit/card-dialog.ts";
import { askYesNo } from "../../dialog-kit/prompts.ts";
import { reviveOrder } from "../../orders/json.ts";
import { orderDelete } from "../../ui/callbacks.ts";
import { deviceText, orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { mayDelete, moneyTaken } from "./money.ts";
import { deleteOrder } from "./writes.ts";

const ORDER_DELETE = "order-delete";

async function orderDeleteDialog(dialog: Dialog, ctx: DialogContext, raw: unknown): Promise<void> {
  const order = reviveOrder(raw);
  const run = await startRun(dialog);
  const title = escapeHtml(orderTitle(order));
  const what = [
    ctx.t("od-confirm", { order: title }),
    ctx.t("od-confirm-client", { client: escapeHtml(order.counteragent?.name ?? ctx.t("dlg-none")) }),
    ctx.t("od-confirm-device", { device: escapeHtml(deviceText(order) ?? ctx.t("dlg-none")) }),
  ];
  if (moneyTaken(order) > 0) what.push(ctx.t("od-confirm-money"));
  what.push("", ctx.t("od-no-undo"));
  const sure = await askYesNo(run, ctx, { prompt: what.join("\n"), confirmation: true });
  if (!sure) {
    await ctx.reply(ctx.t("od-kept", { order: title }));
    return;
  }
  const deleted = await deleteOrder(run, ctx, order);
  if (deleted) await ctx.reply(ctx.t("od-done", { order: title }));
}

/**
 * 🗑 on an order card, for operators and owners: the order as the reader holds it (an order known
 * deleted is told so, with no request); with money taken, an owner only (checked on the press and
 * again right before the request, writes.ts).
 */
export const deleteCard: CardDialog = {
  id: ORDER_DELETE,
  label: "card-btn-delete",
  button: idButton(orderDelete),
  dialog: orderDeleteDialog,
  read: "held",
  allow: mayDelete,
  refusal: "od-owner-only",
};
