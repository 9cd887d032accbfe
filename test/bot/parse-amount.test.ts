import { describe, expect, it } from "vitest";
import { parseAmount } from "../../src/bot/dialog-kit/parse.ts";

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
});
