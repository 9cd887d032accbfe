/**
 * The words users type for a date ("завтра", "tomorrow", "послезавтра в 10:00")
 * come from the locale files (date-words.ftl), in every language at once.
 */
import { describe, expect, it } from "vitest";
import { dateWords, parseDate } from "../../../src/bot/dialog-kit/parse.ts";
import { createI18n } from "../../../src/bot/i18n.ts";

const i18n = createI18n("ru");
const NOW = new Date("2026-11-27T09:00:00Z"); // 12:00 in Moscow
const context = (locale: "ru" | "en") => ({
  locale,
  timezone: "Europe/Moscow",
  now: NOW,
  defaultTime: { hours: 19, minutes: 0 },
  words: dateWords(i18n),
});
const iso = (date: Date | undefined) => (date ? new Date(date.getTime()).toISOString() : undefined);

describe("date words from the locale files", () => {
  it("reads every locale's day words and 'at' words", () => {
    const words = dateWords(i18n);
    expect(Object.fromEntries(words.days)).toMatchObject({
      сегодня: 0,
      today: 0,
      завтра: 1,
      tomorrow: 1,
      послезавтра: 2,
      "day after tomorrow": 2,
    });
    expect(words.at).toEqual(expect.arrayContaining(["в", "at"]));
  });

  it.each([
    ["завтра", "ru", "2026-11-28T16:00:00.000Z"],
    ["tomorrow 12:30", "ru", "2026-11-28T09:30:00.000Z"],
    ["послезавтра в 10:00", "en", "2026-11-29T07:00:00.000Z"],
    ["today at 18:30", "en", "2026-11-27T15:30:00.000Z"],
    ["Day after tomorrow", "en", "2026-11-29T16:00:00.000Z"],
  ] as const)("%s (%s) -> %s", (text, locale, expected) => {
    expect(iso(parseDate(text, context(locale)))).toBe(expected);
  });

  it("words not in the files stay unreadable", () => {
    expect(parseDate("вчера", context("ru"))).toBeUndefined();
    expect(parseDate("someday at 10:00", context("en"))).toBeUndefined();
  });
});
