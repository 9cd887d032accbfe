/**
 * The memory store's entries expire on the clock it is given (a bench's simulated
 * day): "the same news told once" for ten minutes must end ten simulated minutes
 * later, not ten real ones.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { persisted } from "../../../src/bot/store/registry.ts";
import { createMemoryStore } from "../../../src/bot/store/storage.ts";

const record = persisted({
  namespace: "memory-clock-test",
  schema: z.string(),
  ttlSeconds: 600,
  whenStoreFails: "throw",
});

describe("the memory store's clock", () => {
  it("keeps an entry until its ttl on the given clock, then forgets it", async () => {
    let now = Date.UTC(2026, 10, 25, 6, 0);
    const entries = createMemoryStore({ now: () => now }).open(record);
    await entries.write("k", "held");
    now += 599_000;
    expect(await entries.read("k")).toBe("held");
    now += 2_000;
    expect(await entries.read("k")).toBeUndefined();
    // An update after the expiry starts from nothing.
    expect(await entries.update("k", (current) => current ?? "new")).toBe("new");
  });
});
