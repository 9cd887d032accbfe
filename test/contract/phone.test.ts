/**
 * The one phone rule (src/contract/phone.ts): whole numbers read as numbers of the shop's
 * country by libphonenumber-js (issue 29.3), valid or none (33.8); the search's digits with
 * 8 read as 7 (35.3).
 */
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/index.ts";
import {
  contactPhoneKey,
  phoneCountry,
  phoneDigits,
  phoneForService,
  phoneHolds,
  phoneKey,
  phoneQueryDigits,
} from "../../src/contract/phone.ts";

describe("phoneKey: E.164 or nothing", () => {
  it("reads a Russian number in every usual form, 8 as the trunk prefix", () => {
    for (const typed of [
      "8 903 555-11-22",
      "+7 (903) 555-11-22",
      "79035551122",
      "9035551122",
      "8(903)5551122",
    ])
      expect(phoneKey(typed, "RU"), typed).toBe("+79035551122");
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
      expect(phoneKey(typed, "RU"), typed).toBeUndefined();
  });

  it("takes another country's number with its + and code, and reads national ones by the setting", () => {
    expect(phoneKey("+44 20 7946 0958", "RU")).toBe("+442079460958");
    expect(phoneKey("020 7946 0958", "GB")).toBe("+442079460958");
    // The same national digits are no Russian number.
    expect(phoneKey("020 7946 0958", "RU")).toBeUndefined();
  });

  it("an unknown country falls back to Russia", () => {
    expect(phoneCountry("ZZ")).toBe("RU");
    expect(phoneKey("8 903 555-11-22", "ZZ")).toBe("+79035551122");
  });
});

describe("a Telegram contact: exact, valid, or nothing", () => {
  it("reads Telegram's digits (with or without +) as the international number, 8 as Russia's trunk prefix", () => {
    expect(contactPhoneKey("79123456789", "RU")).toBe("+79123456789");
    expect(contactPhoneKey("+79123456789", "RU")).toBe("+79123456789");
    expect(contactPhoneKey("375291234567", "RU")).toBe("+375291234567");
    expect(contactPhoneKey("89123456789", "RU")).toBe("+79123456789");
  });

  it("refuses Telegram's anonymous +888 numbers and every number the library does not accept", () => {
    for (const typed of ["+888 8888 8888", "88888888888", "+888 0123 4567", "88801234567", "4567", "abc", ""])
      expect(contactPhoneKey(typed, "RU"), typed).toBeUndefined();
    // A CRM's placeholder is no number either: the two never meet.
    expect(phoneKey("8 888 888-88-88", "RU")).toBeUndefined();
    expect(phoneKey("+7 (912) 345-67-89", "RU")).toBe("+79123456789");
  });
});

describe("the search's digits: 8 reads as 7", () => {
  it("an 11-digit number's 8 is 7; shorter runs keep their digits", () => {
    expect(phoneDigits("8 (912) 345-67-89")).toBe("79123456789");
    expect(phoneDigits("+7 912 345-67-89")).toBe("79123456789");
    expect(phoneDigits("812-34-56")).toBe("8123456");
  });

  it("a query finds the number as a substring, a leading 8 also as 7, a whole number also without its code", () => {
    expect(phoneHolds("+7 912 345-67-89", "4567")).toBe(true);
    expect(phoneHolds("+7 912 345-67-89", "8912345")).toBe(true);
    expect(phoneHolds("912 345-67-89", "89123456789")).toBe(true);
    expect(phoneHolds("+7 912 345-67-89", "5555")).toBe(false);
  });

  it("what counts as a phone query: phone characters only, at least the caller's minimum digits, at most 15", () => {
    expect(phoneQueryDigits(" +7 (912) 345-67-89 ", 5)).toBe("79123456789");
    expect(phoneQueryDigits("1234", 5)).toBeUndefined();
    expect(phoneQueryDigits("1234", 4)).toBe("1234");
    expect(phoneQueryDigits("12a45", 4)).toBeUndefined();
    expect(phoneQueryDigits("1234567890123456", 4)).toBeUndefined();
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
