/** The write reserve's sentences agree with their number in ru and en (WRITE_RESERVE may be 1, 21, 22, 50). */
import type { Context } from "grammy";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/i18n.ts";

const i18n = createI18n<Context>("ru");
const time = "15:42";

describe("the write reserve's messages", () => {
  it("a lookup paused: one request is kept, two and more are kept (en)", () => {
    expect(i18n.t("en", "err-write-reserve", { reserve: 1, time })).toContain(
      "last request of this window is kept",
    );
    expect(i18n.t("en", "err-write-reserve", { reserve: 50, time })).toContain(
      "last 50 requests of this window are kept",
    );
  });

  it("a lookup paused: the verb agrees with 1, 21, 22 and 50 (ru)", () => {
    const ru = (reserve: number) => i18n.t("ru", "err-write-reserve", { reserve, time });
    expect(ru(1)).toContain("последний 1 запрос к сервису в этом окне оставлен для");
    expect(ru(21)).toContain("последний 21 запрос к сервису в этом окне оставлен для");
    expect(ru(22)).toContain("последние 22 запроса к сервису в этом окне оставлены для");
    expect(ru(50)).toContain("последние 50 запросов к сервису в этом окне оставлены для");
  });

  it("/status names the reserve with its plural form (ru)", () => {
    const ru = (reserve: number) => i18n.t("ru", "status-write-reserve", { reserve, readable: 3 });
    expect(ru(21)).toContain("последний 21 запрос;");
    expect(ru(50)).toContain("последние 50 запросов;");
  });
});
