/**
 * A status notice of an order that entered a status taking payment on entry
 * (`isPayRequired`) before it is ready, e.g. a client's ✅ into "approved,
 * prepayment" (issue 32.4): staff read that a prepayment is expected, and how
 * much is left by the one money model. Statuses from the cache only: no request.
 */
import type { TranslateFunction } from "@grammyjs/i18n";
import type { Locale } from "../../config/index.ts";
import { isDoneGroup } from "../../contract/status-groups.ts";
import type { Order } from "../../service/index.ts";
import type { BotServices } from "../context.ts";
import { moneyOf, moneySettings } from "../money/order-money.ts";
import { formatAmount } from "../ui/money.ts";

export async function prepaymentLine(
  services: Pick<BotServices, "reference" | "config">,
  t: TranslateFunction,
  locale: Locale,
  order: Order,
): Promise<string | undefined> {
  const statuses = await services.reference.cachedStatuses().catch(() => undefined);
  const status = statuses?.find((s) => s.id === order.status?.id);
  if (status?.isPayRequired !== true || isDoneGroup(status.group ?? order.status?.type)) return undefined;
  const m = moneyOf(order, moneySettings(services.config));
  if (m.price === undefined) return t("notify-prepayment-expected");
  if (m.due <= 0) return undefined;
  return t("notify-prepayment-expected-due", { amount: t("money", { amount: formatAmount(m.due, locale) }) });
}
