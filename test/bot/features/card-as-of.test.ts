/**
 * The card's "as of HH:MM" is when the bot last confirmed the order (issue
 * 32.12): the last complete sync that would have seen a change, or the bot's
 * own read, not the time the order last changed. The test's own clock, Moscow.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import { lastText } from "../../helpers/dialog-driver.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";

const OPERATOR = 1;
const HOUR = 3_600_000;
// 07:10 UTC is 10:10 in Moscow.
const clock = new ManualClock(new Date("2026-04-07T07:10:00Z"));
let t: MirrorBot;
let order: SandboxOrder;

beforeAll(async () => {
  t = await createMirrorBot({
    clock,
    operators: [OPERATOR],
    config: { timezone: "Europe/Moscow" },
    orders: 120,
  });
  const found = t.sandbox.store.orders.find((o) => o.isVisible && t.mirror.get(o.id) !== undefined);
  if (!found) throw new Error("no held order");
  order = found;
});
afterAll(() => t.close());

describe("as of", () => {
  it.each([
    ["en", 3 * HOUR + 15 * 60_000, "as of 13:25"],
    ["ru", HOUR, "по состоянию на 14:25"],
  ] as const)(
    "an unchanged order reads as of the last sync, not of its first copy (%s)",
    async (language, later, said) => {
      // Later a sync runs and sees no change of this order.
      await clock.advance(later);
      await t.sync();
      await clock.advance(2 * 60_000);
      const op = t.user(OPERATOR, { languageCode: language });
      t.mark();
      await op.send(order.number);
      expect(lastText(op)).toContain(said);
      expect(t.requests()).toBe(0);
      await clock.advance(-2 * 60_000);
    },
  );

  it("a refresh reads the order: as of the read (en)", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await clock.advance(HOUR + 5 * 60_000);
    await op.send(order.number);
    expect(lastText(op)).toContain("as of 14:25");
    // The last sync was an hour ago: the copy is older than the sync interval, 🔄 reads it.
    await op.press("🔄 Refresh");
    expect(lastText(op)).toContain("as of 15:30");
  });
});
