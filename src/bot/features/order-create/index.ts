/**
 * `/new` (operators): the clerk's intake form as a dialog. Steps 1-8 fill a
 * draft, step 9 shows it for Confirm / Edit / Cancel; Confirm creates the order
 * once (see confirm.ts) and answers with its card.
 */
import { createConversation } from "@grammyjs/conversations";
import { Composer } from "grammy";
import type { BotContext, DialogContext } from "../../context.ts";
import { type Dialog, startRun } from "../../dialog-kit/ask.ts";
import { enterDialog } from "../../dialog-kit/enter.ts";
import { askClient } from "./askClient.ts";
import { askCustomFields } from "./askCustomFields.ts";
import { askDeadline } from "./askDeadline.ts";
import { askDevice } from "./askDevice.ts";
import { askHowKnow, askMaster, askUrgent } from "./askMaster.ts";
import { askOrderType } from "./askOrderType.ts";
import { askPrepayment } from "./askPrepayment.ts";
import { askShop } from "./askShop.ts";
import { createOnce, showCreated } from "./confirm.ts";
import type { Draft } from "./draft.ts";
import { askSummary, editDraft } from "./summary.ts";

export const CREATE_ORDER = "create-order";

export async function createOrderDialog(dialog: Dialog, ctx: DialogContext): Promise<void> {
  const run = await startRun(dialog);
  await ctx.reply(ctx.t("new-intro"));
  const shop = await askShop(run, ctx);
  const shopAsked = run.seq > 0;
  const type = await askOrderType(run, ctx);
  const client = await askClient(run, ctx);
  const device = await askDevice(run, ctx);
  const deadline = await askDeadline(run, ctx);
  const master = await askMaster(run, ctx, shop.id);
  const isUrgent = await askUrgent(run, ctx);
  const howKnow = await askHowKnow(run, ctx);
  const fields = await askCustomFields(run, ctx, type);
  const prepayment = await askPrepayment(run, ctx, shop.id);
  const draft: Draft = {
    shop,
    type,
    client,
    device,
    deadline,
    master,
    isUrgent,
    howKnow,
    fields,
    prepayment,
  };

  let error: string | undefined;
  for (;;) {
    const action = await askSummary(run, ctx, draft, error);
    if (action === "edit") {
      await editDraft(run, ctx, draft, shopAsked);
      continue;
    }
    const result = await createOnce(run, draft);
    if (result.kind === "refused") return;
    if (result.kind === "created") {
      await showCreated(run, ctx, result, draft);
      return;
    }
    // Everything collected stays; the summary comes back with the error and a Retry button.
    error = result.message;
  }
}

export const orderCreateFeature = new Composer<BotContext>();
orderCreateFeature.use(createConversation<BotContext, DialogContext>(createOrderDialog, CREATE_ORDER));
orderCreateFeature.command("new", (ctx) => enterDialog(ctx, CREATE_ORDER));
