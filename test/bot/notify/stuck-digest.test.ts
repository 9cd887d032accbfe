/** The morning digest lists the person's stuck orders (read once for the morning: one request), in ru and en. */
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { botScheduler } from "../../../src/bot/jobs.ts";
import type { Employee } from "../../../src/sandbox/model.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";

let bot: MirrorBot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

async function digestOf(
  languageCode: "ru" | "en",
): Promise<{ text: string; stuck: string[]; requests: number }> {
  // 06:01 UTC = 09:01 in Moscow, the digest's time.
  const clock = new ManualClock(new Date(Date.UTC(2026, 10, 25, 6, 1)));
  bot = await createMirrorBot({
    operators: [1],
    clock,
    config: { timezone: "Europe/Moscow", digestTime: { hours: 9, minutes: 0 }, stuckDays: 3 },
  });
  const current = bot;
  const { store } = current.sandbox;
  const cutoff = clock.now().getTime() - 3 * 24 * 60 * 60 * 1000;
  const stuckOf = (id: string) =>
    store.orders.filter(
      (o) =>
        o.isVisible &&
        (o.masterId === id || o.managerId === id) &&
        ["new", "inWork", "wait"].includes(store.statusById.get(o.statusId)?.group ?? "") &&
        o.lastAction < cutoff,
    );
  const person = [...store.employeeById.values()].find((e: Employee) => stuckOf(e.id).length > 0);
  if (!person) throw new Error("no employee with stuck orders in the seed");
  const stuck = stuckOf(person.id).map((o) => o.number);
  const user = current.user(1, { languageCode });
  await user.send(`/me ${person.name}`);
  await user.press(person.name);
  await current.services.users.update(1, (s) => {
    s.notify.digest = true;
  });
  const scheduler = botScheduler({
    services: current.services,
    api: current.bot.api,
    logger: pino({ level: "silent" }),
  });
  const before = current.telegram.botMessages(1).length;
  current.mark();
  await scheduler.tick();
  const requests = current.requests();
  const sent = current.telegram
    .botMessages(1)
    .slice(before)
    .map((m) => m.text);
  expect(sent).toHaveLength(1);
  return { text: sent[0] ?? "", stuck, requests };
}

describe("the morning digest's stuck orders", () => {
  it("lists them with their count (en), with no request", async () => {
    const { text, stuck, requests } = await digestOf("en");
    expect(text).toMatch(/stuck: [1-9]\d*\./);
    expect(text).toContain("🐢 <b>Stuck</b>");
    // Only the person's stuck orders are listed.
    const listed = [...text.matchAll(/• (\S+) ·/g)].map((m) => m[1]);
    expect(listed.some((n) => stuck.includes(n ?? ""))).toBe(true);
    // One list request for the morning (and the statuses once, when not cached yet).
    expect(requests).toBeLessThanOrEqual(2);
  });

  it("in Russian", async () => {
    const { text, stuck } = await digestOf("ru");
    expect(text).toMatch(/зависли: [1-9]\d*\./);
    expect(stuck.some((n) => text.includes(n))).toBe(true);
  });
});
