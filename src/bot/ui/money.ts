/**
 * Amounts as a clerk reads them, the same on the card, in summaries and in the
 * payment steps: no decimals for whole amounts ("8 000"), two when there are
 * kopecks ("500,50", never "500,5"). Grouping and the decimal sign follow the
 * user's locale; the currency sign is added by the locale's texts.
 */
import type { Locale } from "../../config/index.ts";

const FORMATS: Record<Locale, { whole: Intl.NumberFormat; fractional: Intl.NumberFormat }> = {
  ru: {
    whole: new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 }),
    fractional: new Intl.NumberFormat("ru-RU", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  },
  en: {
    whole: new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 }),
    fractional: new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  },
};

export function formatAmount(amount: number, locale: Locale): string {
  // Whole to the kopeck: 1000.004 (float noise) reads as 1 000, not 1 000,00.
  const whole = Math.round(amount * 100) % 100 === 0;
  const format = FORMATS[locale] ?? FORMATS.ru;
  return (whole ? format.whole : format.fractional).format(amount);
}
