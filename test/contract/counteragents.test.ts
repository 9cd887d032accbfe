/** Counteragent lists, reads and writes: the client's queries served correctly by the sandbox. */
import { describe, expect, it } from "vitest";
import type { Counteragent as StoredCounteragent } from "../../src/sandbox/model.ts";
import { type ArrayFormat, COUNTERAGENT_SORT_FIELDS } from "../../src/service/index.ts";
import { DAY, useContract } from "./helpers.ts";

const contract = useContract();
const stored = () => contract.sandbox().store;
const count = (pred: (c: StoredCounteragent) => boolean) => stored().counteragents.filter(pred).length;

describe("counteragent lists", () => {
  it("default: by name, with total", async () => {
    const page = await contract.client().counteragents.list({ pageSize: 50 });
    expect(page.total).toBe(stored().counteragents.length);
    const names = page.items.map((c) => c.name ?? "");
    expect(names).toEqual([...names].sort(new Intl.Collator("ru").compare));
  });

  it("phone finds by digits, +7 and 8 alike", async () => {
    const sample = stored().counteragents.find((c) => c.phones.length > 0);
    const phone = sample?.phones[0] ?? "";
    const digits = phone.replace(/\D/g, "");
    const client = contract.client();
    const exact = await client.counteragents.list({ phone });
    expect(exact.items.map((c) => c.id)).toContain(sample?.id);
    const eight = await client.counteragents.list({ phone: `8${digits.slice(1)}` });
    expect(eight.items.map((c) => c.id)).toContain(sample?.id);
    const tail = await client.counteragents.list({ phone: digits.slice(-7), pageSize: 50 });
    expect(tail.items.map((c) => c.id)).toContain(sample?.id);
    expect(
      tail.items.every((c) => c.phones?.some((p) => p.replace(/\D/g, "").includes(digits.slice(-7)))),
    ).toBe(true);
  });

  it("isBuyer and isVendor keep that role", async () => {
    const client = contract.client();
    const vendors = await client.counteragents.list({ isVendor: true, pageSize: 50 });
    expect(vendors.total).toBe(count((c) => c.isVendor));
    expect(vendors.total).toBeGreaterThan(0);
    expect(vendors.items.every((c) => c.isVendor === true)).toBe(true);
    const buyers = await client.counteragents.list({ isBuyer: true, pageSize: 50 });
    expect(buyers.total).toBe(count((c) => c.isBuyer));
    const notBuyers = await client.counteragents.list({ isBuyer: false, pageSize: 50 });
    expect((buyers.total ?? 0) + (notBuyers.total ?? 0)).toBe(stored().counteragents.length);
  });

  it("typeCounteragentId keeps that type", async () => {
    const typeId = stored().ref.typeCounteragents[1]?.id ?? "";
    const page = await contract.client().counteragents.list({ typeCounteragentId: typeId, pageSize: 50 });
    expect(page.total).toBe(count((c) => c.typeCounteragentId === typeId));
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((c) => c.typeCounteragent?.id === typeId)).toBe(true);
  });

  it.each<ArrayFormat>(["comma", "brackets", "repeat"])(
    "howKnowIds as %s keep those sources",
    async (arrayFormat) => {
      const ids = stored()
        .ref.howKnows.slice(0, 2)
        .map((h) => h.id);
      const page = await contract
        .client({ arrayFormat })
        .counteragents.list({ howKnowIds: ids, pageSize: 50 });
      expect(page.total).toBe(count((c) => c.howKnowId !== null && ids.includes(c.howKnowId)));
      expect(page.total).toBeGreaterThan(0);
      expect(page.items.every((c) => ids.includes(c.howKnow?.id ?? ""))).toBe(true);
    },
  );

  it("filter, dateCreate and lastAction ranges with open bounds", async () => {
    const client = contract.client();
    const sample = stored().counteragents[5];
    const surname = sample?.name.split(" ")[0] ?? "";
    const byText = await client.counteragents.list({ filter: surname, pageSize: 50 });
    expect(byText.items.map((c) => c.id)).toContain(sample?.id);
    expect(byText.total).toBeLessThan(stored().counteragents.length);
    const since = Date.now() - 60 * DAY;
    const recent = await client.counteragents.list({ dateCreate: [since, null] });
    expect(recent.total).toBe(count((c) => c.dateCreate >= since));
    const older = await client.counteragents.list({ lastAction: [null, since] });
    expect(older.total).toBe(count((c) => c.lastAction <= since));
    expect((recent.total ?? 0) + (older.total ?? 0)).toBeGreaterThan(0);
  });

  it("every sort field ASC and DESC; pages are consecutive", async () => {
    const client = contract.client();
    for (const field of COUNTERAGENT_SORT_FIELDS) {
      for (const dir of ["ASC", "DESC"] as const) {
        const page = await client.counteragents.list({ sort: `${field} ${dir}`, pageSize: 3 });
        expect(page.items, `${field} ${dir}`).toHaveLength(3);
      }
    }
    const whole = await client.counteragents.list({ sort: "lastAction DESC", pageSize: 8 });
    const p1 = await client.counteragents.list({ sort: "lastAction DESC", pageSize: 4 });
    const p2 = await client.counteragents.list({ sort: "lastAction DESC", pageSize: 4, page: 2 });
    expect([...p1.items, ...p2.items].map((c) => c.id)).toEqual(whole.items.map((c) => c.id));
    const times = whole.items.map((c) => c.lastAction?.getTime() ?? 0);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe("counteragent reads and writes", () => {
  it("create answers the record; get and update round-trip; the list finds it by phone", async () => {
    const client = contract.client();
    const typeId = stored().ref.typeCounteragents[0]?.id ?? "";
    const howKnowId = stored().ref.howKnows[2]?.id ?? "";
    const created = await client.counteragents.create({
      name: "Контрактов Тест Тестович",
      typeCounteragentId: typeId,
      isBuyer: true,
      isVendor: false,
      phones: ["+7 999 000-11-22"],
      email: "c@example.com",
      howKnowId,
      rating: -1,
    });
    expect(created).toMatchObject({ name: "Контрактов Тест Тестович", isBuyer: true, rating: -1 });
    expect(created.howKnow?.id).toBe(howKnowId);
    const read = await client.counteragents.get(created.id);
    expect(read.phones).toEqual(["+7 999 000-11-22"]);
    expect(read.typeCounteragent?.id).toBe(typeId);
    const updated = await client.counteragents.update(created.id, {
      name: "Контрактов Тест Изменённый",
      typeCounteragentId: typeId,
      isBuyer: false,
      isVendor: true,
    });
    expect(updated).toMatchObject({ name: "Контрактов Тест Изменённый", isVendor: true, isBuyer: false });
    const found = await client.counteragents.list({ phone: "89990001122" });
    expect(found.items.map((c) => c.id)).toEqual([created.id]);
  });

  it("unknown id in the path is not_found", async () => {
    const error = await contract
      .client()
      .counteragents.get("ffffffffffffffffffffffff")
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "not_found", status: 404 });
  });
});
