/**
 * Each field compared as the service stores it (writes/checks.ts), an edit's
 * diff against the full record (writes/edit.ts), and the registry of kinds.
 */
import { describe, expect, it } from "vitest";
import { holdsAll, msOf } from "../../../src/bot/writes/checks.ts";
import { asFull, diffEdits } from "../../../src/bot/writes/edit.ts";
import { WRITE_KINDS } from "../../../src/bot/writes/kinds/index.ts";

const AT = Date.parse("2026-12-01T16:00:00.000Z");

describe("a field compared as the service stores it", () => {
  it("a date: a Date, stored JSON, milliseconds, seconds and a digit string are one moment", () => {
    const check = [{ path: "deadline", as: "date", value: AT } as const];
    for (const stored of [new Date(AT), new Date(AT).toISOString(), AT, AT / 1000, String(AT), AT + 400])
      expect(holdsAll({ deadline: stored }, check)).toBe(true);
    for (const stored of [AT + 60_000, undefined, null, "soon", new Date(Number.NaN), {}])
      expect(holdsAll({ deadline: stored }, check)).toBe(false);
    expect(msOf("2026-12-01T19:00:00+03:00")).toBe(AT);
  });

  it("an amount: text and numbers, to the cent", () => {
    const check = [{ path: "approximatePrice", as: "amount", value: 4500 } as const];
    for (const stored of ["4500", 4500, "4 500", "4500.00", "4500,004"])
      expect(holdsAll({ approximatePrice: stored }, check)).toBe(true);
    for (const stored of ["4501", "", "abc", undefined, 450])
      expect(holdsAll({ approximatePrice: stored }, check)).toBe(false);
  });

  it("a list item by item; 'includes' holds with others around; a reference is its id", () => {
    const record = {
      completeSet: ["Мышь", "Сумка", "Зарядка"],
      comments: [{ text: "a" }, { text: " b " }],
      status: { id: "7", name: "В работе" },
      master: { id: 12 },
    };
    expect(holdsAll(record, [{ path: "completeSet", as: "list", value: ["Мышь", "Сумка", "Зарядка"] }])).toBe(
      true,
    );
    expect(holdsAll(record, [{ path: "completeSet", as: "list", value: ["Зарядка"] }])).toBe(false);
    expect(holdsAll(record, [{ path: "completeSet", as: "includes", value: ["Зарядка", "Мышь"] }])).toBe(
      true,
    );
    expect(holdsAll(record, [{ path: "comments", as: "includes", value: ["b"] }])).toBe(true);
    expect(holdsAll(record, [{ path: "comments", as: "includes", value: ["c"] }])).toBe(false);
    expect(holdsAll(record, [{ path: "status.id", as: "id", value: "7" }])).toBe(true);
    expect(holdsAll(record, [{ path: "master.id", as: "id", value: "12" }])).toBe(true);
    expect(holdsAll(record, [{ path: "manager.id", as: "id", value: "12" }])).toBe(false);
    expect(holdsAll(undefined, [{ path: "status.id", as: "id", value: "7" }])).toBe(false);
  });
});

describe("an edit against the full record", () => {
  const base = asFull({
    recommendation: "Чистка",
    approximatePrice: "4500",
    deadline: new Date(AT),
    isUrgent: false,
    completeSet: ["Мышь", "Сумка"],
  });

  it("sends only what differs: the same verdict, price and deadline are not sent", () => {
    const diff = diffEdits(base, [
      { key: "recommendation", as: "text", value: " Чистка " },
      { key: "approximatePrice", as: "amount", value: "4 500" },
      { key: "deadline", as: "date", value: AT },
      { key: "isUrgent", as: "bool", value: true },
    ]);
    expect(diff.keys).toEqual(["isUrgent"]);
    expect(diff.input).toEqual({ isUrgent: true });
  });

  it("an item added to a list joins the service's list; replacing sends the new list", () => {
    const added = diffEdits(base, [{ key: "completeSet", as: "list", value: ["Зарядка"], mode: "add" }]);
    expect(added.input).toEqual({ completeSet: ["Мышь", "Сумка", "Зарядка"] });
    expect(added.checks).toEqual([
      { path: "completeSet", as: "includes", value: ["Мышь", "Сумка", "Зарядка"] },
    ]);
    const again = diffEdits(base, [{ key: "completeSet", as: "list", value: ["Сумка"], mode: "add" }]);
    expect(again.keys).toEqual([]);
    const replaced = diffEdits(base, [
      { key: "completeSet", as: "list", value: ["Зарядка"], mode: "replace" },
    ]);
    expect(replaced.input).toEqual({ completeSet: ["Зарядка"] });
  });

  it("a new deadline is sent as milliseconds and recorded as a Date", () => {
    const diff = diffEdits(base, [{ key: "deadline", as: "date", value: AT + 86_400_000 }]);
    expect(diff.input).toEqual({ deadline: AT + 86_400_000 });
    expect(diff.record.deadline).toEqual(new Date(AT + 86_400_000));
    expect(holdsAll({ deadline: new Date(AT + 86_400_000).toISOString() }, diff.checks)).toBe(true);
  });
});

describe("the registry of write kinds", () => {
  it("names each kind once, and each declares its read, report and texts", () => {
    const names = WRITE_KINDS.map((kind) => kind.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(["create", "change", "comment"]));
    for (const kind of WRITE_KINDS) {
      expect(typeof kind.read).toBe("function");
      expect(typeof kind.report).toBe("function");
      expect(typeof kind.texts.notLanded).toBe("function");
    }
  });
});
