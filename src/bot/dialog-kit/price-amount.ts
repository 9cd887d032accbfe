/**
 * A price typed as a money amount in the user's locale ("1 500", "1500,50"):
 * anything else ("abc", "-5", "1e309") is re-asked in the user's language.
 * The service keeps the approximate price as a string: the answer is the
 * plain number ("1500.5"), never the typed text.
 */
import type { DialogContext } from "../context.ts";
import { localeOf } from "../i18n.ts";
import { formatAmount } from "../ui/money.ts";
import { escapeHtml } from "../ui/text.ts";
import { accept, ask, type Button, type DialogRun, reject, SKIP } from "./ask.ts";
import { MAX_AMOUNT, readAmount } from "./parse.ts";

export async function askPriceAmount(
  run: DialogRun,
  ctx: DialogContext,
  text: string,
  options: { skippable?: boolean; extra?: Button[][] } = {},
): Promise<string | undefined> {
  return ask<string | undefined>(run, ctx, {
    text,
    acceptsText: true,
    buttons: [
      ...(options.extra ?? []),
      ...(options.skippable ? [[{ text: ctx.t("dlg-btn-skip"), value: SKIP }]] : []),
    ],
    parse: async (answer) => {
      if (answer.kind === "button")
        return answer.value === SKIP && options.skippable
          ? accept(undefined)
          : reject(answer.ctx.t("dlg-use-buttons"));
      const amount = readAmount(answer.text);
      const locale = await localeOf(answer.ctx);
      if (amount.ok)
        return accept(
          String(amount.value),
          escapeHtml(answer.ctx.t("money", { amount: formatAmount(amount.value, locale) })),
        );
      if (amount.error === "too-large")
        return reject(answer.ctx.t("pay-amount-too-large", { max: formatAmount(MAX_AMOUNT, locale) }));
      return reject(answer.ctx.t("price-bad-amount"));
    },
  });
}
