/** The client side's pure rules (the exact phone key: test/contract/phone.test.ts): the client-friendly status, the estimate, the rate. */
import type { Context } from "grammy";
import { describe, expect, it } from "vitest";
import { dueOf, estimateOf } from "../../../../src/bot/features/client-side/orders.ts";
import { createRateLimit } from "../../../../src/bot/features/client-side/rate-limit.ts";
import { approvalStatuses, clientStatus } from "../../../../src/bot/features/client-side/statuses.ts";
import { greetingText, type Reader } from "../../../../src/bot/features/client-side/view.ts";
import { createI18n } from "../../../../src/bot/i18n.ts";
import type { Order, Shop, Status } from "../../../../src/service/index.ts";

const statuses: Status[] = [
  { id: "1", name: "Новый", group: "new", isPayRequired: false },
  { id: "3", name: "Диагностика", group: "inWork", isPayRequired: false },
  { id: "4", name: "В работе", group: "inWork", isPayRequired: false },
  { id: "5", name: "Согласовано", group: "inWork", isPayRequired: true },
  { id: "6", name: "Ждёт запчасть", group: "wait", isPayRequired: false },
  { id: "7", name: "Ждёт согласования клиента", group: "wait", isPayRequired: false },
  { id: "8", name: "Готов", group: "finish", isPayRequired: false },
  { id: "10", name: "Выдан", group: "closed", isPayRequired: false },
  { id: "12", name: "Отказ", group: "closed", isPayRequired: false },
];
const order = (statusId: string, extra: Partial<Order> = {}): Order =>
  ({
    id: "o1",
    status: { id: statusId, name: statuses.find((s) => s.id === statusId)?.name },
    ...extra,
  }) as Order;

describe("clientStatus", () => {
  const approval = approvalStatuses(
    {
      clients: {
        enabled: true,
        approval: { waiting: "ждёт согласования клиента", approved: "5", declined: "Отказ" },
        allStatuses: false,
        ratePerMinute: 12,
      },
    },
    statuses,
  );
  it("resolves the approval statuses by id or name (any case)", () => {
    expect(approval?.waiting.id).toBe("7");
    expect(approval?.approved.id).toBe("5");
    expect(approval?.declined.id).toBe("12");
  });
  it("an unknown approval status turns the approval off", () => {
    const none = approvalStatuses(
      {
        clients: {
          enabled: true,
          approval: { waiting: "nope", approved: "5", declined: "12" },
          allStatuses: false,
          ratePerMinute: 12,
        },
      },
      statuses,
    );
    expect(none).toBeUndefined();
  });
  it("maps the status groups to what a client reads", () => {
    const expected: Record<string, string> = {
      "1": "accepted",
      "3": "diagnosis",
      "4": "in-work",
      "6": "waiting-parts",
      "7": "approval",
      "8": "ready",
      "10": "handed-over",
    };
    for (const [id, status] of Object.entries(expected))
      expect(clientStatus(order(id), statuses, approval)).toBe(status);
    expect(clientStatus(order("7"), statuses, undefined)).toBe("waiting");
  });
});

describe("estimate and due", () => {
  it("the priced works first, else the approximate price; due never below 0", () => {
    expect(estimateOf(order("4", { summ: { price: 1200 } }))).toBe(1200);
    expect(estimateOf(order("4", { approximatePrice: "3 500 ₽" }))).toBe(3500);
    // "Up to 5 000,50" is no price in the one money model (the card reads it so too): nothing is due by it.
    expect(estimateOf(order("4", { approximatePrice: "5 000,50 руб." }))).toBe(5000.5);
    expect(estimateOf(order("4", { approximatePrice: "до 5000,50" }))).toBeUndefined();
    expect(dueOf(order("4", { approximatePrice: "до 5000,50", cash: { summ: 100 } }))).toBeUndefined();
    expect(estimateOf(order("4", { approximatePrice: "по результату" }))).toBeUndefined();
    expect(dueOf(order("4", { summ: { price: 1200 }, cash: { summ: 200 } }))).toBe(1000);
    expect(dueOf(order("4", { summ: { price: 1200 }, cash: { summ: 2000 } }))).toBe(0);
  });
});

describe("the message rate", () => {
  it("lets `limit` a minute through, warns once, then drops until the minute is over", () => {
    let now = 0;
    const limit = createRateLimit(3, () => now);
    expect([1, 2, 3, 4, 5].map(() => limit(7))).toEqual(["ok", "ok", "ok", "warn", "drop"]);
    expect(limit(8)).toBe("ok");
    now = 60_000;
    expect(limit(7)).toBe("ok");
  });
});

describe("the greeting's words", () => {
  const i18n = createI18n<Context>("ru");
  const readerIn = (locale: "ru" | "en", shops: Shop[]): Reader => ({
    t: (key, vars) => i18n.t(locale, key, vars),
    locale,
    timezone: "Europe/Moscow",
    statuses: [],
    approval: undefined,
    returns: [],
    shops,
  });
  it("a workshop without a name is named in the reader's language, not by a glyph of the code (ru, en)", () => {
    expect(greetingText(readerIn("en", []), "")).toContain("the workshop");
    expect(greetingText(readerIn("ru", []), "")).toContain("мастерской");
    expect(greetingText(readerIn("en", []), "")).not.toContain("—");
  });
  it("several workshops: each on its own line, its name, address and phone (en, ru)", () => {
    const shops = [
      { id: "1", name: "A", address: "Lenina 1", phones: ["+7 900 111-22-33"] },
      { id: "2", name: "B", address: "Mira 2", phones: [] },
    ] as Shop[];
    const lines = greetingText(readerIn("en", shops), "🕘 10-19").split("\n");
    expect(lines[0]).toBe("Hello! This is the bot of the workshops:");
    expect(lines[1]).toBe("• <b>A</b> · 📍 Lenina 1 · 📞 +7 900 111-22-33");
    expect(lines[2]).toBe("• <b>B</b> · 📍 Mira 2");
    expect(lines[3]).toBe("🕘 10-19");
    const ru = greetingText(readerIn("ru", shops), "").split("\n");
    expect(ru[0]).toBe("Здравствуйте! Это бот мастерских:");
    expect(ru.slice(1, 3)).toEqual([
      "• <b>A</b> · 📍 Lenina 1 · 📞 +7 900 111-22-33",
      "• <b>B</b> · 📍 Mira 2",
    ]);
  });

  it("one workshop: its name, address and phone (SHOP_PHONE over the service's) each on a line (en)", () => {
    const shops = [{ id: "1", name: "A", address: "Lenina 1", phones: ["+7 900 111-22-33"] }] as Shop[];
    const lines = greetingText({ ...readerIn("en", shops), phone: "+7 495 000-00-00" }, "🕘 10-19").split(
      "\n",
    );
    expect(lines).toEqual([
      "Hello! This is the bot of <b>A</b>.",
      "📍 Lenina 1",
      "📞 +7 495 000-00-00",
      "🕘 10-19",
    ]);
  });
});
