/** What a client's texts need, gathered without a request: the cached statuses and workshops. */
import type { TranslateFunction } from "@grammyjs/i18n";
import type { Locale } from "../../../config/index.ts";
import type { BotServices } from "../../context.ts";
import { moneySettings } from "../../money/order-money.ts";
import { approvalStatuses, knownStatuses, returnStatusIds } from "./statuses.ts";
import type { Reader } from "./view.ts";

export async function readerFor(services: BotServices, locale: Locale): Promise<Reader> {
  const { config, reference } = services;
  const statuses = await knownStatuses(services);
  const allShops = (await reference.cachedShops().catch(() => undefined)) ?? [];
  const shops =
    config.shopIds.length === 0 ? allShops : allShops.filter((shop) => config.shopIds.includes(shop.id));
  const t: TranslateFunction = (key, args) => services.i18n.t(locale, key, args);
  return {
    t,
    locale,
    timezone: config.timezone,
    statuses,
    approval: approvalStatuses(config, statuses),
    returns: returnStatusIds(config, statuses),
    shops,
    phone: config.paper.phone,
    money: moneySettings(config),
  };
}

/** SHOP_HOURS (the receipt prints them too), else "open until CLOSING_TIME". */
export function hoursText(services: BotServices, t: TranslateFunction): string {
  const hours = services.config.paper.hours;
  if (hours) return t("client-hours", { hours });
  const { hours: h, minutes } = services.config.closingTime;
  return t("client-hours-closing", {
    time: `${String(h).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`,
  });
}
