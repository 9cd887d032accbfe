import { describe, expect, it } from "vitest";
import { MAX_AMOUNT, parseAmount, readAmount } from "../../src/bot/dialog-kit/parse.ts";

describe("parseAmount", () => {
  it("reads amounts as Russian and English clerks type them", () => {
    expect(parseAmount("1 500,50")).toBe(1500.5);
    expect(parseAmount("1500.5")).toBe(1500.5);
    expect(parseAmount("1,500.50")).toBe(1500.5);
    expect(parseAmount("12,345,678.9 ₽")).toBe(12345678.9);
    expect(parseAmount("1,5")).toBe(1.5);
  });

  it("reads the currency however it is typed after the amount (issue 32.3)", () => {
    for (const text of [
      "3500 р",
      "3500 р.",
      "3500 руб",
      "3500 руб.",
      "3500 рублей",
      "3 500,00",
      "3500₽",
      "3 500 ₽",
      "3500 RUB",
      "₽3500",
    ])
      for (const locale of ["ru", "en"] as const)
        expect(readAmount(text, locale), `${text} ${locale}`).toEqual({ ok: true, value: 3500 });
    for (const text of ["р3500", "35р00", "3500 рр", "3500 usd"])
      expect(readAmount(text, "ru"), text).toEqual({ ok: false, error: "unreadable" });
  });

  it("refuses what it cannot read for sure instead of guessing", () => {
    for (const text of ["1,500", "1.500", "1,50,0.5", "1.500,50", "0", "-5", "", "abc"])
      expect(parseAmount(text), text).toBeUndefined();
  });

  it("tells a too large amount from an unreadable one", () => {
    expect(readAmount(String(MAX_AMOUNT))).toEqual({ ok: true, value: MAX_AMOUNT });
    for (const text of ["100 000 000,01", "250000000", "1,000,000,000.50", "999999999999999"])
      expect(readAmount(text), text).toEqual({ ok: false, error: "too-large" });
    for (const text of ["0", "0,00", "1234567890123456", "1e9", "-5"])
      expect(readAmount(text), text).toEqual({ ok: false, error: "unreadable" });
  });
});

describe("readAmount in the user's locale", () => {
  it("reads '1,500' as 1500 in English and refuses it in Russian (three decimals)", () => {
    expect(readAmount("1,500", "en")).toEqual({ ok: true, value: 1500 });
    expect(readAmount("12,345,678", "en")).toEqual({ ok: true, value: 12345678 });
    expect(readAmount("1,500", "ru")).toEqual({ ok: false, error: "unreadable" });
    expect(readAmount("1 500,50", "ru")).toEqual({ ok: true, value: 1500.5 });
    expect(readAmount("1\u202f500", "ru")).toEqual({ ok: true, value: 1500 });
  });

  it("refuses what no locale reads, and zero unless asked for", () => {
    for (const text of ["abc", "-5", "1e309", "", "1,50,0", "Infinity", "0x10"])
      for (const locale of ["ru", "en"] as const)
        expect(readAmount(text, locale), `${text} ${locale}`).toEqual({ ok: false, error: "unreadable" });
    expect(readAmount("0", "en")).toEqual({ ok: false, error: "unreadable" });
    expect(readAmount("0", "en", { zero: true })).toEqual({ ok: true, value: 0 });
  });
});
