/**
 * The bundle matching memo (src/bot/i18n.ts): the plugin still has the method it
 * wraps, and a memoized instance translates exactly as the plugin does, each
 * locale list keeping its own answer (ru after en is still ru).
 */
import { I18n } from "@grammyjs/i18n";
import { describe, expect, it } from "vitest";
import { createI18n, LOCALES_DIR, memoizeBundleMatching } from "../../src/bot/i18n.ts";

const plain = () =>
  new I18n({ defaultLocale: "ru", directory: LOCALES_DIR, fluentBundleOptions: { useIsolating: false } });
const KEYS = ["lookup-btn-phone-clients", "value-none", "ma-my-orders"];

describe("the i18n bundle matching memo", () => {
  it("finds the plugin's matcher to wrap (an update that drops it fails here)", () => {
    expect(memoizeBundleMatching(plain().fluent)).toBe(true);
    expect(memoizeBundleMatching({})).toBe(false);
  });

  it("translates as the plugin does, locale after locale", () => {
    const memo = createI18n("ru");
    const reference = plain();
    const vars = { digits: "1042", count: 3 };
    for (const locale of ["en", "ru", "en", "de", "ru"]) {
      for (const key of KEYS)
        expect(memo.t(locale, key, vars), `${locale} ${key}`).toBe(reference.t(locale, key, vars));
    }
    expect(memo.t("en", "ma-my-orders")).not.toBe(memo.t("ru", "ma-my-orders"));
  });
});
