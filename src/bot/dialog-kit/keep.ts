/**
 * Questions of the optional groups opened from the summary: each shows the
 * value it has now, and Skip keeps it (a group opened to add an e-mail must
 * not wipe the phone).
 */
import type { DialogContext } from "../context.ts";
import { localeOf } from "../i18n.ts";
import { formatAmount } from "../ui/money.ts";
import { escapeHtml } from "../ui/text.ts";
import type { DialogRun } from "./ask.ts";
import { askText } from "./prompts.ts";

/** `question` with a "now: …" line when there is a value. */
export function withCurrent(ctx: DialogContext, question: string, current: string | undefined): string {
  return current ? `${question}\n${ctx.t("new-now", { value: escapeHtml(current) })}` : question;
}

/** A price kept as the service's plain number ("3500"), shown as money ("3 500 ₽") in a "now: …" line. */
export async function moneyNow(ctx: DialogContext, amount: number | undefined): Promise<string | undefined> {
  return amount === undefined
    ? undefined
    : ctx.t("money", { amount: formatAmount(amount, await localeOf(ctx)) });
}

/** Free text of a group: the typed text, or the current value on Skip. */
export async function keepOrAsk(
  run: DialogRun,
  ctx: DialogContext,
  key: string,
  current: string | undefined,
  limit = 100,
): Promise<string | undefined> {
  const typed = await askText(run, ctx, {
    prompt: withCurrent(ctx, ctx.t(key), current),
    skippable: true,
    max: limit,
  });
  return typed ?? current;
}
