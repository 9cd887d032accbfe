/**
 * A one-letter typo in a name still finds it (issue 32.16): `Смирнва` finds
 * `Смирнова` in the orders' search and the clients' search, as do a wrong, an
 * extra and two swapped letters; only when the plain search found nothing (an
 * exact match is never crowded by near ones), never for short words.
 */
import { afterEach, describe, expect, it } from "vitest";
import { oneEditApart } from "../../src/mirror/fuzzy.ts";
import { createOrderMirror, type OrderMirror } from "../../src/mirror/index.ts";
import { fakeMirrorClient, mirrorOptions, order } from "./helpers.ts";

let mirror: OrderMirror | undefined;
afterEach(async () => {
  await mirror?.stop();
  mirror = undefined;
});

function open(): OrderMirror {
  mirror = createOrderMirror(mirrorOptions({ client: fakeMirrorClient(), shopIds: [] }));
  const people = [
    ["1", "Смирнова Ольга Петровна", "iPhone 12"],
    ["2", "Смирнов Артём Иванович", "Samsung Galaxy"],
    ["3", "Кузнецов Павел Андреевич", "Asus VivoBook"],
    ["4", "Сом Иван", "Xiaomi"],
  ] as const;
  for (const [id, name, device] of people)
    mirror.upsert(
      order({ id, number: `А00${id}`, counteragent: { id: `c${id}`, name, phones: [] }, device }),
    );
  return mirror;
}

const names = (m: OrderMirror, text: string) =>
  m.list({ text, pageSize: 50 }).items.map((item) => item.order.counteragent?.name);

describe("a typo in a name", () => {
  it("Смирнва (a letter missing) finds Смирнова; Смирнова typed right finds only her", () => {
    const m = open();
    expect(names(m, "Смирнва")).toEqual(["Смирнова Ольга Петровна"]);
    expect(names(m, "смирнова")).toEqual(["Смирнова Ольга Петровна"]);
  });

  it("a wrong letter, an extra one, two swapped; with a second word as typed", () => {
    const m = open();
    expect(names(m, "Кузнецав")).toEqual(["Кузнецов Павел Андреевич"]);
    expect(names(m, "Кузнеццов Павел")).toEqual(["Кузнецов Павел Андреевич"]);
    expect(names(m, "Кузенцов")).toEqual(["Кузнецов Павел Андреевич"]);
    // The first name is right, the surname one letter off: both must hold.
    expect(names(m, "Смирнва Ольга")).toEqual(["Смирнова Ольга Петровна"]);
    expect(names(m, "Смирнва Павел")).toEqual([]);
  });

  it("two letters off, a short word or digits: nothing is guessed", () => {
    const m = open();
    expect(names(m, "Смрнва")).toEqual([]);
    expect(names(m, "Сим")).toEqual([]);
    expect(m.list({ text: "99999" }).total).toBe(0);
  });

  it("the clients' search too (a returning client at intake)", () => {
    const m = open();
    expect(m.searchClients("Смирнва", 10).items.map((c) => c.client.name)).toEqual([
      "Смирнова Ольга Петровна",
    ]);
  });

  it("one edit apart: missing, extra, wrong, swapped; not two", () => {
    expect(oneEditApart("смирнва", "смирнова")).toBe(true);
    expect(oneEditApart("смирноова", "смирнова")).toBe(true);
    expect(oneEditApart("смирнава", "смирнова")).toBe(true);
    expect(oneEditApart("смирнвоа", "смирнова")).toBe(true);
    expect(oneEditApart("смрнва", "смирнова")).toBe(false);
    expect(oneEditApart("смирнов", "смирнова")).toBe(true);
    expect(oneEditApart("абвгд", "бавдг")).toBe(false);
  });
});
