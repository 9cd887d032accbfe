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
import type { BotContext, BotServices, DialogContext } from "../../context.ts";
import type { DialogRun } from "../../dialog-kit/ask.ts";
import type { TranslateFunction } from "../../i18n.ts";
import { createIntakeRecords } from "../../state/intake-records.ts";
import { orderRefresh } from "../../ui/callbacks.ts";
import type { InlineButton } from "../../ui/keyboard.ts";
import type { WriteRun } from "../../writes/actor.ts";
import { type CreateResult, orderWriter } from "../../writes/order-writer.ts";
import { createInput, draftOrder, sentOf } from "./create-input.ts";
import type { Draft } from "./draft.ts";

/** A dialog's run, or a Mini App submission's (mini-app/intake-api.ts): the same create. */
export function createOnce(run: WriteRun, draft: Draft): Promise<CreateResult> {
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
  return run.dialog.external((outer: BotContext) => keepIntakeRecord(outer.services, outer.from, order));
}

/** The clerk's user: a chat's sender, a Mini App's initData user (Telegram's names). */
interface Clerk {
  id: number;
  first_name?: string | undefined;
  last_name?: string | undefined;
}

/** keepForReceipt's work, for any clerk (the Mini App's intake keeps it the same way). */
export async function keepIntakeRecord(
  services: BotServices,
  from: Clerk | undefined,
  order: Order,
): Promise<void> {
  const settings = from && (await services.users.read(from.id).catch(() => undefined));
  const name = [from?.first_name, from?.last_name].filter(Boolean).join(" ");
  const clerk = settings?.employee?.name ?? (name || undefined);
  await createIntakeRecords(services.store).keep({ order, clerk, at: services.clock.now().getTime() });
}

/** The new order's card; a short note with 🔄 Refresh when its record could not be read. */
export async function showCreated(
  ctx: DialogContext,
  result: CreateResult & { kind: "created" | "created-no-card" },
): Promise<void> {
  const reply = createdReply(ctx.t, result);
  await ctx.reply(reply.text, { reply_markup: { inline_keyboard: reply.keyboard } });
}

/** What showCreated says, in any chat (the Mini App's intake sends it to the clerk's chat with the bot). */
export function createdReply(
  t: TranslateFunction,
  result: CreateResult & { kind: "created" | "created-no-card" },
): { text: string; keyboard: InlineButton[][] } {
  if (result.kind === "created")
    return { text: `${t("new-created")}\n\n${result.card.text}`, keyboard: result.card.keyboard };
  const { id } = result.created;
  const refresh = orderRefresh.fits({ id })
    ? [[{ text: t("btn-refresh"), callback_data: orderRefresh.encode({ id }) }]]
    : [];
  return { text: `${t("new-created-no-card")}\n${result.message}`, keyboard: refresh };
}
