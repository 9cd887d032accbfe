/** Shared steps' pure parts: a list added to (ask-list.ts) and the default counteragent type. */
import { describe, expect, it } from "vitest";
import { combineListChanges, listAfter } from "../../../src/bot/dialog-kit/ask-list.ts";
import { defaultClientForm, defaultCounteragentType } from "../../../src/bot/dialog-kit/counteragent-type.ts";
import type { CounteragentType } from "../../../src/service/index.ts";

describe("a list the clerk adds to", () => {
  it("added items follow the held ones, each once; a replace is the new list", () => {
    expect(listAfter(["Мышь", "Сумка"], { mode: "add", items: ["Зарядка", "Мышь"] })).toEqual([
      "Мышь",
      "Сумка",
      "Зарядка",
    ]);
    expect(listAfter(["Мышь"], { mode: "replace", items: ["Кабель"] })).toEqual(["Кабель"]);
    expect(listAfter(["Мышь"], undefined)).toEqual(["Мышь"]);
  });

  it("two changes in one dialog: adds add up, a replace wins, an add after a replace extends it", () => {
    const add = combineListChanges({ mode: "add", items: ["a"] }, { mode: "add", items: ["b", "a"] });
    expect(add).toEqual({ mode: "add", items: ["a", "b"] });
    expect(combineListChanges(add, { mode: "replace", items: ["c"] })).toEqual({
      mode: "replace",
      items: ["c"],
    });
    expect(combineListChanges({ mode: "replace", items: ["c"] }, { mode: "add", items: ["d"] })).toEqual({
      mode: "replace",
      items: ["c", "d"],
    });
  });
});

describe("the default counteragent type", () => {
  const types = [
    { id: "b", name: "Юрлицо", sort: 2 },
    { id: "a", name: "Физлицо", sort: 1 },
    { id: "c", name: "Без порядка" },
  ] as CounteragentType[];

  it("is the first by sort, else the first listed; none without types", () => {
    expect(defaultCounteragentType(types)?.id).toBe("a");
    expect(
      defaultCounteragentType([
        { id: "x", name: "X" },
        { id: "y", name: "Y" },
      ] as CounteragentType[])?.id,
    ).toBe("x");
    expect(defaultCounteragentType([])).toBeUndefined();
  });

  it("its required fields only, from the reference cache", async () => {
    const form = await defaultClientForm({
      counteragentTypes: async () => types,
      counteragentTypeFields: async (typeId) =>
        typeId === "a"
          ? ([
              { id: "f1", name: "Паспорт", required: true },
              { id: "f2", name: "Заметка", required: false },
            ] as never)
          : [],
    });
    expect(form.typeId).toBe("a");
    expect(form.fields.map((f) => f.id)).toEqual(["f1"]);
    expect(
      await defaultClientForm({ counteragentTypes: async () => [], counteragentTypeFields: async () => [] }),
    ).toEqual({ fields: [] });
  });
});
