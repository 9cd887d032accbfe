import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { foldLookAlikes, foldOrderNumber, numberDigits } from "../../src/service/index.ts";
import { intercept, list, tokenClient, useNock } from "./helpers.ts";

useNock();

const order = (id: string, number: string, extra: Record<string, unknown> = {}) => ({
  id,
  number,
  status: { id: "st1", name: "Новый" },
  shop: { id: "s1", name: "Центр" },
  ...extra,
});

/** What a service that ignores every filter answers: the newest orders, whatever was asked. */
const EVERYTHING = [
  order("o1", "А001043"),
  order("o2", "Б001042"),
  order("o3", "А001042"),
  order("o4", "A010420", { status: { id: "st2" } }),
  order("o5", "B-000042", { shop: { id: "s2" } }),
];

function warnings() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: "warn" }, stream), lines };
}

describe("order lists keep only what matches the query", () => {
  it("by num: only numbers whose digits equal it; the service's total goes, the dropped are counted", async () => {
    intercept("GET", 200, list(EVERYTHING, { total: 500 }));
    const page = await tokenClient().orders.list({ num: 1042 });
    expect(page.items.map((o) => o.number)).toEqual(["Б001042", "А001042"]);
    expect(page.total).toBeUndefined();
    expect(page.dropped).toBe(3);
  });

  it("by num: a record's own num decides when it has one", async () => {
    intercept("GET", 200, list([order("o1", "А001042", { num: 7 }), order("o2", "X7", { num: 1042 })]));
    const page = await tokenClient().orders.list({ num: 1042 });
    expect(page.items.map((o) => o.id)).toEqual(["o2"]);
  });

  it("by textual number: only numbers containing it, look-alike letters and separators aside", async () => {
    intercept("GET", 200, list(EVERYTHING));
    const page = await tokenClient().orders.list({ number: "a-00104" });
    expect(page.items.map((o) => o.number)).toEqual(["А001043", "А001042"]);
  });

  it("by status: only the statuses asked for", async () => {
    intercept("GET", 200, list(EVERYTHING));
    const page = await tokenClient().orders.list({ statusIds: ["st2"] });
    expect(page.items.map((o) => o.id)).toEqual(["o4"]);
  });

  it("a workshop's list: no order of another workshop", async () => {
    intercept("GET", 200, list(EVERYTHING));
    const page = await tokenClient().orders.list({ shopId: "s1" });
    expect(page.items.map((o) => o.id)).not.toContain("o5");
    expect(page.items).toHaveLength(4);
  });

  it("a record without a number never passes a number check", async () => {
    intercept("GET", 200, list([{ id: "o9", status: { id: "st1" } }]));
    expect((await tokenClient().orders.list({ num: 9 })).items).toEqual([]);
  });

  it("a service that filters: the page and its total stay as they were", async () => {
    intercept("GET", 200, list([order("o3", "А001042")], { total: 1 }));
    const page = await tokenClient().orders.list({ num: 1042 });
    expect(page.total).toBe(1);
    expect(page.dropped).toBeUndefined();
  });

  it("an ignored filter is logged once per filter, as a sign", async () => {
    const { logger, lines } = warnings();
    const client = tokenClient({ logger });
    intercept("GET", 200, list(EVERYTHING), 3);
    await client.orders.list({ num: 1042 });
    await client.orders.list({ num: 1043 });
    await client.orders.list({ statusIds: ["st2"] });
    expect(lines.map((l) => [l.filter, l.msg])).toEqual([
      ["num", expect.stringContaining("do not match")],
      ["statusIds", expect.stringContaining("do not match")],
    ]);
  });
});

describe("order numbers compare as people read them", () => {
  it.each([
    ["А-001042", "A001042"],
    ["a001042", "A001042"],
    ["Б 001761", "Б001761"],
    ["ХТ–0010", "XT0010"],
    ["моск/12", "MOCK12"],
    // The mirror's letters too: у and ё look like y and e.
    ["уё-7", "YE7"],
  ])("%s folds to %s", (typed, folded) => {
    expect(foldOrderNumber(typed)).toBe(folded);
  });

  it("the letters alone fold to lower case, separators kept (the mirror indexes numbers so)", () => {
    expect(foldLookAlikes("А-001042 Ёж")).toBe("a-001042 eж");
    expect(foldOrderNumber("А-001042")).toBe(foldLookAlikes("А001042").toUpperCase());
  });

  it("the digits of a number are its last run of digits", () => {
    expect(numberDigits("А001042")).toBe(1042);
    expect(numberDigits("Б-000517")).toBe(517);
    expect(numberDigits("А")).toBeUndefined();
  });
});
