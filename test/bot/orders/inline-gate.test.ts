/**
 * The inline gate: which query of a user may go to the service, and the result
 * cache. Two gates on one shared store stand for two instances; a memory store
 * that calls itself "redis" gives them the shared path without a Redis server
 * (the gate uses only the store's adapters; the real Redis runs in test/scale-out).
 */
import { describe, expect, it } from "vitest";
import type { SearchResult } from "../../../src/bot/orders/by-number.ts";
import { createInlineGate, INLINE_CACHE_NAMESPACE } from "../../../src/bot/orders/inline-gate.ts";
import { createMemoryStore, type Store } from "../../../src/bot/store/storage.ts";
import type { Order } from "../../../src/service/index.ts";

const USER = 7;
const KEY = "num:1042:";
const created = new Date("2026-01-15T10:00:00Z");
const result: SearchResult = {
  items: [{ id: "o1", number: "А001042", num: 1042, dateCreate: created } as Order],
  total: 1,
  truncated: false,
};

function sharedStore(): Store {
  return { ...createMemoryStore(), kind: "redis" };
}

describe("inline gate", () => {
  it("in one process: the newest ticket wins, the cache answers repeats until it expires", async () => {
    let now = 0;
    const gate = createInlineGate(createMemoryStore(), () => now);
    expect(await gate.begin(USER, 1, KEY)).toBeUndefined();
    expect(await gate.begin(USER, 2, KEY)).toBeUndefined();
    expect(await gate.settle(USER, 1, KEY)).toEqual({ newest: false });
    expect(await gate.settle(USER, 2, KEY)).toEqual({ newest: true });
    await gate.remember(KEY, result);
    expect(await gate.begin(USER, 3, KEY)).toBe(result);
    now += 60_000;
    expect(await gate.begin(USER, 4, KEY)).toBeUndefined();
  });

  it("a newer keystroke answered from the cache stops an older one still waiting (no request for it)", async () => {
    for (const store of [createMemoryStore(), sharedStore()]) {
      const gate = createInlineGate(store, () => 0);
      await gate.begin(USER, 1, KEY);
      await gate.settle(USER, 1, KEY);
      await gate.remember(KEY, result); // "1042" answered and cached
      expect(await gate.begin(USER, 2, "num:10425:")).toBeUndefined(); // "10425" waits out the debounce
      expect(await gate.begin(USER, 3, KEY)).toBe(result); // back to "1042": the cache answers
      expect(await gate.settle(USER, 2, "num:10425:")).toEqual({ newest: false });
    }
  });

  it("across instances: a newer keystroke on B stops A's query; B's result serves A", async () => {
    const store = sharedStore();
    const a = createInlineGate(store, () => 0);
    const b = createInlineGate(store, () => 0);
    expect(await a.begin(USER, 10, KEY)).toBeUndefined();
    expect(await b.begin(USER, 11, KEY)).toBeUndefined();
    expect(await a.settle(USER, 10, KEY)).toEqual({ newest: false });
    expect(await b.settle(USER, 11, KEY)).toEqual({ newest: true });
    await b.remember(KEY, result);

    const served = await a.begin(USER, 12, KEY);
    expect(served?.items[0]?.number).toBe("А001042");
    expect(served?.items[0]?.dateCreate).toEqual(created); // a Date again after the JSON trip
  });

  it("another user's keystrokes do not stop a query", async () => {
    const store = sharedStore();
    const a = createInlineGate(store, () => 0);
    const b = createInlineGate(store, () => 0);
    await a.begin(USER, 20, KEY);
    await b.begin(USER + 1, 21, KEY);
    expect((await a.settle(USER, 20, KEY)).newest).toBe(true);
  });

  it("a foreign or broken cache entry is a miss, not a crash", async () => {
    const store = sharedStore();
    await store
      .adapter<unknown>(INLINE_CACHE_NAMESPACE, { ttlSeconds: 60 })
      .write(KEY, { at: 0, result: { items: "no" } });
    const gate = createInlineGate(store, () => 0);
    expect(await gate.begin(USER, 30, KEY)).toBeUndefined();
  });
});
