/**
 * The reader's rules for misses, alone: what counts as far above the newest
 * number, a remembered miss shared by instances and folded like a lookup, a
 * user's share counted across instances, and a store that fails never failing
 * a read nor refusing anyone.
 */
import { describe, expect, it } from "vitest";
import { createLookupShare, isLookupShareError } from "../../../src/bot/orders/lookup-share.ts";
import { createMisses, isFarAbove, missKey } from "../../../src/bot/orders/misses.ts";
import { createMemoryStore, type Store } from "../../../src/bot/store/storage.ts";
import type { Order } from "../../../src/service/index.ts";

const order = (id: string, number: string, num?: number): Order => ({ id, number, num }) as Order;

/** A store whose every read and write throws (a full disk, Redis down). */
function failingStore(): Store {
  const fail = () => {
    throw new Error("store down");
  };
  const broken = { read: fail, write: fail, delete: fail, update: fail };
  return { ...createMemoryStore(), adapter: () => broken, open: () => broken } as Store;
}

describe("far above the newest number", () => {
  it.each([
    [104_211, 1042, true], // six digits where numbers have four
    [10_420, 1042, false], // ten times, but a plausible number
    [1_100, 1042, false], // a new order created since
    [10_011, 12, false], // a young shop: less than 10,000 beyond is still asked
    [20_000, 12, true],
  ])("%d with the newest %d: %s", (num, newest, far) => {
    expect(isFarAbove(num, newest)).toBe(far);
  });
});

describe("remembered misses", () => {
  it("are shared by instances on one store and folded like a lookup (A-0010 = А0010)", async () => {
    const store = createMemoryStore();
    const a = createMisses(store);
    const b = createMisses(store);
    await a.remember(missKey("number", "A-0010", ["s1"]));
    expect(await b.known(missKey("number", "а0010", ["s1"]))).toBe(true);
    expect(await b.known(missKey("number", "а0010", ["s2"]))).toBe(false);
  });

  it("the newest number: the highest seen on any instance, from `num` or the textual number", async () => {
    const store = createMemoryStore();
    const a = createMisses(store);
    await a.seen([order("1", "А001042", 1042), order("2", "Б000525")]);
    expect(await a.newest()).toEqual({ num: 1042, number: "А001042" });
    const b = createMisses(store);
    await b.seen([order("3", "А001050")]);
    expect((await createMisses(store).newest())?.number).toBe("А001050");
    // A lower one seen later does not move it back.
    await b.seen([order("4", "А000001", 1)]);
    expect((await createMisses(store).newest())?.num).toBe(1050);
  });

  it("a failing store: nothing is known, nothing throws", async () => {
    const misses = createMisses(failingStore());
    await expect(misses.remember("num:1:")).resolves.toBeUndefined();
    await expect(misses.known("num:1:")).resolves.toBe(false);
    await expect(misses.seen([order("1", "А001042", 1042)])).resolves.toBeUndefined();
  });
});

describe("each user's share", () => {
  it("counts one user's requests across instances; others keep theirs; the next window resets", async () => {
    const store = createMemoryStore();
    let now = 0;
    const a = createLookupShare(store, 2, () => now); // 2% of 100: two requests
    const b = createLookupShare(store, 2, () => now);
    await a.spend(1);
    await b.spend(1);
    const refused = await a.spend(1).catch((error: unknown) => error);
    expect(isLookupShareError(refused)).toBe(true);
    expect(isLookupShareError(refused) && refused.resetAt?.getTime()).toBe(15 * 60_000);
    await expect(b.spend(2)).resolves.toBeUndefined();
    now = 15 * 60_000;
    await expect(a.spend(1)).resolves.toBeUndefined();
  });

  it("never refuses when it cannot count, nor a read for no user (the sync, a notification)", async () => {
    const share = createLookupShare(failingStore(), 1, () => 0);
    for (let i = 0; i < 5; i++) await share.spend(1);
    const counted = createLookupShare(createMemoryStore(), 1, () => 0);
    for (let i = 0; i < 5; i++) await counted.spend(undefined);
  });
});
