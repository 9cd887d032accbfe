/**
 * 🔁 An order's client: an order made for the wrong client moves to another
 * one. The clerk picks an existing client (the intake's search by name or
 * phone) or creates one (name, phone), confirms, and ONE
 * `PATCH /orders/{id}` with `counteragentId` moves it (a new client is one
 * `POST /counteragents` before it; each write exactly once). The card and the
 * mirror show the new client at once.
 */
import type { DialogContext } from "../../context.ts";
import { type Dialog, type DialogRun, startRun } from "../../dialog-kit/ask.ts";
import { askClient, type ClientChoice } from "../../dialog-kit/ask-client.ts";
import { askYesNo } from "../../dialog-kit/prompts.ts";
import { reviveOrder } from "../../orders/json.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { createClient, moveOrder } from "./writes.ts";

export const ORDER_CLIENT = "order-client";

export async function orderClientDialog(dialog: Dialog, ctx: DialogContext, raw: unknown): Promise<void> {
  const order = reviveOrder(raw);
  const run = await startRun(dialog);
  const title = escapeHtml(orderTitle(order));
  const current = order.counteragent;
  await ctx.reply(
    ctx.t("om-intro", { order: title, client: escapeHtml(current?.name ?? ctx.t("dlg-none")) }),
  );
  // The intake's step: an existing client by name or phone, or a new one (name, phone asked, skippable).
  const choice = await askClient(run, ctx);
  if (choice.kind === "existing" && choice.id === current?.id) {
    await ctx.reply(ctx.t("om-same", { order: title }));
    return;
  }
  const sure = await askYesNo(run, ctx, {
    prompt: ctx.t(choice.kind === "new" ? "om-confirm-new" : "om-confirm", {
      order: title,
      from: escapeHtml(current?.name ?? ctx.t("dlg-none")),
      to: escapeHtml(choice.name),
      phone: escapeHtml(choice.phone ?? ctx.t("dlg-none")),
    }),
    confirmation: true,
  });
  if (!sure) {
    await ctx.reply(ctx.t("om-kept", { order: title }));
    return;
  }
  const target = await targetOf(run, ctx, choice);
  if (!target) return;
  const moved = await moveOrder(run, ctx, order, target);
  if (!moved) return;
  await ctx.reply(
    `${ctx.t("om-done", { order: title, client: escapeHtml(target.name) })}\n\n${moved.card.text}`,
    {
      reply_markup: { inline_keyboard: moved.card.keyboard },
    },
  );
}

/** The client the order moves to: the picked one, or the new one created first. */
async function targetOf(
  run: DialogRun,
  ctx: DialogContext,
  choice: ClientChoice,
): Promise<{ id: string; name: string; phones: string[] } | undefined> {
  if (choice.kind === "existing")
    return { id: choice.id, name: choice.name, phones: choice.phone ? [choice.phone] : [] };
  return createClient(run, ctx, choice);
}
