/**
 * Mirror search: every form of an order number, phones in any format (digits as
 * a substring, a leading 8 as 7), names, devices, serial numbers and faults;
 * ranked exact number first, then open orders, newest first; deleted orders
 * and other workshops' orders never show.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createOrderMirror, type MirrorClient, type OrderMirror } from "../../src/mirror/index.ts";
import type { Order } from "../../src/service/index.ts";
import { ServiceError } from "../../src/service/index.ts";
import { fakeMirrorClient, mirrorOptions, order } from "./helpers.ts";

let mirror: OrderMirror | undefined;
afterEach(async () => {
  await mirror?.stop();
  mirror = undefined;
});

function open(orders: Order[], options: { shopIds?: string[]; client?: MirrorClient } = {}): OrderMirror {
  mirror = createOrderMirror(
    mirrorOptions({ client: options.client ?? fakeMirrorClient(), shopIds: options.shopIds ?? [] }),
  );
  for (const o of orders) mirror.upsert(o);
  return mirror;
}

const numbers = (m: OrderMirror, text: string, extra: object = {}) =>
  m.list({ text, pageSize: 50, ...extra }).items.map((item) => item.order.number);

describe("order numbers in all their forms", () => {
  const orders = [
    order({
      id: "1",
      number: "А001042",
      counteragent: { id: "c1", name: "Иван Петров", phones: ["+7 912 345-67-89"] },
    }),
    order({ id: "2", number: "Б001042" }),
    order({ id: "3", number: "А001043" }),
  ];

  it.each(["А001042", "a001042", "A-1042", "а 1042", "#А1042"])(
    "%s finds А001042 first and only it",
    (text) => {
      const m = open(orders);
      expect(numbers(m, text)[0]).toBe("А001042");
      expect(m.byNumber(text).map((item) => item.order.id)).toEqual(["1"]);
    },
  );

  it("the digits alone find the number in every workshop", () => {
    const m = open(orders);
    expect(
      m
        .byNumber("1042")
        .map((item) => item.order.number)
        .sort(),
    ).toEqual(["А001042", "Б001042"]);
    expect(m.byNumber("#001042")).toHaveLength(2);
    expect(numbers(m, "1042").slice(0, 2).sort()).toEqual(["А001042", "Б001042"]);
  });

  it("text that is no number finds nothing by number", () => {
    const m = open(orders);
    expect(m.byNumber("Петров")).toEqual([]);
    expect(m.byNumber("")).toEqual([]);
  });
});

describe("phones", () => {
  const client = { id: "c1", name: "Анна Смирнова", phones: ["+7 (912) 345-67-89", "8-800-555-35-35"] };
  const orders = [order({ id: "1", number: "А000001", counteragent: client })];

  it.each([
    "+7 912 345-67-89",
    "89123456789",
    "79123456789",
    "9123456789",
    "(912) 345 67 89",
    "6789",
    "345-67",
    "8 800 555 35 35",
    "78005553535",
  ])("%s finds the client's order", (text) => {
    expect(numbers(open(orders), text)).toEqual(["А000001"]);
  });

  it.each(["+7 912 345-67-89", "8 912 345 67 89", "79123456789"])(
    "%s finds a phone kept without its country code",
    (text) => {
      const local = { id: "c2", name: "Пётр", phones: ["912 345 67 89"] };
      expect(numbers(open([order({ id: "2", number: "А000002", counteragent: local })]), text)).toEqual([
        "А000002",
      ]);
    },
  );

  it("fewer than 4 digits or other digits find nothing", () => {
    const m = open(orders);
    expect(numbers(m, "789")).toEqual([]);
    expect(numbers(m, "5555")).toEqual([]);
  });
});

describe("words", () => {
  const orders = [
    order({
      id: "1",
      number: "А000001",
      counteragent: { id: "c1", name: "Пётр Семёнов", phones: [] },
      device: "Смартфон Apple iPhone 12",
      sn: "IMEI 356938035643809",
      problem: ["Не включается", "Разбит экран"],
    }),
    order({
      id: "2",
      number: "А000002",
      counteragent: { id: "c2", name: "Ольга Петрова", phones: [] },
      device: "Ноутбук Lenovo",
    }),
  ];

  it.each([
    ["семенов", ["А000001"]],
    ["Пётр Семёнов", ["А000001"]],
    ["петр", ["А000002", "А000001"]],
    ["петр сем", ["А000001"]],
    ["ПЕТРОВА", ["А000002"]],
    ["iphone", ["А000001"]],
    ["lenovo", ["А000002"]],
    ["экран", ["А000001"]],
    ["356938035643809", ["А000001"]],
    ["3809", ["А000001"]],
    ["imei", ["А000001"]],
  ])("%s", (text, expected) => {
    expect(numbers(open(orders), text)).toEqual(expected);
  });

  it.each(['"', "*", "NEAR(a b)", "a OR b AND", "(((", "-", "'; DROP TABLE orders; --", "\u0000"])(
    "query syntax in the text is just text: %s",
    (text) => {
      const m = open(orders);
      expect(() => m.list({ text })).not.toThrow();
      expect(m.list({ text: "lenovo" }).total).toBe(1);
    },
  );
});

describe("ranking and scope", () => {
  const day = 86_400_000;
  const base = Date.UTC(2026, 10, 1);

  it("exact number first, then open orders, newest first", () => {
    const m = open([
      order({
        id: "old-open",
        number: "А000010",
        dateCreate: new Date(base),
        counteragent: { id: "c", name: "Иванов 1042", phones: [] },
      }),
      order({ id: "new-open", number: "А000011", dateCreate: new Date(base + day), device: "1042 Pro" }),
      order({
        id: "closed",
        number: "А000012",
        dateCreate: new Date(base + 2 * day),
        device: "1042 Max",
        status: { id: "s-closed", name: "Выдан", type: "closed" } as Order["status"],
      }),
      order({
        id: "exact",
        number: "А001042",
        dateCreate: new Date(base - 100 * day),
        status: { id: "s-closed", name: "Выдан", type: "closed" } as Order["status"],
      }),
    ]);
    expect(m.list({ text: "1042" }).items.map((item) => item.order.id)).toEqual([
      "exact",
      "new-open",
      "old-open",
      "closed",
    ]);
  });

  it("many matches (read along the rank index) come in the same order as few (sorted), across pages", () => {
    const many = Array.from({ length: 420 }, (_, i) =>
      order({
        id: `m${i}`,
        number: `В${String(i + 2000).padStart(6, "0")}`,
        device: "Lenovo",
        dateCreate: new Date(base + ((i * 7919) % 420) * day),
        ...(i % 3 === 0 ? { status: { id: "c", type: "closed" } as Order["status"] } : {}),
        ...(i === 5 ? { counteragent: { id: "x", name: "Lenovo 2005", phones: [] } } : {}),
      }),
    );
    const m = open(many);
    const expected = [...many]
      .sort((a, b) => {
        const closed = (o: Order) => ((o.status as { type?: string }).type === "closed" ? 1 : 0);
        return closed(a) - closed(b) || (b.dateCreate?.getTime() ?? 0) - (a.dateCreate?.getTime() ?? 0);
      })
      .map((o) => o.id);
    const seen: string[] = [];
    for (let page = 1; page <= 9; page++) {
      const result = m.list({ text: "lenovo", pageSize: 50, page });
      expect(result.total).toBe(420);
      seen.push(...result.items.map((item) => item.order.id));
    }
    expect(seen).toEqual(expected);
    // An exact number leads, the rest follow without it; the total counts it once.
    const exact = m.list({ text: "В002005", pageSize: 3 });
    expect(exact.items[0]?.order.id).toBe("m5");
    expect(m.list({ text: "2005" }).total).toBe(1);
  });

  it("deleted orders leave the results and the counts", () => {
    const m = open([order({ id: "1", number: "А000001", device: "Lenovo" })]);
    expect(m.list({ text: "lenovo" }).total).toBe(1);
    m.upsert(order({ id: "1", number: "А000001", device: "Lenovo", isVisible: false }));
    expect(m.list({ text: "lenovo" })).toMatchObject({ items: [], total: 0 });
    expect(m.byNumber("А000001")).toEqual([]);
    expect(m.get("1")?.order.isVisible).toBe(false);
    expect(m.stats().orders).toBe(0);
  });

  it("orders of workshops outside SHOP_IDS are not kept", () => {
    const m = open(
      [
        order({ id: "1", number: "А000001", shop: { id: "s1" } }),
        order({ id: "2", number: "Б000001", shop: { id: "s2" } }),
      ],
      { shopIds: ["s1"] },
    );
    expect(numbers(m, "1")).toEqual(["А000001"]);
    expect(m.get("2")).toBeUndefined();
  });

  it("pages carry the total of the whole list", () => {
    const m = open(
      Array.from({ length: 23 }, (_, i) =>
        order({
          id: `o${i}`,
          number: `А${String(i + 1).padStart(6, "0")}`,
          device: "Lenovo",
          dateCreate: new Date(base + i * day),
        }),
      ),
    );
    const first = m.list({ text: "lenovo", pageSize: 10 });
    const third = m.list({ text: "lenovo", pageSize: 10, page: 3 });
    expect(first.total).toBe(23);
    expect(first.items[0]?.order.id).toBe("o22");
    expect(third.items.map((item) => item.order.id)).toEqual(["o2", "o1", "o0"]);
    expect(m.list({ text: "lenovo", pageSize: 1000 }).pageSize).toBe(50);
    expect(m.list({ text: "lenovo", page: -3 }).page).toBe(1);
  });
});

describe("lists for people and deadlines", () => {
  const now = Date.now();
  const hour = 3_600_000;
  const master = { id: "m1", name: "Мастер" };

  it("a master's open orders: overdue first, then the nearest deadline; closed and ready-but-late rules hold", () => {
    const m = open([
      order({ id: "later", master, deadline: new Date(now + 48 * hour) }),
      order({ id: "soon", master, deadline: new Date(now + 2 * hour) }),
      order({ id: "late", master, deadline: new Date(now - 2 * hour) }),
      order({ id: "none", master }),
      order({
        id: "closed",
        master,
        deadline: new Date(now - hour),
        status: { id: "x", type: "closed" } as Order["status"],
      }),
      order({ id: "other", master: { id: "m2" }, deadline: new Date(now - hour) }),
      order({ id: "managed", manager: master }),
    ]);
    const ids = (query: object) => m.list({ employeeId: "m1", ...query }).items.map((item) => item.order.id);
    expect(ids({ role: "master" })).toEqual(["late", "soon", "later", "none"]);
    expect(ids({ role: "manager" })).toEqual(["managed"]);
    expect(ids({})).toHaveLength(5);
    expect(
      m
        .list({ overdue: true })
        .items.map((item) => item.order.id)
        .sort(),
    ).toEqual(["late", "other"]);
    const due = m.list({ deadlineFrom: new Date(now), deadlineTo: new Date(now + 24 * hour) });
    expect(due.items.map((item) => item.order.id)).toEqual(["soon"]);
  });
});

describe("the bot's writes", () => {
  it("an order the bot created is 'created'; an old one it changed, first seen now, is not", () => {
    const m = open([]);
    const now = Date.now();
    const fresh = m.upsert(order({ id: "new", dateCreate: new Date(now - 60_000) }), { actorId: 7 });
    expect(fresh).toMatchObject([{ kind: "created", source: "bot", actorId: 7 }]);
    expect(
      m.upsert(order({ id: "old", dateCreate: new Date(now - 30 * 86_400_000) }), { actorId: 7 }),
    ).toEqual([]);
    expect(
      m.upsert(order({ id: "said", dateCreate: new Date(now - 30 * 86_400_000) }), { created: true }),
    ).toMatchObject([{ kind: "created" }]);
  });

  it("a status the bot set is a change by that user; the same record again is no change", () => {
    const held = order({ id: "w1", status: { id: "s1", name: "Новый", type: "new" } as Order["status"] });
    const m = open([held]);
    const moved = { ...held, status: { id: "s2", name: "Готов", type: "finish" } } as Order;
    expect(m.upsert(moved, { actorId: 9 }).map((c) => [c.kind, c.actorId])).toEqual([
      ["status", 9],
      ["ready", 9],
    ]);
    expect(m.upsert(moved, { actorId: 9 })).toEqual([]);
  });

  it("the first status of an order the bot created without one (its draft) is no status change", async () => {
    const created = order({ id: "d1", dateCreate: new Date() });
    delete (created as { status?: unknown }).status;
    const listed = { ...created, status: { id: "s-new", name: "Новый", type: "new" } } as Order;
    const m = open([], { client: fakeMirrorClient({ list: [listed] }) });
    expect(m.upsert(created, { actorId: 7, created: true }).map((c) => c.kind)).toEqual(["created"]);
    await m.syncNow();
    expect(m.changesSince(0).map((c) => c.change.kind)).toEqual(["created"]);
    expect(m.get("d1")?.order.status?.id).toBe("s-new");
  });
});

describe("a miss asks the service once and keeps what it got", () => {
  it("fetch of a held deleted order answers from the mirror (0 requests) with isVisible false", async () => {
    const client = fakeMirrorClient();
    const m = open([order({ id: "gone", isVisible: false })], { client });
    expect((await m.fetch("gone")).order.isVisible).toBe(false);
    expect(client.calls).toEqual([]);
  });

  it("findByNumber: one list request on a miss, none after", async () => {
    const remote = order({ id: "r1", number: "А000777" });
    const client = fakeMirrorClient({ list: [remote] });
    const m = open([], { client });
    expect((await m.findByNumber("777")).map((item) => item.order.id)).toEqual(["r1"]);
    expect((await m.findByNumber("А-777")).map((item) => item.order.id)).toEqual(["r1"]);
    expect(client.calls).toEqual([{ list: { num: 777, isVisible: true, page: 1, pageSize: 50 } }]);
  });

  it("findByNumber keeps only records that match what was asked", async () => {
    const client = fakeMirrorClient({ list: [order({ id: "x", number: "А000778" })] });
    const m = open([], { client });
    expect(await m.findByNumber("777")).toEqual([]);
  });

  it("fetch: a held order costs nothing; a miss or a refresh reads it once", async () => {
    const client = fakeMirrorClient({ get: order({ id: "g1", number: "А000900", lastAction: new Date() }) });
    const m = open([order({ id: "held" })], { client });
    expect((await m.fetch("held")).order.id).toBe("held");
    expect(client.calls).toEqual([]);
    expect((await m.fetch("g1")).order.number).toBe("А000900");
    expect((await m.fetch("g1")).order.number).toBe("А000900");
    expect(client.calls).toEqual([{ get: "g1" }]);
    await m.fetch("g1", { refresh: true });
    expect(client.calls).toHaveLength(2);
  });

  it("fetch of an order of another workshop reads as not found and is not kept", async () => {
    const client = fakeMirrorClient({ get: order({ id: "g2", shop: { id: "other" } }) });
    const m = open([], { client, shopIds: ["mine"] });
    await expect(m.fetch("g2")).rejects.toBeInstanceOf(ServiceError);
    expect(m.get("g2")).toBeUndefined();
  });
});
