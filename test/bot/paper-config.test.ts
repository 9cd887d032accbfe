/** The paper settings: defaults, each value read, and a clear line for each wrong one. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/index.ts";
import { unreadableTermsFiles } from "../../src/config/paper.ts";

const TOKEN = "123456:ABC-def_ghi";

function paperOf(env: Record<string, string>) {
  const result = parseConfig({ BOT_TOKEN: TOKEN, ...env });
  if (!result.ok) throw new Error(result.errors.join("\n"));
  return result.config.paper;
}

function errorsOf(env: Record<string, string>): string {
  const result = parseConfig({ BOT_TOKEN: TOKEN, ...env });
  return result.ok ? "" : result.errors.join("\n");
}

describe("paper settings", () => {
  it("default to A4 in Russian, 30 days of warranty, the locale's terms", () => {
    expect(paperOf({})).toEqual({
      format: "a4",
      locale: "ru",
      phone: undefined,
      hours: undefined,
      legalName: undefined,
      taxId: undefined,
      copies: 1,
      terms: { ru: { text: undefined, file: undefined }, en: { text: undefined, file: undefined } },
      warrantyDays: 30,
      warrantyByType: {},
    });
  });

  it("read CLIENT_RETURN_STATUSES as ids or names separated by ';' (none: an empty list)", () => {
    const read = (env: Record<string, string>) => {
      const result = parseConfig({ BOT_TOKEN: TOKEN, ...env });
      if (!result.ok) throw new Error(result.errors.join("\n"));
      return result.config.returnStatuses;
    };
    expect(read({ CLIENT_RETURN_STATUSES: " Выдан без ремонта ; 11;;" })).toEqual([
      "Выдан без ремонта",
      "11",
    ]);
    expect(read({})).toEqual([]);
  });

  it("read the shop's legal name, tax number and copies; refuse copies other than 1 or 2", () => {
    const paper = paperOf({
      SHOP_LEGAL_NAME: " ИП Иванов И. И. ",
      SHOP_TAX_ID: "667101234567",
      PAPER_COPIES: "2",
    });
    expect(paper).toMatchObject({ legalName: "ИП Иванов И. И.", taxId: "667101234567", copies: 2 });
    expect(() => paperOf({ PAPER_COPIES: "3" })).toThrow(/PAPER_COPIES must be 1 or 2/);
  });

  it("read every value, whatever its case and spaces", () => {
    const paper = paperOf({
      PAPER_FORMAT: " 80MM ",
      DOCUMENT_LOCALE: "EN",
      SHOP_PHONE: "+7 343 200-10-42",
      SHOP_HOURS: "Mon–Fri 10–19",
      REPAIR_TERMS_EN: "Our terms",
      REPAIR_TERMS_RU_FILE: "/etc/terms-ru.txt",
      WARRANTY_DAYS: "0",
      WARRANTY_BY_TYPE: "1:90; 4 : 14 ;",
    });
    expect(paper).toMatchObject({
      format: "80mm",
      locale: "en",
      phone: "+7 343 200-10-42",
      hours: "Mon–Fri 10–19",
      terms: { en: { text: "Our terms" }, ru: { file: "/etc/terms-ru.txt" } },
      warrantyDays: 0,
      warrantyByType: { "1": 90, "4": 14 },
    });
    expect(paperOf({ PAPER_FORMAT: "both" }).format).toBe("both");
  });

  it("say in one line what is wrong", () => {
    expect(errorsOf({ PAPER_FORMAT: "a5" })).toContain("PAPER_FORMAT must be a4, 80mm or both");
    expect(errorsOf({ DOCUMENT_LOCALE: "de" })).toContain("DOCUMENT_LOCALE must be ru or en");
    expect(errorsOf({ WARRANTY_DAYS: "-1" })).toContain(
      "WARRANTY_DAYS must be 0 (no warranty) or a number of days",
    );
    expect(errorsOf({ WARRANTY_DAYS: "2.5" })).toContain("WARRANTY_DAYS must be a whole number of days");
    expect(errorsOf({ WARRANTY_DAYS: "month" })).toContain("WARRANTY_DAYS must be a number");
    expect(errorsOf({ WARRANTY_BY_TYPE: "1=90" })).toMatch(
      /WARRANTY_BY_TYPE must be a list "typeId:days".*"1=90"/,
    );
    expect(errorsOf({ WARRANTY_BY_TYPE: "1:ninety" })).toContain('"1:ninety" does not fit');
    expect(errorsOf({ WARRANTY_BY_TYPE: "1:90;1:30" })).toContain('names the order type "1" twice');
  });

  it("a terms file that cannot be read is named at start", () => {
    const dir = mkdtempSync(join(tmpdir(), "terms-"));
    const readable = join(dir, "ru.txt");
    writeFileSync(readable, "Условия");
    const paper = paperOf({ REPAIR_TERMS_RU_FILE: readable, REPAIR_TERMS_EN_FILE: join(dir, "missing.txt") });
    expect(unreadableTermsFiles(paper)).toEqual([
      `REPAIR_TERMS_EN_FILE: cannot read ${join(dir, "missing.txt")}`,
    ]);
  });
});
