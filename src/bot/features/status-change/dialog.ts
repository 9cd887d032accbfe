/**
 * Status change (operators): pick the status; when it requires payment
 * (isPayRequired) take it, when that is unknown (statuses learned from orders)
 * offer it — register, amounts (cash, bank or mixed; the order's balance is
 * one tap); confirm, with the note (`nodePay`) offered as a button there (a move into a closed status with a
 * balance left says how much stays unpaid); ONE PATCH through the order
 * writer; the refreshed card. Requests: the order is
 * read before the dialog (1: GET from the card, or the search of
 * `/status <number>`), statuses and registers come from the cache, the PATCH
 * is 1, and the card afterwards is built from the record plus the change.
 */
import type { Locale } from "../../../config/index.ts";
import type { Order } from "../../../service/index.ts";
import type { BotContext, DialogContext } from "../../context.ts";
import { accept, ask, type Dialog, leave, reject, startRun } from "../../dialog-kit/ask.ts";
import { withCurrent } from "../../dialog-kit/keep.ts";
import {
  type Amounts,
  amountsText,
  askAmounts,
  askRegister,
  type PaymentRegister,
  settleOverpayment,
} from "../../dialog-kit/payment.ts";
import { askText, askYesNo, yesNoWord } from "../../dialog-kit/prompts.ts";
import { saveWithRetry } from "../../dialog-kit/save.ts";
import { loadOrLeave } from "../../dialog-kit/service.ts";
import { localeOf } from "../../i18n.ts";
import { type MoneySettings, moneyOf, moneySettings } from "../../money/order-money.ts";
import { reviveOrder } from "../../orders/json.ts";
import { commentAuthor, signedComment } from "../../state/comment-author.ts";
import { formatAmount } from "../../ui/money.ts";
import { orderTitle } from "../../ui/order-card.ts";
import { escapeHtml } from "../../ui/text.ts";
import { type OrderChange, orderWriter } from "../../writes/order-writer.ts";
import { askStatus, type StatusOption } from "./ask-status.ts";
import { loadStatusOptions } from "./statuses.ts";

export const STATUS_CHANGE = "status-change";

interface Payment extends Amounts {
  register: PaymentRegister;
  note?: string;
}

export async function statusChangeDialog(dialog: Dialog, ctx: DialogContext, raw: unknown): Promise<void> {
  const order = reviveOrder(raw);
  const run = await startRun(dialog);
  const title = escapeHtml(orderTitle(order));
  const statuses = await loadOrLeave(run, ctx, loadStatusOptions);
  if (statuses.length === 0) await leave(run, ctx, "st-no-statuses");
  // The one money model (declined orders owe no estimate): the same due as the card shows.
  const money = await run.dialog.external((outer: BotContext) => moneySettings(outer.services.config));
  const header = ctx.t("st-header", {
    order: title,
    status: escapeHtml(order.status?.name ?? ctx.t("value-none")),
  });
  const target = await askStatus(
    run,
    ctx,
    header,
    statuses,
    order.status?.id,
    await debtHint(ctx, order, statuses, money),
  );
  const payment = await paymentFor(run, ctx, order, target, money);

  const locale = await localeOf(ctx);
  const paid = payment && (payment.money !== undefined || payment.bank !== undefined);
  // The payment's note is offered beside the confirmation (a button), not asked: one tap less per hand-over.
  for (;;) {
    const confirmText = [
      ctx.t("st-confirm", {
        order: title,
        from: escapeHtml(order.status?.name ?? ctx.t("value-none")),
        to: escapeHtml(target.name),
      }),
      ...(payment && paid
        ? [
            ctx.t("st-confirm-payment", {
              register: escapeHtml(payment.register.name),
              amounts: amountsText(ctx, payment, locale),
            }),
          ]
        : []),
      ...(payment?.note ? [ctx.t("st-confirm-note", { note: escapeHtml(payment.note) })] : []),
      ...unpaidWarning(ctx, order, target, payment, locale, money),
    ].join("\n");
    const answer = await askConfirm(run, ctx, confirmText, Boolean(payment && paid));
    if (answer === "no") await leave(run, ctx, "dlg-cancelled");
    if (answer === "yes") break;
    if (payment)
      payment.note =
        (await askText(run, ctx, {
          prompt: withCurrent(ctx, ctx.t("st-ask-note"), payment.note),
          skippable: true,
          max: 300,
        })) ?? payment.note;
  }

  // The payment's note reaches the order's comments in the same PATCH (the card never shows nodePay).
  const note = payment && paid ? payment.note?.trim() : undefined;
  const noteText =
    note && payment && ctx.t("st-payment-comment", { amounts: amountsText(ctx, payment, locale), note });
  const comment = noteText
    ? signedComment(
        await run.dialog.external((outer: BotContext) => commentAuthor(outer.services, outer.from)),
        noteText,
      )
    : undefined;
  const change: OrderChange = {
    status: { id: target.id, name: target.name, group: target.group },
    payment: payment && paid ? { registerId: payment.register.id, ...amountsOf(payment) } : undefined,
    comment,
  };
  const result = await saveWithRetry(run, ctx, () => orderWriter.change(run, order, change), {
    // A refusal (no edit access in this status, payment not allowed) is final; a network or quota problem may pass.
    // With a payment the service's rule was not known for: say the likely reason in plain words.
    failed: (failure) =>
      [
        ctx.t("st-failed"),
        paid && target.isPayRequired === undefined && !failure.retryable ? ctx.t("st-pay-refused") : "",
      ]
        .filter(Boolean)
        .join("\n"),
  });
  if (!result) return;
  await ctx.reply(`${ctx.t("st-done", { status: escapeHtml(target.name) })}\n\n${result.card.text}`, {
    reply_markup: { inline_keyboard: result.card.keyboard },
  });
}

/** The amounts and note of a payment as the writer takes them. */
function amountsOf(payment: Payment): { money?: number; bank?: number; note?: string } {
  return { money: payment.money, bank: payment.bank, note: payment.note };
}

/** Closing an order that still owes money: the confirmation says how much stays unpaid. */
function unpaidWarning(
  ctx: DialogContext,
  order: Order,
  target: StatusOption,
  payment: Payment | undefined,
  locale: Locale,
  money: MoneySettings,
): string[] {
  const m = moneyOf(order, money);
  if (target.group !== "closed" || m.price === undefined) return [];
  const unpaid = Math.round((m.due - (payment?.money ?? 0) - (payment?.bank ?? 0)) * 100) / 100;
  if (unpaid <= 0) return [];
  return [ctx.t("st-confirm-unpaid", { amount: ctx.t("money", { amount: formatAmount(unpaid, locale) }) })];
}

/**
 * Payment when entering `target`: asked when the status requires it, not asked
 * when it does not, and offered ("Take a payment now?") when the rule is unknown.
 */
async function paymentFor(
  run: Parameters<typeof askYesNo>[0],
  ctx: DialogContext,
  order: Order,
  target: StatusOption,
  money: MoneySettings,
): Promise<Payment | undefined> {
  if (target.isPayRequired === false) return undefined;
  if (
    target.isPayRequired === undefined &&
    !(await askYesNo(run, ctx, { prompt: ctx.t("st-ask-pay-optional") }))
  )
    return undefined;
  return askPayment(run, ctx, order, target.isPayRequired === true, money);
}

async function askPayment(
  run: Parameters<typeof askYesNo>[0],
  ctx: DialogContext,
  order: Order,
  required: boolean,
  money: MoneySettings,
): Promise<Payment | undefined> {
  const shopId = order.shop?.id;
  if (!shopId) return undefined;
  const question = ctx.t(required ? "st-ask-payment" : "st-ask-register");
  const register = await askRegister(run, ctx, shopId, question, ctx.t("st-btn-no-payment"));
  if (!register) return undefined;
  // The one money model: priced by its works and parts, else by its estimate; no price: all is beyond.
  const m = moneyOf(order, money);
  const due = m.price === undefined ? undefined : m.due;
  for (;;) {
    // More than is left: change or kept as an overpayment (cash), else confirmed; "again" asks anew.
    const settled = await settleOverpayment(run, ctx, await askAmounts(run, ctx, register, due), due);
    if (settled) return { register, ...settled };
  }
}

/** The confirmation: ✅ Yes, ❌ No, and with a payment 📝 Payment note (offered, never asked). */
function askConfirm(
  run: Parameters<typeof askYesNo>[0],
  ctx: DialogContext,
  text: string,
  withNote: boolean,
): Promise<"yes" | "no" | "note"> {
  return ask<"yes" | "no" | "note">(run, ctx, {
    text,
    cancelButton: false,
    acceptsText: true,
    lookups: true,
    buttons: [
      [
        { text: ctx.t("dlg-btn-yes"), value: "y" },
        { text: ctx.t("dlg-btn-no"), value: "n" },
      ],
      ...(withNote ? [[{ text: ctx.t("st-btn-note"), value: "note" }]] : []),
    ],
    parse: (a) => {
      const value = a.kind === "button" ? a.value : yesNoWord(a.text);
      if (value === "y") return accept("yes");
      if (value === "n") return accept("no");
      if (value === "note" && withNote) return accept("note");
      return reject(a.ctx.t("dlg-use-buttons"));
    },
  });
}
/**
 * An order that still owes money, its current status picked again: the service
 * takes a payment only on entering a status that demands one, so the bot says
 * which those are and how to take the debt (undefined: nothing is owed).
 */
async function debtHint(
  ctx: DialogContext,
  order: Order,
  statuses: StatusOption[],
  money: MoneySettings,
): Promise<string | undefined> {
  const balance = moneyOf(order, money).due;
  if (balance <= 0) return undefined;
  const amount = ctx.t("money", { amount: formatAmount(balance, await localeOf(ctx)) });
  const payable = statuses.filter((s) => s.isPayRequired === true && s.id !== order.status?.id);
  return payable.length > 0
    ? ctx.t("st-debt-how", { amount, statuses: escapeHtml(payable.map((s) => s.name).join(", ")) })
    : ctx.t("st-debt-how-none", { amount });
}
