/**
 * /status with the mirror: orders held, last sync and its age, the sync's
 * requests in this window and the reserve, in Russian and English; with the
 * mirror off it says so. A user's update counts as activity (day pace).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SyncBudget } from "../../../src/mirror/budget.ts";
import { DEFAULT_BUDGET, Mirror } from "../../../src/mirror/index.ts";
import { createTestBot, type TestBot } from "../../helpers/test-bot.ts";

const OPERATOR = 501;
let t: TestBot | undefined;
let mirror: Mirror | undefined;
let dir: string | undefined;

afterEach(async () => {
  await mirror?.stop();
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  t = undefined;
  mirror = undefined;
  dir = undefined;
});

async function withMirror(): Promise<TestBot> {
  const bot = await createTestBot({ operators: [OPERATOR] });
  dir = mkdtempSync(join(tmpdir(), "mirror-status-"));
  mirror = new Mirror({
    client: bot.client,
    path: join(dir, "mirror.sqlite"),
    shopIds: [],
    budget: { ...DEFAULT_BUDGET, baseIntervalMs: 60_000 },
    overlapMs: 30_000,
    backfillDays: 30,
  });
  await mirror.open();
  bot.services.mirror = mirror;
  return bot;
}

describe("/status and the mirror", () => {
  it("before the first sync: no sync yet, the first fill runs (English)", async () => {
    t = await withMirror();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/status");
    const text = op.lastReply()?.text ?? "";
    expect(text).toContain("Orders in the mirror: <b>0</b>");
    expect(text).toContain("Last sync: none yet");
    expect(text).toContain("First fill in progress");
    expect(text).toContain("Sync requests this window: 0 of 40; 20 always kept for users");
  });

  it("on the embedded sandbox without a quota: says the quota is not counted, no made-up reset (en, ru)", async () => {
    t = await withMirror();
    const en = t.user(OPERATOR, { languageCode: "en" });
    await en.send("/status");
    expect(en.lastReply()?.text).toContain(
      "Request quota: not counted (the embedded sandbox runs without one)",
    );
    expect(en.lastReply()?.text).not.toContain("Requests left");
    expect(en.lastReply()?.text).not.toContain("Resets at");
    const ru = t.user(OPERATOR, { languageCode: "ru" });
    await ru.send("/status");
    expect(ru.lastReply()?.text).toContain("Лимит запросов: не считается");
    expect(ru.lastReply()?.text).not.toContain("Обновится в");
  });

  it("the sync's requests are counted across syncs a minute apart (the window stays put)", async () => {
    t = await withMirror();
    const budget = new SyncBudget({ ...DEFAULT_BUDGET, baseIntervalMs: 60_000 });
    const reset = new Date(Date.UTC(2026, 10, 25, 10, 15));
    const at = (minute: number) => Date.UTC(2026, 10, 25, 10, minute);
    budget.record(12, at(1), { remaining: 100_000, resetAt: reset });
    budget.record(1, at(2), { remaining: 100_000, resetAt: reset });
    expect(budget.spent(at(3), { remaining: 100_000, resetAt: reset })).toBe(13);
  });

  it("after a sync: the orders held, when, and the requests it spent (Russian)", async () => {
    t = await withMirror();
    for (let i = 0; i < 10 && !(await mirror?.step())?.completed; i++);
    const held = mirror?.stats().orders ?? 0;
    expect(held).toBeGreaterThan(0);
    const op = t.user(OPERATOR, { languageCode: "ru" });
    await op.send("/status");
    const text = op.lastReply()?.text ?? "";
    expect(text).toContain(`Заказов в зеркале: <b>${held}</b>`);
    expect(text).toMatch(/Последняя синхронизация: \d\d:\d\d \(\d+ с назад\)/);
    expect(text).toMatch(
      /Запросов синхронизации в этом окне: [1-9]\d* из 40; 20 всегда остаются пользователям/,
    );
    expect(text).not.toContain("Идёт первое заполнение");
  });

  it("a sync stopped by the service tells why", async () => {
    t = await withMirror();
    t.sandbox.faults.set({ errorRate: 1 });
    await mirror?.step();
    t.sandbox.faults.clear();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/status");
    expect(op.lastReply()?.text).toContain("Last sync attempt stopped: the service does not answer");
  });

  it("with the mirror off it says every lookup asks the service", async () => {
    t = await createTestBot({ operators: [OPERATOR] });
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/status");
    expect(op.lastReply()?.text).toContain("Order mirror: off");
  });
});
