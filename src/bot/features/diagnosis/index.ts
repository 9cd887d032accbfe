/**
 * 🩺 Diagnosis on the card, for operators and owners: the press re-checks the
 * role (a viewer's forged press is refused and writes nothing), reads the
 * order (from the mirror when it holds it: no request; else one GET) and
 * starts the dialog (dialog.ts). A second press while it runs is "busy".
 */
import { createConversation } from "@grammyjs/conversations";
import { Composer } from "grammy";
import type { BotContext, DialogContext } from "../../context.ts";
import { readPressedOrder } from "../../crm/pressed-order.ts";
import { canEnterDialog } from "../../dialog-kit/enter.ts";
import { diagnosisOpen } from "../../ui/callbacks.ts";
import type { CardAction } from "../../ui/order-keyboard.ts";
import { DIAGNOSIS, diagnosisDialog } from "./dialog.ts";

export const diagnosisAction: CardAction = {
  label: "card-btn-diagnosis",
  data: (order) =>
    diagnosisOpen.fits({ id: order.id }) ? diagnosisOpen.encode({ id: order.id }) : undefined,
};

export const diagnosisFeature = new Composer<BotContext>();
diagnosisFeature.use(createConversation<BotContext, DialogContext>(diagnosisDialog, DIAGNOSIS));

diagnosisFeature.callbackQuery(diagnosisOpen.filter, async (ctx) => {
  const id = diagnosisOpen.decode(ctx.callbackQuery.data)?.id;
  if (!id) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  if (!(await canEnterDialog(ctx))) return;
  const pressed = await readPressedOrder(ctx, id);
  if (!pressed) return;
  await ctx.answerCallbackQuery();
  await ctx.conversation.enter(DIAGNOSIS, JSON.parse(JSON.stringify(pressed.order)));
});
