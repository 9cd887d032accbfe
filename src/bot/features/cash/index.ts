/**
 * `/cash` (owners, private chat): each register of the configured workshops
 * with its cash and bank balance as the service states them, and today's
 * income and expense in TIMEZONE (non-deleted transactions; income by the
 * cash item), with what of it was taken on orders and what moved between
 * registers; under each register its own day (income and expense, its moves
 * between registers apart), so an owner counts each till against it. Per workshop: the registers (1 request, fresh for the balances)
 * and today's transactions (`GET /cash`, 1 request per 50, at most 2); cash
 * items from the reference cache. A button per register opens its latest
 * transactions (history.ts).
 */
import { InlineKeyboard } from "grammy";
import type { Locale } from "../../../config/index.ts";
import type { CashRegister } from "../../../service/index.ts";
import type { BotContext } from "../../context.ts";
import { callService } from "../../crm/call.ts";
import { type DayMoney, indexItems, sumDay } from "../../desk/money.ts";
import { periodOf } from "../../desk/period.ts";
import { cashBack, cashHistory, deskGate, deskShops } from "../../desk/scope.ts";
import { shopRegisters, transactionsOf } from "../../desk/till.ts";
import { localeOf } from "../../i18n.ts";
import { Composer } from "../../middleware/composer.ts";
import { formatDateTime, formatDay } from "../../ui/dates.ts";
import { tidyKeyboard } from "../../ui/keyboard.ts";
import { editOrSame } from "../../ui/messages.ts";
import { formatAmount } from "../../ui/money.ts";
import { resetTime } from "../../ui/reset-time.ts";
import { cutHtml, cutText, escapeHtml } from "../../ui/text.ts";
import { cashHistoryFeature } from "./history.ts";

/** Today's transactions of one workshop: at most this many requests (50 each). */
const CASH_DAY_PAGES = 2;

export const cashFeature = new Composer<BotContext>();

cashFeature.command("cash", deskGate, async (ctx) => {
  const view = await cashView(ctx);
  await ctx.reply(view.text, { reply_markup: view.keyboard });
});

cashFeature.callbackQuery(cashBack.filter, deskGate, async (ctx) => {
  await ctx.answerCallbackQuery();
  const view = await cashView(ctx);
  await editOrSame(ctx, view.text, view.keyboard);
});

cashFeature.use(cashHistoryFeature);

async function cashView(ctx: BotContext): Promise<{ text: string; keyboard: InlineKeyboard }> {
  const { config, clock, reference } = ctx.services;
  const locale = await localeOf(ctx);
  const now = clock.now();
  const today = periodOf("day", now, config.timezone);
  const lines = [ctx.t("cash-title", { time: formatDateTime(now, locale, config.timezone) })];
  const keyboard = new InlineKeyboard();
  const shops = await callService(ctx, () => deskShops(ctx.services));
  if (!shops.ok) return { text: `${lines[0]}\n${shops.message}`, keyboard };
  const short = reserveShort(ctx, shops.value.length * (1 + CASH_DAY_PAGES), locale);
  if (short) return { text: `${lines[0]}\n${short}`, keyboard };
  if (shops.value.length === 0) lines.push(ctx.t("desk-no-shops"));
  const items = indexItems(await reference.cashItems().catch(() => []));
  for (const shop of shops.value) {
    lines.push("", ctx.t("cash-shop", { shop: escapeHtml(shop.name ?? shop.id) }));
    const read = await callService(ctx, async (client) => {
      const registers = await shopRegisters(client, shop.id);
      const ids = registers.map((r) => r.id);
      return { registers, day: await transactionsOf(client, ids, today, CASH_DAY_PAGES) };
    });
    if (!read.ok) {
      lines.push(ctx.t("cash-shop-failed", { error: read.message }));
      continue;
    }
    const { registers, day } = read.value;
    if (registers.length === 0) lines.push(ctx.t("cash-no-registers"));
    for (const register of registers) {
      lines.push(registerLine(ctx, register, locale));
      // Each till counted against its own day: its income and expense, its moves apart.
      const own = day.items.filter((x) => x.cashRegister?.id === register.id);
      if (own.length > 0) lines.push(...registerDayLines(ctx, sumDay(own, items), locale));
      const name = register.name ?? register.id;
      if (cashHistory.fits({ id: register.id, page: 1 }))
        keyboard
          .text(
            ctx.t("cash-btn-register", { name: cutText(name, 40) }),
            cashHistory.encode({ id: register.id, page: 1 }),
          )
          .row();
    }
    lines.push(...dayLines(ctx, sumDay(day.items, items), formatDay(now, locale, config.timezone), locale));
    if (day.items.length < day.total)
      lines.push(ctx.t("cash-partial", { counted: day.items.length, total: day.total }));
  }
  // Many workshops and registers could pass Telegram's limit: cut, never refused.
  return { text: cutHtml(lines.join("\n")), keyboard: tidyKeyboard(keyboard) };
}

/**
 * /cash keeps the write reserve as /report does: when reads may no longer spend what it
 * needs (the registers and today's pages of each workshop), it reads nothing and says
 * until when; undefined when it may go.
 */
function reserveShort(ctx: BotContext, needed: number, locale: Locale): string | undefined {
  const { client, config, clock } = ctx.services;
  if (client.writeReserve === 0 || client.readAllowance() >= needed) return undefined;
  const resetAt = client.quota?.resetAt;
  if (!resetAt) return undefined;
  const time = resetTime(ctx.t, resetAt, locale, config.timezone, clock.now());
  return ctx.t("cash-reserve", { needed, time });
}

function registerLine(ctx: BotContext, register: CashRegister, locale: Locale): string {
  const name = escapeHtml(register.name ?? register.id);
  const cash = formatAmount(register.cashMoney ?? 0, locale);
  const bank = formatAmount(register.bankMoney ?? 0, locale);
  // A register that takes only one kind shows only that balance.
  if (register.isEnableCash === false && register.isEnableBank !== false)
    return ctx.t("cash-register-bank", { name, bank });
  if (register.isEnableBank === false && register.isEnableCash !== false)
    return ctx.t("cash-register-cash", { name, cash });
  return ctx.t("cash-register", { name, cash, bank });
}

/** One register's day: income and expense without its moves, and the moves apart. */
function registerDayLines(ctx: BotContext, sum: DayMoney, locale: Locale): string[] {
  const amount = (n: number) => formatAmount(n, locale);
  const lines: string[] = [];
  const income = Math.round((sum.income - sum.movesIn) * 100) / 100;
  const expense = Math.round((sum.expense - sum.movesOut) * 100) / 100;
  if (income !== 0 || expense !== 0)
    lines.push(ctx.t("cash-register-today", { income: amount(income), expense: amount(expense) }));
  if (sum.movesIn + sum.movesOut > 0)
    lines.push(ctx.t("cash-register-moves", { in: amount(sum.movesIn), out: amount(sum.movesOut) }));
  return lines;
}

function dayLines(ctx: BotContext, sum: DayMoney, day: string, locale: Locale): string[] {
  if (sum.count === 0) return [ctx.t("cash-today-none", { day })];
  const amount = (n: number) => formatAmount(n, locale);
  const lines = [ctx.t("cash-today", { day, income: amount(sum.income), expense: amount(sum.expense) })];
  lines.push(
    ctx.t("cash-today-orders", {
      orders: amount(sum.orders),
      refunds: sum.refunds === 0 ? 0 : amount(sum.refunds),
    }),
  );
  if (sum.movesIn + sum.movesOut > 0)
    lines.push(ctx.t("cash-today-moves", { in: amount(sum.movesIn), out: amount(sum.movesOut) }));
  return lines;
}
