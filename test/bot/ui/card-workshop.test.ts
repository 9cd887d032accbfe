import { describe, expect, it } from "vitest";
import { approximateAmount } from "../../../src/bot/ui/card-workshop.ts";
import { MESSAGE_LIMIT } from "../../../src/bot/ui/text.ts";
import type { Locale } from "../../../src/config/index.ts";
import type { Order } from "../../../src/service/index.ts";
import { renderCard } from "../../helpers/card-text.ts";

const NOW = new Date("2026-03-10T12:00:00Z");

const order: Order = {
  id: "o1",
  number: "А001042",
  status: { id: "s1", name: "Диагностика" },
  typeDevice: "Ноутбук",
  recommendation: "Замена <платы> питания",
  approximatePrice: "4500.5",
  isUrgent: true,
  comments: [
    { text: "Старый", date: new Date("2026-03-01T07:00:00Z"), author: "Анна" },
    { text: "Новый & важный", date: new Date("2026-03-09T07:00:00Z"), author: "Борис" },
    { text: "Средний", date: new Date("2026-03-05T07:00:00Z"), author: "Вера" },
    { text: "Самый старый", date: new Date("2026-02-01T07:00:00Z"), author: "Глеб" },
  ],
};

function card(locale: Locale, record: Order = order, extra: { statusGroup?: string; photos?: number } = {}) {
  const text = renderCard(record, locale, NOW, extra);
  // Amounts group digits with no-break spaces; the assertions read plain ones.
  return text.replace(/[\u00a0\u202f]/g, " ");
}

describe("order card: the bench's lines", () => {
  it("shows the verdict escaped, the approximate price as money and urgency (ru)", () => {
    const text = card("ru");
    expect(text).toContain("🩺 Заключение: Замена &lt;платы&gt; питания");
    expect(text).toContain("Предварительная стоимость: 4 500,50 ₽");
    expect(text).toContain("🔥 Срочный");
  });

  it("shows the same in English", () => {
    const text = card("en");
    expect(text).toContain("🩺 Verdict: Замена &lt;платы&gt; питания");
    expect(text).toContain("Preliminary price: 4,500.50 ₽");
  });

  it("shows the latest three comments newest first with author and time", () => {
    const text = card("ru");
    expect(text).toContain("💬 Комментарии (4):");
    const newest = text.indexOf("Новый &amp; важный");
    const middle = text.indexOf("Средний");
    const old = text.indexOf("Старый");
    expect(newest).toBeGreaterThan(0);
    expect(newest).toBeLessThan(middle);
    expect(middle).toBeLessThan(old);
    expect(text).not.toContain("Самый старый");
    expect(text).toContain("9 мар. 2026, 10:00, Борис");
  });

  it("cuts a huge comment and keeps the card under Telegram's limit", () => {
    const huge: Order = { ...order, comments: [{ text: "x".repeat(10_000), author: "<b>" }] };
    const text = card("en", huge);
    expect(text.length).toBeLessThanOrEqual(MESSAGE_LIMIT);
    expect(text).toContain("&lt;b&gt;");
    expect(text).not.toContain("x".repeat(400));
  });

  it("lists works and parts with count and sum from a full record", () => {
    const full: Order = {
      ...order,
      summ: { price: 2200, soldPrice: 2100 },
      positions: [
        { name: "Замена разъёма", isWork: true, count: 1, price: 1500 },
        { name: "Разъём <USB-C>", isWork: false, count: 2, price: 350, soldPrice: 300 },
      ],
    };
    const text = card("ru", full);
    expect(text).toContain("🧰 Работы и запчасти:");
    expect(text).toContain("🔧 Замена разъёма × 1 — 1 500 ₽");
    expect(text).toContain("🔩 Разъём &lt;USB-C&gt; × 2 — 600 ₽");
    // The preliminary price stays whenever it is set, with the works' and parts' price beside it.
    expect(text).toContain("Предварительная стоимость: 4 500,50 ₽ (работы и запчасти: 2 200 ₽)");
    expect(card("en", full)).toContain("Preliminary price: 4,500.50 ₽ (works and parts: 2,200 ₽)");
  });

  it("a price just entered shows on the card of an order with no works yet, alone", () => {
    const entered: Order = { ...order, approximatePrice: "3500", summ: { price: 0 } };
    expect(card("ru", entered)).toContain("Предварительная стоимость: 3 500 ₽");
    expect(card("ru", entered)).not.toContain("работы и запчасти");
    expect(card("en", { ...order, approximatePrice: undefined })).not.toContain("Preliminary price");
  });

  it("a legacy non-numeric approximate price is shown escaped, a bad number never as money", () => {
    expect(card("ru", { ...order, approximatePrice: "около <3000>" })).toContain("около &lt;3000&gt;");
    expect(approximateAmount({ approximatePrice: "abc" })).toBeUndefined();
    expect(approximateAmount({ approximatePrice: "-5" })).toBeUndefined();
    expect(approximateAmount({ approximatePrice: "1e309" })).toBeUndefined();
    expect(approximateAmount({ approximatePrice: "1500" })).toBe(1500);
  });

  it("keeps the comments and 📷 N when a huge note and fault list fill the card, with room for the freshness line", () => {
    const huge: Order = {
      ...order,
      problem: Array.from({ length: 200 }, (_, i) => `неисправность ${i} <x>`),
      node: "Заметка ".repeat(1000),
      positions: Array.from({ length: 20 }, (_, i) => ({
        name: `Работа ${"ж".repeat(70)} ${i}`,
        count: 2,
        price: 1500,
      })),
    };
    for (const locale of ["ru", "en"] as const) {
      const text = card(locale, huge, { photos: 4 });
      expect(text.length).toBeLessThanOrEqual(MESSAGE_LIMIT - 100);
      expect(text).toContain(locale === "ru" ? "Новый &amp; важный" : "Новый &amp; важный");
      expect(text).toContain(locale === "ru" ? "📷 Фото: 4" : "📷 Photos: 4");
      expect(text).toContain("А001042");
    }
  });

  it("says 📷 N when photos are kept", () => {
    expect(card("ru", order, { photos: 3 })).toContain("📷 Фото: 3");
    expect(card("en", order, { photos: 2 })).toContain("📷 Photos: 2");
    expect(card("en", order)).not.toContain("📷");
  });

  it("says a closed order still owes money, and nothing for an open one", () => {
    const owing: Order = { ...order, summ: { price: 5000 }, cash: { summ: 2000 } };
    expect(card("ru", owing, { statusGroup: "closed" })).toContain("⚠️ Заказ закрыт с долгом: 3 000 ₽");
    expect(card("en", owing, { statusGroup: "closed" })).toContain("Closed with a debt: 3,000 ₽");
    expect(card("ru", owing, { statusGroup: "inWork" })).not.toContain("долгом");
    const paid: Order = { ...owing, cash: { summ: 5000 } };
    expect(card("ru", paid, { statusGroup: "closed" })).not.toContain("долгом");
  });
});
