/**
 * With no staff using the bot, the mirror's sync slows down (the quiet pace);
 * a linked client waiting for news of an open order, or writing to the bot,
 * keeps the daytime pace, so their "ready" comes within a minute at the
 * default settings (MIRROR_SYNC_SECONDS=60, the default budget). A stranger's
 * messages do not. The bench's "client-ready-quiet" row measures the p95.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_BUDGET } from "../../../../src/mirror/index.ts";
import { aClient, type ClientBot, contactUpdate, person, startClientBot, statusId } from "./setup.ts";

const MINUTE = 60_000;
/** The defaults of the configuration. */
const DEFAULTS = { ...DEFAULT_BUDGET, baseIntervalMs: MINUTE };

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Half an hour and more without anyone, with syncs that find nothing. */
async function quietHour(bot: ClientBot) {
  for (let i = 0; i < 4; i++) {
    await bot.clock.advance(10 * MINUTE);
    await bot.mirror.step();
  }
}

describe("the sync's pace with no staff around", () => {
  it("is the quiet one with nobody waiting, and a stranger's message does not change it", async () => {
    t = await startClientBot({ budget: DEFAULTS });
    await quietHour(t);
    await t.user(7301, { languageCode: "en" }).send("hello");
    expect(await t.clientNotifier.keepPace()).toBe(false);
    expect(t.mirror.nextDelay()).toBeGreaterThan(MINUTE);
  });

  it("keeps the daytime pace while a linked client's order is open, and slows down once it is ready", async () => {
    t = await startClientBot({ budget: DEFAULTS });
    const { who, orders } = aClient(t);
    await t.handle(contactUpdate(t, person(7302, "en"), who.phones[0]!));
    await quietHour(t);
    expect(t.mirror.nextDelay()).toBeGreaterThan(MINUTE);
    expect(await t.clientNotifier.keepPace()).toBe(true);
    expect(t.mirror.nextDelay()).toBeLessThanOrEqual(MINUTE);
    // Every open order of theirs made ready: nothing more to wait for.
    const { store } = t.sandbox;
    for (const order of orders)
      if (!["closed", "finish"].includes(store.statusById.get(order.statusId)?.group ?? ""))
        t.sandbox.others.changeStatus(order.id, statusId(t, "Готов"));
    await t.syncAndNotify();
    await quietHour(t);
    expect(await t.clientNotifier.keepPace()).toBe(false);
    expect(t.mirror.nextDelay()).toBeGreaterThan(MINUTE);
  });

  it("a linked client writing to the bot keeps the daytime pace too", async () => {
    t = await startClientBot({ budget: DEFAULTS });
    const { who } = aClient(t);
    const from = person(7303, "en");
    await t.handle(contactUpdate(t, from, who.phones[0]!));
    await quietHour(t);
    expect(t.mirror.nextDelay()).toBeGreaterThan(MINUTE);
    await t.user(from.id, { languageCode: "en" }).send("/start");
    expect(t.mirror.nextDelay()).toBeLessThanOrEqual(MINUTE);
  });
});
