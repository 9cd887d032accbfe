/**
 * The mirror's reads kept until the next write (read-cache.ts): the same answer
 * while nothing was written, the new one after any write, a rolled-back
 * transaction or another connection's commit to the same file.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MirrorDb } from "../../src/mirror/db.ts";
import { ReadCache } from "../../src/mirror/read-cache.ts";
import { order } from "./helpers.ts";

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const status = (name: string) => ({ id: `s-${name}`, name, type: "inWork" }) as never;

describe("the mirror's read cache", () => {
  it("answers a number's orders and then each order with one reading, until a write", () => {
    const db = new MirrorDb({ path: ":memory:" });
    const held = order({ id: "rc1", number: "А004711", num: 4711 });
    db.put(held, 1_000);
    const [first] = db.byNumber("4711");
    expect(db.get("rc1")).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    db.put({ ...held, status: status("Готов") }, 2_000);
    expect(db.get("rc1")?.order.status?.name).toBe("Готов");
    expect(db.byNumber("4711")[0]?.syncedAt.getTime()).toBe(2_000);
    db.close();
  });

  it("hands out a copy of the list (a caller may sort it)", () => {
    const db = new MirrorDb({ path: ":memory:" });
    db.put(order({ id: "rc2", number: "А004712", num: 4712 }), 1_000);
    db.byNumber("4712").pop();
    expect(db.byNumber("4712")).toHaveLength(1);
    db.close();
  });

  it("forgets what was read inside a transaction that rolled back", () => {
    const db = new MirrorDb({ path: ":memory:" });
    db.put(order({ id: "rc3", number: "А004713", num: 4713 }), 1_000);
    expect(() =>
      db.transaction(() => {
        db.put(order({ id: "rc3", number: "А004713", num: 4713, status: status("Отменён") }), 2_000);
        expect(db.get("rc3")?.order.status?.name).toBe("Отменён");
        throw new Error("torn");
      }),
    ).toThrow("torn");
    expect(db.get("rc3")?.order.status?.name).toBe("Новый");
    db.close();
  });

  it("sees another connection's commit to the same file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "read-cache-"));
    dirs.push(dir);
    const path = join(dir, "mirror.db");
    const reader = new MirrorDb({ path });
    const writer = new MirrorDb({ path });
    writer.put(order({ id: "rc4", number: "А004714", num: 4714 }), 1_000);
    expect(reader.get("rc4")?.order.status?.name).toBe("Новый");
    writer.put(order({ id: "rc4", number: "А004714", num: 4714, status: status("Выдан") }), 2_000);
    expect(reader.get("rc4")?.order.status?.name).toBe("Выдан");
    reader.close();
    writer.close();
  });
});

describe("ReadCache", () => {
  it("loads once between writes, and again after one", () => {
    const cache = new ReadCache(() => 1);
    let loads = 0;
    const load = () => ++loads;
    expect(cache.read("k", load)).toBe(1);
    expect(cache.read("k", load)).toBe(1);
    cache.wrote();
    expect(cache.read("k", load)).toBe(2);
  });

  it("loads again when the file's data version moved (another connection's commit)", () => {
    let version = 1;
    const cache = new ReadCache(() => version);
    let loads = 0;
    cache.read("k", () => ++loads);
    version = 2;
    expect(cache.read("k", () => ++loads)).toBe(2);
  });

  it("keeps an undefined answer too (an order not held stays a miss without a query)", () => {
    const cache = new ReadCache(() => 1);
    let loads = 0;
    const miss = () => {
      loads++;
      return undefined;
    };
    cache.read("missing", miss);
    cache.read("missing", miss);
    expect(loads).toBe(1);
  });
});
