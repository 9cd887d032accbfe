/**
 * 📥 Take in under a client's repair request in the inbox (features/repair-request):
 * the intake opens with the client, the device and the fault filled in (the clerk
 * still picks the order type and confirms on the summary, where ✏️ Edit changes any
 * of them); its create is the intake's own write. Operators only. Pressed in the
 * inbox group, the request goes to the presser's private chat with the same button
 * (dialogs run in private chats). A request taken in already says its order's
 * number; a forged or expired one is a stale button. 0 requests until the create.
 */
import { GrammyError } from "grammy";
import type { BotContext } from "../../context.ts";
import type { ClientChoice } from "../../dialog-kit/ask-client.ts";
import { enterDialog } from "../../dialog-kit/enter.ts";
import { Composer } from "../../middleware/composer.ts";
import { ensureOperator } from "../../policy/access.ts";
import { CALLBACK_ANSWER_LIMIT, cutText, escapeHtml } from "../../ui/text.ts";
import {
  type RepairRequest,
  repairTakeIn,
  requestLines,
  requestOf,
  whenText,
} from "../repair-request/index.ts";

/** What a request fills in of the intake (plain JSON: the dialog's argument, kept with its replay). */
export interface IntakePrefill {
  requestId: string;
  client: Extract<ClientChoice, { kind: "existing" }>;
  device: string;
  fault: string;
  /** When the client can bring it, in the clerk's language (HTML, escaped). */
  when: string;
}

/** The intake's conversation id (index.ts); given here so the press opens it. */
export const CREATE_ORDER = "create-order";

export const takeInFeature = new Composer<BotContext>();

takeInFeature.callbackQuery(repairTakeIn.filter, async (ctx) => {
  const id = repairTakeIn.decode(ctx.callbackQuery.data)?.id;
  const request = id ? await requestOf(ctx, id) : undefined;
  if (!id || !request) {
    await ctx.answerCallbackQuery({ text: ctx.t("stale-button") });
    return;
  }
  if (!(await ensureOperator(ctx))) return;
  if (request.order) {
    await ctx.answerCallbackQuery({
      text: ctx.t("repair-already-taken", { number: request.order.number ?? request.order.id }),
      show_alert: true,
    });
    return;
  }
  if (ctx.chat?.type !== "private") {
    await toPrivate(ctx, id, request);
    return;
  }
  const prefill: IntakePrefill = {
    requestId: id,
    client: { kind: "existing", id: request.counteragentId, name: request.name, phone: request.phone },
    device: request.device,
    fault: request.fault,
    when: whenText(ctx.t, request.when),
  };
  await enterDialog(ctx, CREATE_ORDER, prefill);
});

/** From the inbox group: the request and its button in the presser's private chat, where the intake runs. */
async function toPrivate(ctx: BotContext & { from: { id: number } }, id: string, request: RepairRequest) {
  try {
    await ctx.api.sendMessage(ctx.from.id, `${escapeHtml(request.name)}\n${requestLines(ctx.t, request)}`, {
      reply_markup: {
        inline_keyboard: [
          [{ text: ctx.t("repair-btn-take-in"), callback_data: repairTakeIn.encode({ id }) }],
        ],
      },
    });
  } catch (error) {
    if (!(error instanceof GrammyError) || error.error_code !== 403) throw error;
    await ctx.answerCallbackQuery({
      text: cutText(ctx.t("repair-start-bot"), CALLBACK_ANSWER_LIMIT),
      show_alert: true,
    });
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t("repair-take-in-private") });
}
