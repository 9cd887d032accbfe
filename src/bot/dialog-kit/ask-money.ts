/**
 * A money amount step, typed in the user's locale ("1 500", "1500,50";
 * "1,500.50", "1,500" in English) or, with `offer`, one tap on a suggested
 * amount; with `skippable`, ⏭ Skip answers undefined (the caller keeps its
 * current value). Unreadable text ("abc", "-5", "1e309"), more than two
 * decimals, or an amount outside `min`..`max` re-asks with a localized
 * reason; the answer is a plain number.
 *
 *   const price = await askMoney(run, ctx, { prompt: ctx.t("dx-ask-price"), min: 0 });
 */
import type { DialogContext } from "../context.ts";
import { localeOf } from "../i18n.ts";
import { formatAmount } from "../ui/money.ts";
import { escapeHtml } from "../ui/text.ts";
import { accept, ask, type DialogRun, reject, SKIP } from "./ask.ts";
import { MAX_AMOUNT, readAmount } from "./parse.ts";

const OFFER = "due";

interface AskMoneyOptions {
  /** The question (HTML). */
  prompt: string;
  /** The smallest amount taken (inclusive); 0 lets "0" through. Default: any positive amount. */
  min?: number;
  /** The largest amount taken (inclusive), at most MAX_AMOUNT (the default). */
  max?: number;
  /** An amount offered as a button; `label` is the button's text (the amount already in it). */
  offer?: { amount: number; label: string } | undefined;
  /** ⏭ Skip answers undefined. */
  skippable?: boolean;
  /** The locale key of the re-prompt for text that is no amount (default: `pay-bad-amount`). */
  unreadable?: string;
}

export function askMoney(
  run: DialogRun,
  ctx: DialogContext,
  options: AskMoneyOptions & { skippable: true },
): Promise<number | undefined>;
export function askMoney(run: DialogRun, ctx: DialogContext, options: AskMoneyOptions): Promise<number>;
export async function askMoney(
  run: DialogRun,
  ctx: DialogContext,
  options: AskMoneyOptions,
): Promise<number | undefined> {
  const locale = await localeOf(ctx);
  const max = Math.min(options.max ?? MAX_AMOUNT, MAX_AMOUNT);
  const { min, offer, skippable } = options;
  const unreadable = options.unreadable ?? "pay-bad-amount";
  const money = (value: number) => ctx.t("money", { amount: formatAmount(value, locale) });
  return ask<number | undefined>(run, ctx, {
    text: options.prompt,
    acceptsText: true,
    buttons: [
      ...(offer === undefined ? [] : [[{ text: offer.label, value: OFFER }]]),
      ...(skippable ? [[{ text: ctx.t("dlg-btn-skip"), value: SKIP }]] : []),
    ],
    parse: async (a) => {
      if (a.kind !== "text") {
        if (a.value === SKIP && skippable) return accept(undefined);
        return a.value === OFFER && offer !== undefined
          ? accept(offer.amount, escapeHtml(money(offer.amount)))
          : reject(a.ctx.t("dlg-use-buttons"));
      }
      // The answer's own locale: the one its re-prompt is written in.
      const answerLocale = await localeOf(a.ctx);
      const amount = readAmount(a.text, answerLocale, { zero: min !== undefined && min <= 0 });
      if (!amount.ok && amount.error === "unreadable") return reject(a.ctx.t(unreadable));
      if (!amount.ok || amount.value > max)
        return reject(a.ctx.t("pay-amount-too-large", { max: formatAmount(max, answerLocale) }));
      if (min !== undefined && amount.value < min)
        return reject(a.ctx.t("dlg-money-too-small", { min: formatAmount(min, answerLocale) }));
      return accept(
        amount.value,
        escapeHtml(a.ctx.t("money", { amount: formatAmount(amount.value, answerLocale) })),
      );
    },
  });
}
