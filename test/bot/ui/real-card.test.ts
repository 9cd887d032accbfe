import { describe, expect, it } from "vitest";
import { cardRecord, reviveOrder } from "../../../src/bot/orders/json.ts";
import { changedRecord } from "../../../src/bot/writes/kinds/order-record.ts";
import type { Locale } from "../../../src/config/index.ts";
import { type Order, storedOrder } from "../../../src/service/index.ts";
import { realFullOrder, realListOrder } from "../../fixtures/real-service.ts";
import { renderCard } from "../../helpers/card-text.ts";

const NOW = new Date("2026-08-05T12:00:00Z");

function card(order: Order, locale: Locale = "ru", statusGroup?: string): string {
  return renderCard(order, locale, NOW, { statusGroup });
}

const list = storedOrder.parse(realListOrder);
const full = storedOrder.parse(realFullOrder);

describe("the card of the real service's records", () => {
  it("a list record: price, paid and what is left to pay", () => {
    const text = card(list);
    expect(text).toContain("🧾 <b>Заказ Б001761</b>");
    expect(text).toMatch(/Стоимость: 5\s000 ₽/);
    expect(text).toMatch(/Оплачено: 1\s500 ₽/);
    expect(text).toMatch(/К оплате: 3\s000 ₽/);
  });

  it("the full record (no summ, cash as amounts) shows the same money as the list record", () => {
    // The money lines of the card; works and parts (🔧, 🔩) are listed only by the full record.
    const money = (text: string) =>
      text.split("\n").filter((line) => /₽/.test(line) && !/^[🔧🔩]/u.test(line));
    expect(money(card(full))).toEqual(money(card(list)));
    // The discount is shown: price less discount less paid is what is left to pay.
    expect(money(card(full, "en"))).toEqual([
      "💰 Price: 5,000 ₽",
      "Discount: 500 ₽",
      "Paid: 1,500 ₽",
      "To pay: 3,000 ₽",
    ]);
    expect(money(card(full))).toContainEqual(expect.stringMatching(/^Скидка: 500 ₽$/));
  });

  it("the status group comes from the record's status.type: a handed-over order is not overdue", () => {
    expect(card(full)).toContain("⏰ Просрочен");
    const closed = { ...full, status: { ...full.status, type: "closed" } };
    expect(card(closed, "ru", closed.status.type)).not.toContain("⏰");
  });

  it("a payment taken in a status change adds to what was paid, from a full record or a stored list record", () => {
    const target = { id: "st10", name: "Выдан", group: "closed", isPayRequired: true };
    const payment = { registerId: "r1", money: 3000 };
    for (const order of [full, reviveOrder(JSON.parse(JSON.stringify(cardRecord(list))))]) {
      const after = changedRecord(order, { status: target, payment }, NOW);
      expect(after.cash?.summ).toBe(4500);
      expect(after.status).toEqual({ id: "st10", name: "Выдан", type: "closed" });
      const text = card(reviveOrder(JSON.parse(JSON.stringify(after))));
      expect(text).toMatch(/Оплачено: 4\s500 ₽/);
      expect(text).not.toContain("К оплате");
    }
  });
});
