/**
 * Confirm: exactly one create request per dialog, whatever happens, through
 * the order writer (writes/order-writer.ts): a second press, an old summary's button
 * or a redelivered update never create twice; a create the bot was
 * interrupted in is found again (by client, type and faults) before anything
 * is sent again or the dialog is left.
 *
 * Requests: 1 (create) + 1 (GET of the new order: the real service's create
 * answers only its id, and the card shows the number; skipped when the answer
 * carries the number: the card is then built from the draft); +1 lookup only
 * on a retry after an ambiguous failure.
 */
import type { Order } from "../../../service/index.ts";
import type { BotContext, DialogContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import { createIntakeRecords } from "../../state/intake-records.ts";
import { orderRefresh } from "../../ui/callbacks.ts";
import { type CreateResult, orderWriter } from "../../writes/order-writer.ts";
import { createInput, draftOrder, sentOf } from "./create-input.ts";
import type { Draft } from "./draft.ts";

export function createOnce(run: DialogRun, draft: Draft): Promise<CreateResult> {
  return orderWriter.create(run, {
    shopId: draft.shop.id,
    input: createInput(draft),
    sent: sentOf(draft),
    record: (created) => draftOrder(draft, created),
  });
}

/**
 * The created record, kept a while with its clerk (the linked employee, else
 * the Telegram name): 🧾 on the new card prints the receipt from it, no request.
 */
export function keepForReceipt(run: DialogRun, order: Order): Promise<void> {
  return run.dialog.external(async (outer: BotContext) => {
    const from = outer.from;
    const settings = from && (await outer.services.users.read(from.id).catch(() => undefined));
    const name = [from?.first_name, from?.last_name].filter(Boolean).join(" ");
    const clerk = settings?.employee?.name ?? (name || undefined);
    await createIntakeRecords(outer.services.store).keep({
      order,
      clerk,
      at: outer.services.clock.now().getTime(),
    });
  });
}

/** The new order's card; a short note with 🔄 Refresh when its record could not be read. */
export async function showCreated(
  ctx: DialogContext,
  result: CreateResult & { kind: "created" | "created-no-card" },
): Promise<void> {
  if (result.kind === "created") {
    await ctx.reply(`${ctx.t("new-created")}\n\n${result.card.text}`, {
      reply_markup: { inline_keyboard: result.card.keyboard },
    });
    return;
  }
  const { id } = result.created;
  const refresh = orderRefresh.fits({ id })
    ? [[{ text: ctx.t("btn-refresh"), callback_data: orderRefresh.encode({ id }) }]]
    : [];
  await ctx.reply(`${ctx.t("new-created-no-card")}\n${result.message}`, {
    reply_markup: { inline_keyboard: refresh },
  });
}
