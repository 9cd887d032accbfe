/**
 * Card actions as small dialogs: assign a master or a manager (buttons from
 * the cached staff of the order's workshop), add a comment. Each ends with ONE
 * PATCH through the order writer (a retry the clerk asks for after a lost answer first checks whether it
 * landed); the assignment answers with the card built from the record plus the
 * change (no extra request).
 */
import type { BotContext, DialogContext } from "../../context.ts";
import { type Dialog, startRun } from "../../dialog-kit/ask.ts";
import { askStaff, type StaffRole } from "../../dialog-kit/ask-staff.ts";
import { askText } from "../../dialog-kit/prompts.ts";
import { saveWithRetry } from "../../dialog-kit/save.ts";
import { reviveOrder } from "../../orders/json.ts";
import { commentAuthor, signedComment } from "../../state/comment-author.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { orderWriter } from "../../writes/order-writer.ts";

export const ASSIGN_STAFF = "assign-staff";
export const ADD_COMMENT = "add-comment";

export async function assignStaffDialog(
  dialog: Dialog,
  ctx: DialogContext,
  raw: unknown,
  role: StaffRole,
): Promise<void> {
  const order = reviveOrder(raw);
  const run = await startRun(dialog);
  const shopId = order.shop?.id;
  if (!shopId) {
    await ctx.reply(ctx.t("act-no-shop"));
    return;
  }
  const title = escapeHtml(orderTitle(order));
  const current = role === "master" ? order.master : order.manager;
  const person = await askStaff(run, ctx, {
    role,
    shopId,
    prompt: ctx.t(`act-ask-${role}`, {
      order: title,
      current: escapeHtml(current?.name ?? ctx.t("value-none")),
    }),
    current: current?.id ? { id: current.id, name: current.name ?? current.id } : undefined,
    empty: ctx.t(`act-no-${role}s`),
  });
  if (!person) return;
  const result = await saveWithRetry(run, ctx, () =>
    orderWriter.change(run, order, { [role]: { id: person.id, name: person.name } }),
  );
  if (!result) return;
  const header = ctx.t(`act-${role}-done`, { name: escapeHtml(person.name) });
  await ctx.reply(`${header}\n\n${result.card.text}`, {
    reply_markup: { inline_keyboard: result.card.keyboard },
  });
}

export async function addCommentDialog(
  dialog: Dialog,
  ctx: DialogContext,
  orderId: string,
  title: string,
): Promise<void> {
  const run = await startRun(dialog);
  const text = await askText(run, ctx, {
    prompt: ctx.t("act-ask-comment", { order: escapeHtml(title) }),
    max: 1000,
  });
  if (!text) return;
  // Signed with the person's name: the service signs API comments with the API user.
  const author = await run.dialog.external((outer: BotContext) => commentAuthor(outer.services, outer.from));
  const signed = signedComment(author, text);
  // The writer's copy lists the comment at once when the reader holds the order (no request).
  const result = await saveWithRetry(run, ctx, () => orderWriter.comment(run, orderId, title, signed));
  if (result) await ctx.reply(ctx.t("act-comment-done", { order: escapeHtml(title) }));
}
