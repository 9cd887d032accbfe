import type { TranslateFunction } from "@grammyjs/i18n";
import type { Context } from "grammy";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/i18n.ts";
import { resetTime } from "../../../src/bot/ui/reset-time.ts";

const i18n = createI18n<Context>("ru");
const now = new Date("2026-11-24T12:30:00Z");
const en: TranslateFunction = (key, vars) => i18n.t("en", key, vars);
const ru: TranslateFunction = (key, vars) => i18n.t("ru", key, vars);

describe("the quota's reset time", () => {
  it("names its time zone and how long until it, which read right in any zone", () => {
    const at = new Date("2026-11-24T12:42:10Z");
    expect(resetTime(en, at, "en", "Europe/Moscow", now)).toBe("15:42 (UTC+3, in 13 min)");
    expect(resetTime(ru, at, "ru", "Europe/Moscow", now)).toBe("15:42 (UTC+3, через 13 мин)");
    expect(resetTime(en, at, "en", "Asia/Yekaterinburg", now)).toBe("17:42 (UTC+5, in 13 min)");
    expect(resetTime(en, at, "en", "Etc/UTC", now)).toBe("12:42 (UTC, in 13 min)");
    expect(resetTime(en, at, "en", "America/St_Johns", now)).toBe("09:12 (UTC-3:30, in 13 min)");
  });

  it("leaves out the countdown when the reset is hours away, and never counts below a minute", () => {
    expect(resetTime(en, new Date("2026-11-24T20:00:00Z"), "en", "Europe/Moscow", now)).toBe("23:00 (UTC+3)");
    expect(resetTime(en, new Date("2026-11-24T12:30:05Z"), "en", "Europe/Moscow", now)).toBe(
      "15:30 (UTC+3, in 1 min)",
    );
    // Already past (a clock a little ahead of the service's): no "in -2 min".
    expect(resetTime(en, new Date("2026-11-24T12:28:00Z"), "en", "Europe/Moscow", now)).toBe("15:28 (UTC+3)");
  });

  it("names the day when the reset is after midnight, in each language's one form", () => {
    const late = new Date("2026-11-24T20:50:00Z"); // 23:50 in Moscow
    const after = new Date("2026-11-24T21:05:00Z"); // 00:05 the next day
    expect(resetTime(en, after, "en", "Europe/Moscow", late)).toMatch(
      /^Nov 25, 00:05 \(UTC\+3, in 15 min\)$/,
    );
    expect(resetTime(ru, after, "ru", "Europe/Moscow", late)).toMatch(
      /^25 \S+, 00:05 \(UTC\+3, через 15 мин\)$/,
    );
  });
});
