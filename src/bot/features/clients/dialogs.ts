/**
 * The clients' dialogs and the presses that open them, for operators and owners
 * (a viewer's or a stranger's forged press is refused and writes nothing; a
 * second press while one runs is "busy"):
 * - ✏️ on a client card: fixing the client, from the record the card read a
 *   moment ago (no request), else one read;
 * - 🔁 on a client card opened from an order: another client for the order.
 * (🗑 on an order card is a CardDialog: `deleteCard`, delete-dialog.ts.)
 * The order is read through the order reader (none with the mirror holding it).
 */
import { createConversation } from "@grammyjs/conversations";
import { asWrite, type Order } from "../../../service/index.ts";
import { clientReader } from "../../clients/reader.ts";
import type { BotContext, DialogContext } from "../../context.ts";
import { callService } from "../../crm/call.ts";
import { canEnterDialog } from "../../dialog-kit/enter.ts";
import { Composer } from "../../middleware/composer.ts";
import { readPressedOrder } from "../../telegram/pressed-order.ts";
import { clientEdit, orderClientMove } from "../../ui/callbacks.ts";
import { stripHtml } from "../../ui/messages.ts";
import { CALLBACK_ANSWER_LIMIT, cutText } from "../../ui/text.ts";
import { CLIENT_EDIT, clientEditDialog } from "./edit-dialog.ts";
import { ORDER_CLIENT, orderClientDialog } from "./move-dialog.ts";

export const clientDialogsFeature = new Composer<BotContext>();
clientDialogsFeature.use(createConversation<BotContext, DialogContext>(clientEditDialog, CLIENT_EDIT));
clientDialogsFeature.use(createConversation<BotContext, DialogContext>(orderClientDialog, ORDER_CLIENT));

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

clientDialogsFeature.callbackQuery(clientEdit.filter, async (ctx) => {
  const id = clientEdit.decode(ctx.callbackQuery.data)?.id;
  if (!id) return stale(ctx);
  if (!(await canEnterDialog(ctx))) return;
  const reader = clientReader(ctx.services);
  // The card read the record a moment ago: the fix starts from it with no request.
  let record = await reader.recent(id);
  if (!record) {
    // The read a fix starts from is part of that write: it may use the write reserve (service/purpose.ts).
    const read = await callService(ctx, () => asWrite(() => reader.read(id, ctx.from?.id)));
    if (!read.ok) return alert(ctx, read.message);
    record = read.value;
  }
  await ctx.answerCallbackQuery();
  await ctx.conversation.enter(CLIENT_EDIT, plain(record));
});

clientDialogsFeature.callbackQuery(orderClientMove.filter, async (ctx) => {
  const id = orderClientMove.decode(ctx.callbackQuery.data)?.order;
  if (!id) return stale(ctx);
  if (!(await canEnterDialog(ctx))) return;
  const order = await pressedOrder(ctx, id);
  if (!order) return;
  await ctx.answerCallbackQuery();
  await ctx.conversation.enter(ORDER_CLIENT, plain(order));
});

/** The pressed order (the reader: none with the mirror), or undefined when it is deleted or cannot be read (told). */
async function pressedOrder(ctx: BotContext, id: string): Promise<Order | undefined> {
  // Part of the write the dialog ends with: it may use the write reserve.
  const pressed = await asWrite(() => readPressedOrder(ctx, id));
  if (!pressed) return undefined;
  if (pressed.order.isVisible === false) {
    await alert(ctx, ctx.t("od-already-deleted"));
    return undefined;
  }
  return pressed.order;
}

async function stale(ctx: BotContext): Promise<void> {
  await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
}

async function alert(ctx: BotContext, html: string): Promise<void> {
  await ctx.answerCallbackQuery({ text: cutText(stripHtml(html), CALLBACK_ANSWER_LIMIT), show_alert: true });
}
