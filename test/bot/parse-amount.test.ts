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
