/**
 * The operator buttons on an order card that open small dialogs: assign a
 * master or a manager, add a comment (dialogs.ts). Each is a CardDialog
 * (dialog-kit/card-dialog.ts): the press re-checks the role and reads the
 * order when the dialog needs its workshop (1 GET; none when the order
 * mirror holds it); a comment on a card that shows the order's number needs
 * no read at all.
 */
import type { BotContext } from "../../context.ts";
import { actionButton, type CardDialog } from "../../dialog-kit/card-dialog.ts";
import { numberFromCard } from "../../ui/card-number.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { cutText } from "../../ui/text.ts";
import { ADD_COMMENT, ASSIGN_STAFF, addCommentDialog, assignStaffDialog } from "./dialogs.ts";

const staffCard = (role: "master" | "manager", code: string): CardDialog => ({
  id: ASSIGN_STAFF,
  label: `card-btn-${role}`,
  button: actionButton(code),
  dialog: assignStaffDialog,
  args: (order) => [JSON.parse(JSON.stringify(order)), role],
});

export const masterCard = staffCard("master", "ms");
export const managerCard = staffCard("manager", "mg");

export const commentCard: CardDialog = {
  id: ADD_COMMENT,
  label: "card-btn-comment",
  button: actionButton("cm"),
  dialog: addCommentDialog,
  // The card shows the order's number: no request (a card without it: one GET), when the order is
  // known to be in the configured workshops (all of them, or held by the order reader).
  quick(ctx: BotContext, id: string) {
    const { config, orders, i18n } = ctx.services;
    const inScope = config.shopIds.length === 0 || orders.held(id) !== undefined;
    const number = inScope && numberFromCard(ctx.callbackQuery?.message?.text, i18n);
    return number ? [id, cutText(number, 100)] : undefined;
  },
  args: (order) => [order.id, orderTitle(order)],
};
