/**
 * Payment steps shared by the prepayment of a new order and the payment on a
 * status change: a register of the order's workshop (cached) that accepts cash
 * or bank, then the amounts the register allows: cash, bank, or both (mixed).
 */
import type { Locale } from "../../config/index.ts";
import type { DialogContext } from "../context.ts";
import { localeOf } from "../i18n.ts";
import { formatAmount } from "../ui/money.ts";
import { accept, ask, type DialogRun, pickIndex, reject } from "./ask.ts";
import { askMoney } from "./ask-money.ts";
import { askPick, askYesNo } from "./prompts.ts";
import { loadOrLeave, loadOrSkip } from "./service.ts";

export interface PaymentRegister {
  id: string;
  name: string;
  cash: boolean;
  bank: boolean;
}

export interface Amounts {
  money?: number;
  bank?: number;
}

/**
 * Undefined when the clerk chose "no payment" (or the workshop has no register
 * that takes money). `optional` (a prepayment): registers the service will not
 * give are no payment (the clerk is told) instead of the dialog's end.
 */
export async function askRegister(
  run: DialogRun,
  ctx: DialogContext,
  shopId: string,
  text: string,
  noneLabel: string,
  options: { optional?: boolean } = {},
): Promise<PaymentRegister | undefined> {
  const loaded = await (options.optional ? loadOrSkip : loadOrLeave)(run, ctx, async ({ reference }) =>
    (await reference.cashRegisters(shopId))
      .filter((r) => r.isEnableCash === true || r.isEnableBank === true)
      .map(
        (r): PaymentRegister => ({
          id: r.id,
          name: r.name ?? r.id,
          cash: r.isEnableCash === true,
          bank: r.isEnableBank === true,
        }),
      ),
  );
  if (loaded === undefined) return undefined;
  const registers = loaded;
  if (registers.length === 0) {
    // Said, not silent: the clerk asked for a payment and must know none is recorded.
    await ctx.reply(ctx.t("pay-no-registers"));
    return undefined;
  }
  const label = (r: PaymentRegister) =>
    `${r.name} (${[r.cash ? ctx.t("pay-cash") : "", r.bank ? ctx.t("pay-bank") : ""].filter(Boolean).join(", ")})`;
  const buttons = registers.map((r, index) => [{ text: label(r), value: String(index) }]);
  return ask<PaymentRegister | undefined>(run, ctx, {
    text,
    buttons: [...buttons, [{ text: noneLabel, value: "none" }]],
    parse: (a) => {
      if (a.kind !== "button") return reject(a.ctx.t("dlg-use-buttons"));
      if (a.value === "none") return accept(undefined);
      const register = pickIndex(registers, a.value);
      return register ? accept(register) : reject(a.ctx.t("dlg-use-buttons"));
    },
  });
}

type Method = "cash" | "bank" | "mixed";

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * The amounts the register allows. With `due` (what is left to pay) the one
 * amount of a cash or bank payment offers it as a button; a mixed payment
 * splits nothing by itself: the clerk types the cash part, and the rest is
 * offered for the bank part.
 */
export async function askAmounts(
  run: DialogRun,
  ctx: DialogContext,
  register: PaymentRegister,
  due?: number,
): Promise<Amounts> {
  let method: Method = register.cash ? "cash" : "bank";
  if (register.cash && register.bank) {
    const methods: Method[] = ["cash", "bank", "mixed"];
    method =
      (await askPick(run, ctx, ctx.t("pay-ask-method"), methods, (m) => ctx.t(`pay-method-${m}`), {
        perRow: 3,
      })) ?? "cash";
  }
  const whole = due !== undefined && due > 0 ? due : undefined;
  const money =
    method === "bank"
      ? undefined
      : await askAmount(
          run,
          ctx,
          ctx.t("pay-ask-cash"),
          method === "cash" ? { due: whole } : { due: undefined, shown: whole },
        );
  const rest = whole !== undefined && money !== undefined ? cents(whole - money) : whole;
  // The cash part covered all that was left: a bank part (a positive amount) would be a trap.
  const covered = method === "mixed" && rest !== undefined && rest <= 0;
  const bank =
    method === "cash" || covered
      ? undefined
      : await askAmount(run, ctx, ctx.t("pay-ask-bank"), {
          due: rest !== undefined && rest > 0 ? rest : undefined,
          rest: method === "mixed",
        });
  return { money, bank };
}

/**
 * One amount of a payment: `due` is offered as a one-tap button ("the rest" of a
 * mixed payment), `shown` only named in the prompt (the total a mixed payment splits).
 */
async function askAmount(
  run: DialogRun,
  ctx: DialogContext,
  text: string,
  offer: { due: number | undefined; shown?: number | undefined; rest?: boolean },
): Promise<number> {
  const locale = await localeOf(ctx);
  const money = (value: number) => ctx.t("money", { amount: formatAmount(value, locale) });
  const { due } = offer;
  const left = offer.due ?? offer.shown;
  return askMoney(run, ctx, {
    prompt: left === undefined ? text : `${ctx.t("pay-left-to-pay", { amount: money(left) })}\n${text}`,
    offer:
      due === undefined
        ? undefined
        : { amount: due, label: ctx.t(offer.rest ? "pay-btn-rest" : "pay-btn-due", { amount: money(due) }) },
  });
}

/**
 * A payment beyond what is left to pay (`due`; undefined: the order has no price).
 * Cash beyond it (decisions.md "Money") is change unless the clerk keeps it:
 * "💵 Change N ₽" records only what is due, "↩️ Keep as an overpayment" records
 * all, "✏️ Other amount" asks the amounts again (undefined). Beyond it by bank
 * (no change there), or on an order without a price, the overpayment is named
 * and confirmed; "No" asks again. A payment within what is left asks nothing.
 */
export async function settleOverpayment(
  run: DialogRun,
  ctx: DialogContext,
  amounts: Amounts,
  due: number | undefined,
): Promise<Amounts | undefined> {
  const total = cents((amounts.money ?? 0) + (amounts.bank ?? 0));
  const left = due === undefined ? undefined : Math.max(0, due);
  if (total <= 0 || (left !== undefined && total <= left)) return amounts;
  const locale = await localeOf(ctx);
  const money = (value: number) => ctx.t("money", { amount: formatAmount(value, locale) });
  if (left === undefined) {
    const text = ctx.t("pay-over-no-price", { total: money(total) });
    return (await askYesNo(run, ctx, { prompt: text, confirmation: true })) ? amounts : undefined;
  }
  const over = cents(total - left);
  const cash = amounts.money ?? 0;
  if (cash < over) {
    const text = ctx.t("pay-over", { total: money(total), left: money(left), over: money(over) });
    return (await askYesNo(run, ctx, { prompt: text, confirmation: true })) ? amounts : undefined;
  }
  const choice = await ask<"change" | "keep" | "again">(run, ctx, {
    text: ctx.t("pay-change-or-keep", { total: money(total), left: money(left), over: money(over) }),
    buttons: [
      [{ text: ctx.t("pay-btn-change", { amount: money(over) }), value: "change" }],
      [{ text: ctx.t("pay-btn-keep-over"), value: "keep" }],
      [{ text: ctx.t("pay-btn-other-amount"), value: "again" }],
    ],
    parse: (a) =>
      a.kind === "button" && (a.value === "change" || a.value === "keep" || a.value === "again")
        ? accept(a.value)
        : reject(a.ctx.t("dlg-use-buttons")),
  });
  if (choice === "again") return undefined;
  if (choice === "keep") return amounts;
  // Change given back: only what is due is recorded, the cash part less the change.
  const kept = cents(cash - over);
  return { money: kept > 0 ? kept : undefined, bank: amounts.bank };
}

/** "1 500 ₽ cash + 2 000 ₽ bank" for summaries and confirmations. */
export function amountsText(ctx: DialogContext, amounts: Amounts, locale: Locale): string {
  const format = (value: number) => formatAmount(value, locale);
  const parts: string[] = [];
  if (amounts.money !== undefined) parts.push(ctx.t("pay-amount-cash", { amount: format(amounts.money) }));
  if (amounts.bank !== undefined) parts.push(ctx.t("pay-amount-bank", { amount: format(amounts.bank) }));
  return parts.join(" + ");
}
