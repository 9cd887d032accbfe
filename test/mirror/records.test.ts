/** A record through the database's JSON: dates come back as dates, everything else as it was. */
import { describe, expect, it } from "vitest";
import { decodeRecord, encodeRecord } from "../../src/mirror/records.ts";

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
});
