import { describe, expect, it } from "vitest";
import { rankMatches } from "../../../src/bot/dialog-kit/client-search.ts";

const named = (...names: string[]) => names.map((name, i) => ({ id: String(i), name }));
const order = (query: string, ...names: string[]) => rankMatches(named(...names), query).map((m) => m.name);

describe("client search ranking", () => {
  it("puts the exact surname first, then a longer surname, then other words, then patronymics", () => {
    expect(
      order(
        "Михайлов",
        "Андреев Пётр Михайлович",
        "Михайлова Анна Ивановна",
        "Иван Михайлов",
        "Михайлов Иван Петрович",
      ),
    ).toEqual([
      "Михайлов Иван Петрович",
      "Михайлова Анна Ивановна",
      "Иван Михайлов",
      "Андреев Пётр Михайлович",
    ]);
  });

  it("ignores case and ё, and keeps the service's order within a rank", () => {
    expect(order("сЕменов", "Семёнов Б", "Абв Семёнович", "Семенов А")).toEqual([
      "Семёнов Б",
      "Семенов А",
      "Абв Семёнович",
    ]);
  });

  it("matches a query of several words as the start of the name", () => {
    expect(order("Петров Иван", "Петрова Ирина", "Петров Иван Сергеевич")).toEqual([
      "Петров Иван Сергеевич",
      "Петрова Ирина",
    ]);
  });
});
