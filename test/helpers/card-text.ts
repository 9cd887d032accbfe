/** Order cards rendered outside a bot: the translations of locales/ and a Moscow workshop. */
import type { TranslateFunction } from "@grammyjs/i18n";
import { createI18n } from "../../src/bot/i18n.ts";
import { type CardTextOptions, formatOrderCard } from "../../src/bot/ui/order-card.ts";
import type { Locale } from "../../src/config/index.ts";
import type { Order } from "../../src/service/index.ts";

const i18n = createI18n("ru");

function translator(locale: Locale): TranslateFunction {
  return (key, vars) => i18n.t(locale, key, vars);
}

/** The card of `record` in `locale` as of `now`, with more options of the card in `extra`. */
export function renderCard(
  record: Order,
  locale: Locale,
  now: Date,
  extra: Omit<Partial<CardTextOptions>, "t" | "locale" | "now"> = {},
): string {
  return formatOrderCard(record, { t: translator(locale), locale, timezone: "Europe/Moscow", now, ...extra });
}
