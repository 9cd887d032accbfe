/**
 * A stuck order says how long it has been untouched (issue 32.16): the mirror
 * keeps the time of the last change a sync saw, so the stuck list's button and
 * the morning digest say "🐢 5 d" / "🐢 5 дн." with no full record read, and
 * "≥3" only where nobody knows (an order the backfill found unchanged). The
 * test's own clock (09:01 Moscow) and the bot's TIMEZONE pinned.
 */
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { botScheduler } from "../../../src/bot/jobs.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";

const OWNER = 7;
const OPERATOR = 8;
const DAY = 86_400_000;
/** 06:01 UTC = 09:01 in Moscow, five days and an hour after the change. */
const DIGEST_AT = Date.UTC(2026, 1, 17, 6, 1);
const CHANGED_AT = DIGEST_AT - 5 * DAY - 3_600_000;

let bot: MirrorBot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

/** A bot whose mirror saw one open order change (by someone in the CRM) five days before DIGEST_AT. */
async function changedFiveDaysAgo() {
  const current = await createMirrorBot({
    clock: new ManualClock(new Date(CHANGED_AT - 60_000)),
    operators: [OPERATOR],
    config: {
      ownerIds: [OWNER],
      timezone: "Europe/Moscow",
      digestTime: { hours: 9, minutes: 0 },
      stuckDays: 3,
    },
  });
  bot = current;
  const { store } = current.sandbox;
  // The newest open order: the stuck list's first page (newest first) shows it.
  const [order] = store.orders
    .filter((o) => o.isVisible && ["new", "inWork"].includes(store.statusById.get(o.statusId)?.group ?? ""))
    .sort((a, b) => b.dateCreate - a.dateCreate);
  if (!order) throw new Error("no open order in the seed");
  await current.clock.advance(60_000);
  current.sandbox.others.change(order.id, { problem: ["не включается", "тихий звук"] });
  await current.clock.advance(60_000);
  await current.sync();
  // The sync's window vouches for it from its start on (the last run's start less the overlap).
  const seen = current.mirror.get(order.id)?.changedAt?.getTime() ?? 0;
  expect(seen).toBeGreaterThanOrEqual(CHANGED_AT - 2 * 60_000);
  expect(seen).toBeLessThanOrEqual(CHANGED_AT);
  await current.clock.advance(DIGEST_AT - current.clock.now().getTime());
  await current.sync();
  return { current, order };
}

describe("a stuck order's age", () => {
  it.each([
    ["en", /^🐢 5 d · /],
    ["ru", /^🐢 5 дн\. · /],
  ] as const)(
    "the stuck list's button says 5 days from the sync's time of the change (%s)",
    async (language, mark) => {
      const { current, order } = await changedFiveDaysAgo();
      const op = current.user(OPERATOR, { languageCode: language });
      await op.send("/overdue stuck");
      const labels =
        op
          .lastReply()
          ?.replyMarkup?.inline_keyboard.flat()
          .map((b) => b.text) ?? [];
      const label = labels.find((l) => l.includes(order.number));
      expect(label).toMatch(mark);
      // Another stuck order the mirror only saw unchanged in its backfill stays "at least 3".
      expect(labels.some((l) => l.startsWith("🐢 ≥3"))).toBe(true);
    },
  );

  it.each([
    ["en", "🐢 5 d"],
    ["ru", "🐢 5 дн."],
  ] as const)("the owner's morning digest says it too (%s)", async (language, mark) => {
    const { current, order } = await changedFiveDaysAgo();
    await current.services.users.update(OWNER, (s) => {
      s.notify.digest = true;
      s.locale = language;
    });
    await botScheduler({
      services: current.services,
      api: current.bot.api,
      logger: pino({ level: "silent" }),
    }).tick();
    const text = current.telegram.botMessages(OWNER)[0]?.text ?? "";
    const line = text.split("\n").find((l) => l.includes(`${order.number} ·`) && l.includes("🐢"));
    expect(line).toContain(mark);
    expect(text).not.toContain("≥");
  });
});
