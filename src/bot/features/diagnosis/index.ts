/**
 * 🩺 Diagnosis on the card, for operators and owners: the press re-checks the
 * role (a viewer's forged press is refused and writes nothing), reads the
 * order's full record from the service (one GET, also with the mirror: its
 * copy lacks the fields a diagnosis edits) and starts the dialog (dialog.ts). A second press while it runs is "busy".
 */
import { createConversation } from "@grammyjs/conversations";
import { Composer } from "grammy";
import type { BotContext, DialogContext } from "../../context.ts";
import { canEnterDialog } from "../../dialog-kit/enter.ts";
import { diagnosisOpen } from "../../ui/callbacks.ts";
import type { CardAction } from "../../ui/order-keyboard.ts";
import { readPressedOrder } from "../../ui/pressed-order.ts";
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
  // The full record from the service (1 GET): the mirror's copy is a list record without the verdict,
  // equipment, appearance, brand or model, and an edit starts from what the service holds.
  const pressed = await readPressedOrder(ctx, id, { refresh: true });
  if (!pressed) return;
  await ctx.answerCallbackQuery();
  await ctx.conversation.enter(DIAGNOSIS, JSON.parse(JSON.stringify(pressed.order)));
});
