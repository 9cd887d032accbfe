/**
 * A namespace's unchecked adapter is opened once per store and options: the write
 * markers' adapter is asked for on every update, and opening one afresh each time
 * cost a schema and an adapter per update. Entries are the store's either way.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createFileStore, createMemoryStore, type Store } from "../../../src/bot/store/storage.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const stores: Record<string, () => Store> = {
  memory: () => createMemoryStore(),
  file: () => {
    const dir = mkdtempSync(join(tmpdir(), "adapter-once-"));
    dirs.push(dir);
    return createFileStore(dir);
  },
};

describe.each(Object.entries(stores))("the %s store's adapters", (_kind, make) => {
  it("are the same adapter for the same namespace and options, another for other options", async () => {
    const store = make();
    const first = store.adapter<{ n: number }>("once-test", { ttlSeconds: 60 });
    expect(store.adapter("once-test", { ttlSeconds: 60 })).toBe(first);
    const other = store.adapter<{ n: number }>("once-test", { ttlSeconds: 60, durable: true });
    expect(other).not.toBe(first);
    // Both read the same entries: the store's, not the adapter's.
    await first.write("k", { n: 1 });
    expect(await other.read("k")).toEqual({ n: 1 });
    await store.close();
  });

  it("still refuses a bad namespace every time it is asked", () => {
    const store = make();
    expect(() => store.adapter("bad namespace!")).toThrow(/Invalid storage namespace/);
    expect(() => store.adapter("bad namespace!")).toThrow(/Invalid storage namespace/);
  });
});
