/**
 * A quiet day on the client's side: no staff use the bot (the sync's quiet
 * pace would apply), the CRM's other users change an order every 30 s, and
 * every 6 minutes one of up to thirty linked clients' open orders is made ready in the
 * CRM, at a moment off the sync's marks. The default settings
 * (MIRROR_SYNC_SECONDS=60, the default budget) against a sandbox that enforces
 * the real quota (100 requests per 15 minutes), on a simulated clock. Figures:
 * the delay from "ready" in the service to the client's message accepted by
 * Telegram (p95, target <= 60 s), and the sync's busiest window of requests.
 * Also without the notifier's pace (linked clients not counted as waiting),
 * which is what a quiet day was before.
 */
import { pino } from "pino";
import { ClientNotifier } from "../src/bot/features/client-side/index.ts";
import { DEFAULT_BUDGET } from "../src/mirror/index.ts";
import { startSandbox } from "../src/sandbox/index.ts";
import { aClient, type ClientBot, contactUpdate, person } from "../test/bot/features/client-side/setup.ts";
import { ManualClock } from "../test/helpers/manual-clock.ts";
import { createMirrorBot } from "../test/helpers/mirror-bot.ts";
import type { BenchModule } from "./types.ts";

const MINUTE = 60_000;
const WINDOW_MS = 15 * MINUTE;
const DAY_MS = 3 * 60 * MINUTE;
const READY_EVERY_MS = 6 * MINUTE;
const OTHERS_EVERY_MS = 30_000;
const PACE_EVERY_MS = 5 * MINUTE;
const CLIENTS = 30;
/** 11:00 in Moscow. */
const T0 = Date.UTC(2026, 10, 25, 8, 0);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function quietDay(keepPace: boolean): Promise<{ delays: number[]; busiest: number }> {
  const clock = new ManualClock(new Date(T0 - 60 * MINUTE));
  const now = () => clock.now().getTime();
  const sandbox = await startSandbox({
    port: 0,
    seed: 5,
    orders: 1000,
    clock: { now },
    quota: { limit: 100, windowMs: WINDOW_MS },
  });
  const shopId = sandbox.shops[0]?.id ?? "";
  const t = await createMirrorBot({
    operators: [1],
    sandbox,
    clock,
    clientOptions: { now },
    budget: { ...DEFAULT_BUDGET, baseIntervalMs: MINUTE },
    config: {
      shopIds: [shopId],
      timezone: "Europe/Moscow",
      clients: { enabled: true, allStatuses: false, ratePerMinute: 12 },
    },
  });
  const notifier = new ClientNotifier({
    services: t.services,
    api: t.bot.api,
    mirror: t.mirror,
    client: t.client,
    logger: pino({ level: "silent" }),
  });
  try {
    await t.services.reference.shops();
    await t.services.reference.statuses();
    const { store } = sandbox;
    const open = (id: string) =>
      !["closed", "finish"].includes(
        store.statusById.get(store.orders.find((o) => o.id === id)?.statusId ?? "")?.group ?? "",
      );
    const rig = { ...t, shopId } as unknown as ClientBot;
    const linked: { userId: number; orders: string[] }[] = [];
    const skip: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      let found: ReturnType<typeof aClient>;
      try {
        found = aClient(rig, skip);
      } catch {
        break; // the seed has no more
      }
      const { who, orders } = found;
      skip.push(who.id);
      const userId = 9100 + i;
      await t.handle(contactUpdate(t, person(userId, "ru"), who.phones[0] ?? ""));
      linked.push({ userId, orders: orders.map((o) => o.id).filter(open) });
    }
    const readyId = [...store.statusById.values()].find((s) => s.group === "finish")?.id ?? "";
    await notifier.kick();
    // The day starts after the backfill, with a fresh quota, nobody around for an hour.
    await clock.advance(T0 - now());
    sandbox.resetQuota();
    const pending: { userId: number; number: string; at: number }[] = [];
    const delays: number[] = [];
    const windows: number[] = [];
    let counted = sandbox.requestCount();
    let seen = t.telegram.calls.length;
    let nextOthers = T0 + OTHERS_EVERY_MS;
    let nextReady = T0 + 137_000;
    let nextPace = T0;
    let nextSync = T0;
    let turn = 0;
    const end = T0 + DAY_MS;
    for (;;) {
      const at = Math.min(nextOthers, nextReady, nextSync, keepPace ? nextPace : end, end);
      if (at >= end) break;
      if (at > now()) await clock.advance(at - now());
      if (at === nextOthers) {
        sandbox.others.random();
        nextOthers += OTHERS_EVERY_MS;
      } else if (at === nextReady) {
        const client = linked[turn++ % linked.length];
        const id = client?.orders.find(open);
        if (client && id) {
          sandbox.others.changeStatus(id, readyId);
          const number = store.orders.find((o) => o.id === id)?.number ?? "";
          pending.push({ userId: client.userId, number, at: now() });
        }
        // Off the sync's minute marks, as changes in a real shop are.
        nextReady += READY_EVERY_MS + ((turn * 7919) % 50_000);
      } else if (keepPace && at === nextPace) {
        await notifier.keepPace();
        nextPace += PACE_EVERY_MS;
      } else {
        await t.mirror.step().catch(() => undefined);
        await notifier.kick();
        for (const call of t.telegram.calls.slice(seen)) {
          if (call.method !== "sendMessage" || call.status !== 200) continue;
          const index = pending.findIndex(
            (p) => Number(call.payload.chat_id) === p.userId && String(call.payload.text).includes(p.number),
          );
          if (index >= 0) delays.push(now() - (pending.splice(index, 1)[0]?.at ?? now()));
        }
        seen = t.telegram.calls.length;
        const window = Math.floor((now() - T0) / WINDOW_MS);
        windows[window] = (windows[window] ?? 0) + sandbox.requestCount() - counted;
        counted = sandbox.requestCount();
        nextSync = now() + Math.max(1000, t.mirror.nextDelay());
      }
    }
    return { delays, busiest: Math.max(0, ...windows.map((w) => w ?? 0)) };
  } finally {
    await notifier.stop();
    await t.close();
    await sandbox.close();
  }
}

export const clientReadyQuiet: BenchModule = {
  name: "client-ready-quiet",
  async run() {
    const on = await quietDay(true);
    const off = await quietDay(false);
    const p95 = percentile(on.delays, 95) / 1000;
    return [
      {
        name: "client's 'ready' on a quiet day (no staff), p95",
        value: Math.round(p95),
        unit: "s",
        target: "<= 60",
        ok: p95 <= 60 && on.delays.length >= 20,
      },
      { name: "client's 'ready' on a quiet day, told", value: on.delays.length, unit: "msgs" },
      {
        name: "client's 'ready' on a quiet day, p95 without the clients' pace",
        value: Math.round(percentile(off.delays, 95) / 1000),
        unit: "s",
      },
      {
        name: "sync requests, busiest window of a quiet day with clients waiting",
        value: on.busiest,
        unit: "req",
        target: `<= ${DEFAULT_BUDGET.perWindow}`,
        ok: on.busiest <= DEFAULT_BUDGET.perWindow,
      },
    ];
  },
};
