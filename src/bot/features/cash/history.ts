/**
 * A register's latest non-deleted transactions, 10 a page, newest first:
 * date, amount (signed by the cash item), item, order number, employee. One
 * request a page. The register must be one of the configured workshops'
 * (from the reference cache): a forged id is refused before any request.
 */
import { InlineKeyboard } from "grammy";
import type { CashRegister, CashTransaction } from "../../../service/index.ts";
import type { BotContext } from "../../context.ts";
import { callService } from "../../crm/call.ts";
import { indexItems, isIncome } from "../../desk/money.ts";
import { cashBack, cashHistory, deskGate, deskShops } from "../../desk/scope.ts";
import { localeOf } from "../../i18n.ts";
import { Composer } from "../../middleware/composer.ts";
import { pageNumber } from "../../ui/callback-data.ts";
import { formatDateTime } from "../../ui/dates.ts";
import { tidyKeyboard } from "../../ui/keyboard.ts";
import { editOrSame } from "../../ui/messages.ts";
import { formatAmount } from "../../ui/money.ts";
import { escapeHtml } from "../../ui/text.ts";

const HISTORY_PAGE_SIZE = 10;

export const cashHistoryFeature = new Composer<BotContext>();

cashHistoryFeature.callbackQuery(cashHistory.filter, deskGate, async (ctx) => {
  const data = cashHistory.decode(ctx.callbackQuery.data);
  const page = pageNumber(data?.page ?? "");
  const register = data && page ? await registerInScope(ctx, data.id) : undefined;
  if (!data || !page || !register) {
    await ctx.answerCallbackQuery({ text: ctx.t("cash-unknown-register"), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  const outcome = await callService(ctx, (client) =>
    client.cash.list({ cashRegisterId: register.id, type: "active", page, pageSize: HISTORY_PAGE_SIZE }),
  );
  const name = escapeHtml(register.name ?? register.id);
  const back = new InlineKeyboard().text(ctx.t("cash-btn-back"), cashBack.encode({ x: 0 }));
  if (!outcome.ok) {
    await editOrSame(
      ctx,
      `${ctx.t("cash-history-title", { name, page, pages: page })}\n${outcome.message}`,
      back,
    );
    return;
  }
  const { items: transactions, total } = outcome.value;
  const pages = Math.max(1, Math.ceil((total ?? transactions.length) / HISTORY_PAGE_SIZE));
  if (transactions.length === 0) {
    await editOrSame(ctx, ctx.t("cash-history-none", { name }), back);
    return;
  }
  const items = indexItems(await ctx.services.reference.cashItems().catch(() => []));
  const locale = await localeOf(ctx);
  const line = (t: CashTransaction) => {
    const sign = isIncome(t, items) ? "+" : "−";
    return ctx.t("cash-history-line", {
      date: t.date ? formatDateTime(t.date, locale, ctx.services.config.timezone) : ctx.t("value-none"),
      amount: `${sign}${formatAmount(t.money ?? 0, locale)}`,
      item: escapeHtml(t.cashItem?.name ?? (t.cashItem?.id ? (items.get(t.cashItem.id)?.name ?? "") : "")),
      order: t.document?.number ? ` · ${escapeHtml(t.document.number)}` : "",
      employee: t.customer?.name ? ` · ${escapeHtml(t.customer.name)}` : "",
    });
  };
  const keyboard = new InlineKeyboard();
  if (page > 1)
    keyboard.text(ctx.t("cash-btn-prev"), cashHistory.encode({ id: register.id, page: page - 1 }));
  if (page < pages)
    keyboard.text(ctx.t("cash-btn-next"), cashHistory.encode({ id: register.id, page: page + 1 }));
  keyboard.row().text(ctx.t("cash-btn-back"), cashBack.encode({ x: 0 }));
  const text = [ctx.t("cash-history-title", { name, page, pages }), ...transactions.map(line)].join("\n");
  await editOrSame(ctx, text, tidyKeyboard(keyboard));
});

/** The register when it belongs to a configured workshop (reference cache: no request when warm). */
async function registerInScope(ctx: BotContext, id: string): Promise<CashRegister | undefined> {
  try {
    for (const shop of await deskShops(ctx.services)) {
      const found = (await ctx.services.reference.cashRegisters(shop.id)).find((r) => r.id === id);
      if (found) return found;
    }
  } catch {
    // The reference could not be read: the press is answered as stale, never as a crash.
  }
  return undefined;
}
