/**
 * Deleted orders as the staff read of them: a lookup of a deleted number says
 * it was deleted (by whom and when, when the bot did it) with no request, and
 * `/deleted` (owners) lists the orders deleted lately: from the mirror with no
 * request (it sees deletes made in the CRM too), else one request
 * (`isVisible=false`, changed in the last DELETED_DAYS), with who deleted
 * each when the bot did.
 */
import type { Order } from "../../../service/index.ts";
import type { BotContext } from "../../context.ts";
import { callService } from "../../crm/call.ts";
import { ownersGate } from "../../desk/scope.ts";
import { localeOf } from "../../i18n.ts";
import { Composer } from "../../middleware/composer.ts";
import { ordersOfShops } from "../../orders/by-number.ts";
import { type Deletion, deletionsOf } from "../../orders/deletions.ts";
import type { DeletedOrder } from "../../orders/index.ts";
import { formatDateTime } from "../../ui/dates.ts";
import { deviceText, orderTitle } from "../../ui/order-card.ts";
import { cutHtml, escapeHtml } from "../../ui/text.ts";

const DELETED_DAYS = 30;
const DELETED_SHOWN = 20;
const DAY_MS = 86_400_000;

/** "🗑 Order А001042 was deleted by Anna on 27 Nov, 12:00": the lines of a lookup that found only deleted ones. */
export async function deletedText(ctx: BotContext, deleted: readonly DeletedOrder[]): Promise<string> {
  const locale = await localeOf(ctx);
  const { timezone } = ctx.services.config;
  return deleted
    .map(({ number, deletion }) =>
      deletion
        ? ctx.t("lookup-deleted-by", {
            number: escapeHtml(number),
            name: escapeHtml(deletion.by.name),
            time: formatDateTime(new Date(deletion.at), locale, timezone),
          })
        : ctx.t("lookup-deleted", { number: escapeHtml(number) }),
    )
    .join("\n");
}

export const deletedFeature = new Composer<BotContext>();

/** /deleted (owners, private chat): the orders deleted lately and who deleted them. */
deletedFeature.command("deleted", ownersGate("deleted-owners-only"), async (ctx) => {
  const { mirror, clock, config, store } = ctx.services;
  const log = await deletionsOf(store).recent();
  let orders: Order[];
  if (mirror) orders = mirror.deleted(DELETED_SHOWN).map((held) => held.order);
  else {
    const since = clock.now().getTime() - DELETED_DAYS * DAY_MS;
    const read = await callService(ctx, (client) =>
      ordersOfShops(
        client,
        config.shopIds,
        { lastAction: [since, null] },
        { page: 1, pageSize: DELETED_SHOWN },
        false,
      ),
    );
    if (!read.ok) {
      await ctx.reply(read.message);
      return;
    }
    orders = read.value.items;
  }
  const lines = await deletedLines(ctx, orders, log);
  await ctx.reply(
    lines.length === 0
      ? ctx.t("deleted-none", { days: DELETED_DAYS })
      : cutHtml([ctx.t("deleted-title", { count: lines.length }), ...lines].join("\n")),
  );
});

/** One line per deleted order (the service's or the mirror's, and the bot's own not among them). */
async function deletedLines(ctx: BotContext, orders: readonly Order[], log: readonly Deletion[]) {
  const locale = await localeOf(ctx);
  const { timezone, shopIds } = ctx.services.config;
  const byId = new Map(log.map((d) => [d.orderId, d]));
  const lines: string[] = [];
  const seen = new Set<string>();
  const line = (number: string, what: string, deletion: Deletion | undefined) =>
    deletion
      ? ctx.t("deleted-line-by", {
          number: escapeHtml(number),
          what: escapeHtml(what),
          name: escapeHtml(deletion.by.name),
          time: formatDateTime(new Date(deletion.at), locale, timezone),
        })
      : ctx.t("deleted-line", { number: escapeHtml(number), what: escapeHtml(what) });
  for (const order of orders) {
    seen.add(order.id);
    const what = [order.counteragent?.name, deviceText(order)].filter(Boolean).join(" · ");
    lines.push(line(orderTitle(order), what, byId.get(order.id)));
  }
  for (const deletion of log) {
    if (seen.has(deletion.orderId) || lines.length >= DELETED_SHOWN) continue;
    if (shopIds.length > 0 && !(deletion.shopId && shopIds.includes(deletion.shopId))) continue;
    const what = [deletion.client, deletion.device].filter(Boolean).join(" · ");
    lines.push(line(deletion.number, what, deletion));
  }
  return lines.slice(0, DELETED_SHOWN);
}
