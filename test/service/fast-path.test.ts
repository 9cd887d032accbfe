/**
 * The fast reader of orders gives what zod alone gives: the same records for
 * the usual shape, and for every unusual one (flat fields, numeric ids,
 * numeric strings, "true", unreadable dates, comments as strings) zod's own
 * reading; a record zod refuses is refused with the same path and message.
 */
import { describe, expect, it } from "vitest";
import { toMillis, withoutNulls } from "../../src/service/schemas/common.ts";
import { listEnvelope, oneEnvelope } from "../../src/service/schemas/envelope.ts";
import { fastReader, readOwned, SLOW } from "../../src/service/schemas/fast-path.ts";
import { anyOrder, fastOrderOf, order, orderShape } from "../../src/service/schemas/order.ts";

/** The envelopes as the orders resource builds them: the order's own fast reader first. */
const orderList = listEnvelope(order, fastOrderOf);
const oneOrder = oneEnvelope(order, fastOrderOf);

const usual = {
  id: "o1",
  number: "А001042",
  dateCreate: "2026-11-20T09:00:00.000Z",
  deadline: 1_795_000_000_000,
  device: "iPhone 12",
  cash: { summ: 500 },
  summ: { price: 4500, soldPrice: 4000 },
  counteragent: { id: "c1", name: "Иванов", phones: ["+7 912 345-67-89"], rating: 0 },
  shop: { id: "s1", name: "Ленина" },
  status: { id: "st1", name: "Новый", color: "#fff", type: "new" },
  typeOrder: { id: "t1", name: "Платный" },
  isVisible: true,
  isUrgent: false,
  problem: ["Не включается"],
  manager: { id: "e1", name: "Соколов" },
  sn: "SN1",
  approximatePrice: "4500",
  extraField: { kept: [1, 2] },
};

const cases: Record<string, unknown> = {
  usual,
  "a full record without sums (computed)": {
    ...usual,
    summ: undefined,
    cash: { order: 300, elements: [{ id: "p1", money: 300, type: "income", date: "2026-11-20T10:00:00Z" }] },
    positions: [{ id: "w1", name: "Замена", price: 1000, count: 2, isWork: true }],
  },
  "the older flat shape": {
    id: "o2",
    number: "А-1043",
    statusId: "st1",
    statusName: "Новый",
    counteragentId: "c1",
    manager: "Соколов",
    cash: 250,
    summ: "3000",
  },
  "a numeric id and numeric strings": { ...usual, id: 42, num: "1042", counteragent: { id: 7, rating: "5" } },
  "booleans as strings and numbers": { ...usual, isVisible: "true", isUrgent: 0 },
  "an unreadable date": { ...usual, dateCreate: "not a date" },
  "a comment as a plain string": { ...usual, comments: ["позвонить", { text: "ok", date: "2026-11-20" }] },
  "problem as one string": { ...usual, problem: "Разбит экран" },
  "custom fields": { ...usual, customFields: [{ id: "f1", value: { any: "thing" } }] },
  "nulls for absent fields": { ...usual, master: null, deadline: null, sn: null },
};

describe("the fast order reader", () => {
  for (const [name, record] of Object.entries(cases)) {
    it(`reads ${name} exactly as zod does`, () => {
      const input = withoutNulls(JSON.parse(JSON.stringify(record)));
      const fast = order.safeParse(input);
      const zod = anyOrder.safeParse(input);
      expect(fast.success).toBe(true);
      expect(fast).toEqual(zod);
    });
  }

  it("takes the usual list record the fast way (no zod per field)", () => {
    expect(fastReader(orderShape)(usual)).not.toBe(SLOW);
    expect(fastReader(orderShape)(cases["a numeric id and numeric strings"])).toBe(SLOW);
  });

  it("refuses what zod refuses, with the same path and message", () => {
    const bad: Record<string, unknown> = {
      "no id": { ...usual, id: undefined },
      "an object id": { ...usual, id: { x: 1 } },
      "a status that is a number": { ...usual, status: 5 },
      "a phone list of objects": { ...usual, counteragent: { id: "c1", phones: [{}] } },
      "a price in words": { ...usual, summ: { price: "много" } },
      "not an object": ["o1"],
    };
    for (const [name, record] of Object.entries(bad)) {
      const input = withoutNulls(JSON.parse(JSON.stringify(record)));
      const fast = order.safeParse(input);
      const zod = anyOrder.safeParse(input);
      expect(fast.success, name).toBe(false);
      expect(zod.success, name).toBe(false);
      const issue = (r: typeof fast) => r.error?.issues.map((i) => ({ path: i.path, message: i.message }));
      expect(issue(fast), name).toEqual(issue(zod));
    }
  });

  it("a bad record inside a list is named by its place in the answer", () => {
    const answer = { data: [usual, { ...usual, id: { x: 1 } }], total: 2 };
    const result = orderList.safeParse(answer);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["data", 1, "id"]);
    expect(oneOrder.safeParse({ data: usual }).success).toBe(true);
  });

  it("reads the nulls the service sends as absent, the fast way, as answer() and zod read them", () => {
    const withNulls = {
      ...usual,
      master: null,
      sn: null,
      statusId: null,
      counteragent: { id: "c1", name: null, phones: ["+7 912"], rating: null },
      customFields: [{ id: "f1", value: { a: null, b: [null, { c: null }] } }],
      extraField: { kept: null, deep: { x: null } },
    };
    const raw = JSON.parse(JSON.stringify(withNulls));
    expect(fastReader(orderShape)(raw)).not.toBe(SLOW);
    const zod = anyOrder.safeParse(withoutNulls(structuredClone(raw)));
    expect(zod.success).toBe(true);
    const fast = orderList.safeParse({ data: [raw], total: 1, page: null });
    expect(fast.data).toEqual({ data: [zod.data], total: 1 });
    expect(fast.data?.data[0]).not.toHaveProperty("master");
    expect(fast.data?.data[0]?.counteragent).toEqual({ id: "c1", phones: ["+7 912"] });
    // A required field that is null is left to zod, which names it.
    expect(fastReader(orderShape)({ ...raw, id: null })).toBe(SLOW);
    expect(oneOrder.safeParse({ data: { ...raw, id: null } }).error?.issues[0]?.path).toEqual(["data", "id"]);
  });

  it("a __proto__ key is left to zod, which does not let it reach the prototype", () => {
    const input = JSON.parse(`{"id":"o9","__proto__":{"polluted":true}}`);
    const result = order.safeParse(input);
    expect(result.success).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result.data)).toBe(Object.prototype);
  });

  it("leaves the answer it reads as it was (it copies only what reads differently)", () => {
    for (const [name, record] of Object.entries(cases)) {
      const input = withoutNulls(JSON.parse(JSON.stringify(record)));
      const before = structuredClone(input);
      const result = orderList.safeParse({ data: [input], total: 1 });
      expect(result.success, name).toBe(true);
      expect(input, name).toEqual(before);
    }
    const read = orderList.safeParse({ data: [usual] });
    expect(read.data?.data[0]).toMatchObject({
      dateCreate: new Date("2026-11-20T09:00:00.000Z"),
      device: "iPhone 12",
    });
    expect(usual.dateCreate).toBe("2026-11-20T09:00:00.000Z");
  });

  it("reads an owned answer in place, as it reads a copy, even when a later record goes to zod", () => {
    const records = Object.values(cases);
    const fresh = () => JSON.parse(JSON.stringify({ data: records, total: records.length, page: null }));
    const copied = orderList.safeParse(fresh());
    const ownedBody = fresh();
    const inPlace = readOwned(ownedBody, () => orderList.safeParse(ownedBody));
    expect(copied.success).toBe(true);
    expect(inPlace).toEqual(copied);
    // The usual record was written over (its date is now a Date), not copied.
    expect(ownedBody.data[0].dateCreate).toBeInstanceOf(Date);
    // A list read the fast way throughout gives the owned records themselves.
    const fastBody = JSON.parse(JSON.stringify({ data: [usual, usual] }));
    const fastRead = readOwned(fastBody, () => orderList.safeParse(fastBody));
    expect(fastRead.data?.data[1]).toBe(fastBody.data[1]);
    expect(fastRead.data?.data[1]?.dateCreate).toEqual(new Date(usual.dateCreate));
    // Nulls in an owned record still make a copy without them.
    const withNull = JSON.parse(JSON.stringify({ data: [{ ...usual, sn: null }] }));
    const read = readOwned(withNull, () => orderList.safeParse(withNull)).data?.data[0];
    expect(read).not.toHaveProperty("sn");
    expect(read?.dateCreate).toEqual(new Date(usual.dateCreate));
    // Outside the transport's reading, a body is never written over.
    const after = fresh();
    orderList.safeParse(after);
    expect(after.data[0].dateCreate).toBe(usual.dateCreate);
  });
});

describe("what the older shape would change goes to zod, one cause at a time", () => {
  const refs = ["status", "typeOrder", "counteragent", "shop", "manager", "master", "howKnow"];
  const causes: Record<string, unknown> = {
    ...Object.fromEntries(refs.map((ref) => [`a flat ${ref}Id`, { ...usual, [`${ref}Id`]: "x1" }])),
    ...Object.fromEntries(refs.map((ref) => [`a flat ${ref}Name`, { ...usual, [`${ref}Name`]: "Имя" }])),
    "a flat createManagerId": { ...usual, createManagerId: "e9" },
    "a flat closeManagerName": { ...usual, closeManagerName: "Орлов" },
    "a string status": { ...usual, status: "Новый" },
    "a string cash": { ...usual, cash: "250" },
    "a number summ": { ...usual, summ: 3000 },
  };
  for (const [name, record] of Object.entries(causes)) {
    it(`${name}: zod's reading, not the fast one`, () => {
      const input = JSON.parse(JSON.stringify(record));
      expect(fastOrderOf(input)).toBe(SLOW);
      const zod = anyOrder.safeParse(withoutNulls(structuredClone(input)));
      expect(zod.success).toBe(true);
      expect(order.safeParse(input)).toEqual(zod);
    });
  }

  it("a null flat field is no flat field: read the fast way, dropped", () => {
    const input = JSON.parse(JSON.stringify({ ...usual, statusId: null, managerName: null }));
    const fast = fastOrderOf(input);
    expect(fast).not.toBe(SLOW);
    expect(fast).not.toHaveProperty("statusId");
    expect(fast).toEqual(anyOrder.parse(withoutNulls(structuredClone(input))));
  });
});

describe("the service's dates", () => {
  it("read by hand as Date.parse reads every month, day and hour at the edges, both lengths", () => {
    const pad = (n: number, width = 2) => String(n).padStart(width, "0");
    for (const year of ["2026", "2028", "2100", "0099", "0100", "9999"]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          for (const hour of [0, 23, 24, 25]) {
            const stem = `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:59:59`;
            for (const text of [`${stem}.999Z`, `${stem}Z`]) {
              const parsed = Date.parse(text);
              expect(toMillis(text), text).toBe(Number.isNaN(parsed) ? undefined : parsed);
            }
          }
        }
      }
    }
  });

  it("read by hand exactly as Date.parse reads them, roll-overs and refusals included", () => {
    const dates = [
      "2026-11-20T09:00:00.000Z",
      "2026-11-20T09:00:00Z",
      "2026-02-30T23:59:59.999Z", // V8 rolls a day up to 31 over into the next month
      "2026-04-31T10:00:00.000Z",
      "2026-02-32T00:00:00.000Z",
      "2026-13-01T00:00:00.000Z",
      "2026-12-04T24:00:00.000Z",
      "2026-12-04T23:60:00.000Z",
      "2026-12-04T23:59:60.000Z",
      "0050-12-04T10:00:00.000Z",
      "2026-12-04T10:00:00.000+03:00",
      "2026-12-04T1a:00:00.000Z",
      "2026-12-04 10:00:00.000Z",
      "2026-12-04T10:00:00,000Z",
    ];
    for (const text of dates) {
      const parsed = Date.parse(text);
      expect(toMillis(text), text).toBe(Number.isNaN(parsed) ? undefined : parsed);
    }
  });
});
