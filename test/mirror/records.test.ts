/** A record through the database's JSON: dates come back as dates, everything else as it was. */
import { describe, expect, it } from "vitest";
import { toFreshMirrored, toMirrored } from "../../src/mirror/db-search.ts";
import { decodeHeldOrder, decodeRecord, encodeRecord } from "../../src/mirror/records.ts";
import type { Order } from "../../src/service/index.ts";

describe("mirror records", () => {
  it("keeps dates, nested and in lists, and plain values", () => {
    const record = {
      id: "o1",
      dateCreate: new Date("2026-11-20T09:00:00.000Z"),
      comments: [{ text: "ok", date: new Date(1_795_000_000_000) }, "plain"],
      cash: { summ: 500, elements: [] },
      note: null,
      $date: "not a date marker: a string",
      look: { $date: 5, other: 1 },
    };
    const back = decodeRecord<typeof record>(encodeRecord(record));
    expect(back).toEqual(record);
    expect(back.comments[0]).toMatchObject({ date: new Date(1_795_000_000_000) });
    expect(back.look).toEqual({ $date: 5, other: 1 });
  });

  it("a __proto__ key stays a plain key and never reaches a prototype", () => {
    const back = decodeRecord<Record<string, unknown>>(`{"id":"o9","__proto__":{"polluted":{"$date":1}}}`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(back.id).toBe("o9");
  });

  it("a record read again is the reading made before, frozen all the way down", () => {
    const record = {
      id: "o-held-1",
      dateCreate: new Date("2026-11-20T09:00:00.000Z"),
      cash: { summ: 500, elements: [{ money: 500 }] },
    } as unknown as Order;
    const json = encodeRecord(record);
    const first = decodeHeldOrder(json);
    expect(first).toEqual(record);
    // The same JSON (another string with the same text, as the database gives it) is the same reading.
    expect(decodeHeldOrder(`${json.slice(0, 5)}${json.slice(5)}`)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.cash?.elements?.[0])).toBe(true);
    expect(() => {
      (first as { number?: string }).number = "changed";
    }).toThrow(TypeError);
    // A changed record is read afresh.
    const changed = decodeHeldOrder(encodeRecord({ ...record, number: "А1" }));
    expect(changed).not.toBe(first);
    expect(changed.number).toBe("А1");
  });

  it("keeps a bounded number of readings: an old one is read afresh, equal", () => {
    const json = (i: number) => encodeRecord({ id: `o-bound-${i}` });
    const oldest = decodeHeldOrder(json(0));
    for (let i = 1; i <= 600; i++) decodeHeldOrder(json(i));
    const again = decodeHeldOrder(json(0));
    expect(again).not.toBe(oldest);
    expect(again).toEqual(oldest);
    // A reading used again goes to the back: 511 others later it is still the same one.
    for (let i = 1; i <= 511; i++) decodeHeldOrder(json(1000 + i));
    expect(decodeHeldOrder(json(0))).toBe(again);
    for (let i = 1; i <= 511; i++) decodeHeldOrder(json(2000 + i));
    expect(decodeHeldOrder(json(0))).toBe(again);
  });

  it("the sync's own reads are parsed afresh and kept nowhere", () => {
    const json = encodeRecord({ id: "o-sync-1", number: "А7" });
    const shared = decodeHeldOrder(json);
    const fresh = toFreshMirrored({ record: json, synced_at: 1 }).order;
    expect(fresh).not.toBe(shared);
    expect(Object.isFrozen(fresh)).toBe(false);
    expect(fresh).toEqual(shared);
    expect(toMirrored({ record: json, synced_at: 1 }).order).toBe(shared);
  });
});
