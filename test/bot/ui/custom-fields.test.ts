import type { TranslateFunction } from "@grammyjs/i18n";
import type { Context } from "grammy";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/i18n.ts";
import { cardFields } from "../../../src/bot/ui/custom-fields.ts";
import type { CustomFieldDefinition } from "../../../src/service/index.ts";

const i18n = createI18n<Context>("ru");
const t: TranslateFunction = (key, vars) => i18n.t("en", key, vars);
const format = { t, locale: "en" as const, timezone: "Europe/Moscow" };

const defs: CustomFieldDefinition[] = [
  { id: "addr", name: "Адрес выезда", type: "string", required: true },
  {
    id: "slot",
    name: "Время визита",
    type: "select",
    required: true,
    items: [{ id: "day", name: "13:00–17:00" }],
  },
  { id: "floor", name: "Этаж", type: "number", required: false },
  { id: "backup", name: "Резервная копия", type: "boolean", required: false },
  { id: "bought", name: "Дата покупки", type: "date", required: false },
];

describe("cardFields", () => {
  it("names each filled field and shows its value as a clerk reads it", () => {
    const values = [
      { id: "addr", value: "ул. Ленина, 1" },
      { id: "slot", value: "day" },
      { id: "floor", value: 5 },
      { id: "backup", value: false },
      { id: "bought", value: Date.UTC(2026, 10, 20, 9, 0) },
    ];
    expect(cardFields(values, defs, format)).toEqual([
      { name: "Адрес выезда", value: "ул. Ленина, 1" },
      { name: "Время визита", value: "13:00–17:00" },
      { name: "Этаж", value: "5" },
      { name: "Резервная копия", value: "no" },
      { name: "Дата покупки", value: "20 Nov 2026, 12:00" },
    ]);
  });

  it("leaves out empty values, unreadable ones and fields it cannot name", () => {
    const values = [
      { id: "addr", value: "  " },
      { id: "floor", value: null },
      { id: "bought", value: "not a date" },
      { id: "backup", value: { odd: true } },
      { id: "unknown", value: "x" },
    ];
    expect(cardFields(values, defs, format)).toEqual([]);
    expect(cardFields([{ id: "addr", value: "a" }], undefined, format)).toEqual([]);
  });
});
