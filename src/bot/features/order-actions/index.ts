/**
 * The operator buttons on an order card (CardAction entries for createBot):
 * change status, assign master, assign manager, add comment. A press re-checks
 * the role, reads the order when the dialog needs its workshop or status
 * (1 GET; none when the order mirror holds it), and starts the dialog.
 */
import { createConversation } from "@grammyjs/conversations";
import { Composer } from "grammy";
import type { Order } from "../../../service/index.ts";
import type { BotContext, DialogContext } from "../../context.ts";
import { readPressedOrder } from "../../crm/pressed-order.ts";
import { canEnterDialog } from "../../dialog-kit/enter.ts";
import { orderAction } from "../../ui/callbacks.ts";
import { numberFromCard } from "../../ui/card-number.ts";
import { orderTitle } from "../../ui/order-card.ts";
import type { CardAction } from "../../ui/order-keyboard.ts";
import { cutText } from "../../ui/text.ts";
import { enterStatusChange } from "../status-change/index.ts";
import { ADD_COMMENT, ASSIGN_STAFF, addCommentDialog, assignStaffDialog } from "./dialogs.ts";

const ACTIONS = { status: "st", master: "ms", manager: "mg", comment: "cm" } as const;

const action = (label: string, code: string): CardAction => ({
  label,
  data: (order: Order) =>
    orderAction.fits({ action: code, id: order.id })
      ? orderAction.encode({ action: code, id: order.id })
      : undefined,
});

/** The dialogs' buttons on the card, in this order (two per row). */
export const dialogCardActions: CardAction[] = [
  action("card-btn-status", ACTIONS.status),
  action("card-btn-comment", ACTIONS.comment),
  action("card-btn-master", ACTIONS.master),
  action("card-btn-manager", ACTIONS.manager),
];

export const orderActionsFeature = new Composer<BotContext>();
orderActionsFeature.use(createConversation<BotContext, DialogContext>(assignStaffDialog, ASSIGN_STAFF));
orderActionsFeature.use(createConversation<BotContext, DialogContext>(addCommentDialog, ADD_COMMENT));

orderActionsFeature.callbackQuery(orderAction.filter, async (ctx) => {
  const data = orderAction.decode(ctx.callbackQuery.data);
  const code = data?.action;
  if (!data || !Object.values(ACTIONS).some((known) => known === code)) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  if (!(await canEnterDialog(ctx))) return;
  // The card shows the order's number: a comment then needs no request (a card without it: one GET),
  // when the order is known to be in the configured workshops (all of them, or held by the order reader).
  const { config, orders, i18n } = ctx.services;
  const inScope = config.shopIds.length === 0 || orders.held(data.id) !== undefined;
  const number = code === ACTIONS.comment && inScope && numberFromCard(ctx.callbackQuery.message?.text, i18n);
  if (number) {
    await ctx.answerCallbackQuery();
    await ctx.conversation.enter(ADD_COMMENT, data.id, cutText(number, 100));
    return;
  }
  // From the order reader: no request when it holds the order, else one GET.
  const pressed = await readPressedOrder(ctx, data.id);
  if (!pressed) return;
  const { order } = pressed;
  if (code === ACTIONS.status) {
    await enterStatusChange(ctx, order);
    return;
  }
  await ctx.answerCallbackQuery();
  if (code === ACTIONS.comment) {
    await ctx.conversation.enter(ADD_COMMENT, data.id, orderTitle(order));
    return;
  }
  const role = code === ACTIONS.master ? "master" : "manager";
  await ctx.conversation.enter(ASSIGN_STAFF, JSON.parse(JSON.stringify(order)), role);
});
