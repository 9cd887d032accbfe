/** Phones read as numbers of the shop's country by libphonenumber-js (issue 29.3; decisions.md, "Clients"). */
import { describe, expect, it } from "vitest";
import { normalizePhone, phoneCountry, phoneForService } from "../../src/bot/dialog-kit/contact.ts";
import { parseConfig } from "../../src/config/index.ts";

describe("normalizePhone: E.164 or nothing", () => {
  it("reads a Russian number in every usual form, 8 as the trunk prefix", () => {
    for (const typed of [
      "8 903 555-11-22",
      "+7 (903) 555-11-22",
      "79035551122",
      "9035551122",
      "8(903)5551122",
    ])
      expect(normalizePhone(typed, "RU"), typed).toBe("+79035551122");
  });

  it("refuses ten digits with a leading 8, letters, parts and numbers outside the plan", () => {
    for (const typed of [
      "8 903 555-1-22",
      "+8903555122",
      "Иван",
      "12345",
      "+7 000 000-00-00",
      "",
      "8 903 555-11-22 доб",
    ])
      expect(normalizePhone(typed, "RU"), typed).toBeUndefined();
  });

  it("takes another country's number with its + and code, and reads national ones by the setting", () => {
    expect(normalizePhone("+44 20 7946 0958", "RU")).toBe("+442079460958");
    expect(normalizePhone("020 7946 0958", "GB")).toBe("+442079460958");
    // The same national digits are no Russian number.
    expect(normalizePhone("020 7946 0958", "RU")).toBeUndefined();
  });

  it("an unknown country falls back to Russia", () => {
    expect(phoneCountry("ZZ")).toBe("RU");
    expect(normalizePhone("8 903 555-11-22", "ZZ")).toBe("+79035551122");
  });
});

describe("phoneForService: what an order or a client carries", () => {
  it("a Russian number in the CRM's shape, another in the international one", () => {
    expect(phoneForService("89035551122", "RU")).toBe("+7 903 555-11-22");
    expect(phoneForService("+44 20 7946 0958", "RU")).toBe("+44 20 7946 0958");
    expect(phoneForService("8 903 555-1-22", "RU")).toBeUndefined();
  });
});

describe("PHONE_COUNTRY", () => {
  const env = { BOT_TOKEN: "1:abc" };
  it("defaults to RU and takes a known code in any case", () => {
    const plain = parseConfig(env);
    expect(plain.ok && plain.config.phoneCountry).toBe("RU");
    const gb = parseConfig({ ...env, PHONE_COUNTRY: "gb" });
    expect(gb.ok && gb.config.phoneCountry).toBe("GB");
  });

  it("refuses a code it does not know, saying what it wants", () => {
    const bad = parseConfig({ ...env, PHONE_COUNTRY: "Russia" });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? [] : bad.errors).toContain("PHONE_COUNTRY must be a two-letter country code, e.g. RU");
  });
});
