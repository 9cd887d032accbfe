import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOCALES_DIR } from "../../../src/bot/i18n.ts";
import { formatAmount } from "../../../src/bot/ui/money.ts";
import { orderSummary } from "../../../src/bot/ui/order-card.ts";
import { MESSAGE_LIMIT } from "../../../src/bot/ui/text.ts";
import type { Locale } from "../../../src/config/index.ts";
import type { Order } from "../../../src/service/index.ts";
import { renderCard } from "../../helpers/card-text.ts";

const NOW = new Date("2026-03-10T12:00:00Z");

const order: Order = {
  id: "o1",
  number: "А001042",
  num: 1042,
  dateCreate: new Date("2026-03-01T07:30:00Z"),
  deadline: new Date("2026-03-05T16:00:00Z"),
  status: { id: "s1", name: "В работе" },
  typeOrder: { id: "t1", name: "Платный ремонт" },
  shop: { id: "sh1", name: "Сервис на Ленина" },
  counteragent: { id: "c1", name: "Иванов <Иван>", phones: ["+79161234567", "+79031112233"] },
  master: { id: "m1", name: "Петров П." },
  manager: { id: "m2", name: "Сидорова А." },
  typeDevice: "Смартфон",
  brand: "Apple",
  model: "iPhone 12",
  sn: "SN-123",
  problem: ["Не включается", "Разбит экран"],
  summ: { price: 12500.5 },
  cash: { summ: 3000 },
  isUrgent: true,
  node: "Клиент просил позвонить & уточнить",
};

function card(locale: Locale, record: Order = order): string {
  return renderCard(record, locale, NOW);
}

describe("order card", () => {
  it("shows every field in Russian, dates in the shop's time zone", () => {
    const text = card("ru");
    expect(text).toContain("🧾 <b>Заказ А001042</b>");
    expect(text).toContain("Статус: <b>В работе</b>");
    expect(text).toContain("🔥 Срочный");
    expect(text).toContain("⏰ Просрочен");
    expect(text).toContain("Тип: Платный ремонт");
    expect(text).toContain("📱 Устройство: Смартфон Apple iPhone 12");
    expect(text).toContain("Серийный номер: <code>SN-123</code>");
    expect(text).toContain("🛠 Неисправности: Не включается; Разбит экран");
    expect(text).toContain("<code>+79161234567</code>, <code>+79031112233</code>");
    expect(text).toContain("Мастер: Петров П.");
    expect(text).toContain("Менеджер: Сидорова А.");
    expect(text).toContain("Создан: 1 мар. 2026, 10:30");
    expect(text).toContain("Срок: 5 мар. 2026, 19:00");
    expect(text).toMatch(/Стоимость: 12\s500,50 ₽/);
    expect(text).toMatch(/Оплачено: 3\s000 ₽/);
    expect(text).toContain("📝 Заметка: Клиент просил позвонить &amp; уточнить");
  });

  it("speaks English with English dates", () => {
    const text = card("en");
    expect(text).toContain("🧾 <b>Order А001042</b>");
    expect(text).toContain("Status: <b>В работе</b>");
    expect(text).toContain("Created: 1 Mar 2026, 10:30");
    expect(text).toContain("Deadline: 5 Mar 2026, 19:00");
    expect(text).toContain("💰 Price: 12,500.50 ₽");
  });

  it("escapes what the service sends", () => {
    expect(card("ru")).toContain("Иванов &lt;Иван&gt;");
    expect(card("ru")).not.toContain("<Иван>");
  });

  it("works on a sparse list record and leaves absent fields out", () => {
    const text = card("en", { id: "o2", number: "Б001761", device: "Ноутбук", status: { name: "Готов" } });
    expect(text).toContain("📱 Device: Ноутбук");
    expect(text).not.toMatch(/Master|Manager|Price|Paid|Overdue|Urgent|Deadline/);
  });

  it("describes the device of a list record by its whole device text, not by its type alone", () => {
    const listRecord: Order = {
      id: "o3",
      number: "А001099",
      device: "Стиральная машина LG F2J3WS0W",
      typeDevice: "Стиральная машина",
    };
    expect(card("ru", listRecord)).toContain("📱 Устройство: Стиральная машина LG F2J3WS0W");
  });

  it("describes the device of a full record by its type, brand and model", () => {
    const full: Order = {
      id: "o4",
      number: "А001100",
      device: "Телефон",
      typeDevice: "Смартфон",
      brand: "Apple",
    };
    expect(card("en", full)).toContain("📱 Device: Смартфон Apple");
  });

  it("is not overdue once the order is ready", () => {
    expect(card("en", { ...order, dateFinish: new Date("2026-03-04T00:00:00Z") })).not.toContain("Overdue");
  });

  it("stays under Telegram's limit with a huge fault list", () => {
    const text = card("ru", {
      ...order,
      problem: Array.from({ length: 500 }, (_, i) => `неисправность <${i}>`),
    });
    expect(text.length).toBeLessThanOrEqual(MESSAGE_LIMIT);
  });

  it("summarizes an order in one line for lists", () => {
    expect(orderSummary(order)).toBe("А001042 · В работе · Иванов <Иван> · Смартфон Apple iPhone 12");
  });
});

describe("locale files", () => {
  // locales/<locale>.ftl and every feature's locales/<locale>/*.ftl, merged as the i18n plugin does.
  const sources = (locale: string) => {
    const dir = `${LOCALES_DIR}/${locale}`;
    const features = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".ftl")) : [];
    return [`${LOCALES_DIR}/${locale}.ftl`, ...features.map((f) => `${dir}/${f}`)];
  };
  const keys = (locale: string) =>
    sources(locale)
      .map((file) => readFileSync(file, "utf8"))
      .join("\n")
      .split("\n")
      .map((line) => /^([a-z][\w-]*)\s*=/.exec(line)?.[1])
      .filter(Boolean)
      .sort();

  it("have the same keys in Russian and English", () => {
    expect(keys("ru")).toEqual(keys("en"));
    expect(keys("ru").length).toBeGreaterThan(50);
  });
});

describe("money", () => {
  it("shows two decimals for a fractional amount and none for a whole one, in both locales", () => {
    expect(formatAmount(500.5, "ru")).toBe("500,50");
    expect(formatAmount(8000, "ru")).toBe("8\u00a0000");
    expect(formatAmount(1000.004, "ru")).toBe("1\u00a0000");
    expect(formatAmount(0.05, "ru")).toBe("0,05");
    expect(formatAmount(500.5, "en")).toBe("500.50");
    expect(formatAmount(8000, "en")).toBe("8,000");
  });
});
