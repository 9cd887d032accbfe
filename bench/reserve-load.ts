/**
 * The write reserve under load (issue 24.6): 50 operators and 3 owners work a
 * simulated 2 minutes on the real 100-request quota (the bot and its mirror
 * share it, as in production: one client, the default write reserve (twice
 * the most writes of a recent window, at least 10), LOOKUP_SHARE 25 %, the
 * sync's budget 40 as its share of each window, MIRROR_RESERVE 0). They open cards and refresh them, look numbers up, change
 * statuses with a payment, save diagnoses, and the owners ask /cash; the CRM's
 * other users change an order every 10 s and the mirror syncs at its own pace.
 *
 * Figures: writes that failed while the service still had requests left (the
 * reserve's promise: none), writes saved, the busiest quota window's reads as
 * a share of the quota (under half), refreshes served from a fresh mirror copy.
 */
import { startSandbox } from "../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../src/sandbox/model.ts";
import type { RequestEvent } from "../src/service/index.ts";
import { ManualClock } from "../test/helpers/manual-clock.ts";
import { createMirrorBot } from "../test/helpers/mirror-bot.ts";
import type { TestUser } from "../test/helpers/test-bot.ts";
import { changeStatusWithPayment } from "./dialog-driver.ts";
import type { BenchModule, BenchRow } from "./types.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const WINDOW_MS = 15 * MINUTE;
const RUN_MS = 2 * MINUTE;
const QUOTA = 100;
const OPERATORS = Array.from({ length: 50 }, (_, i) => 1001 + i);
const OWNERS = [2001, 2002, 2003];
/**
 * In the 2 minutes, as the hostile day saw (47 refreshes, 29 PATCHes in its first 30 s);
 * lookups are of old orders the mirror does not hold (a read each), /cash 3 reads each.
 */
const LOAD = { refresh: 190, lookup: 60, status: 36, diagnosis: 76, cash: 15 };
const OUTSIDE_EVERY_MS = 10 * SECOND;
/** 10:00 in Moscow. */
const T0 = Date.UTC(2026, 10, 25, 7, 0);

type Kind = keyof typeof LOAD;
interface Action {
  at: number;
  kind: Kind;
  user: number;
}

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function schedule(random: () => number): Action[] {
  const actions: Action[] = [];
  for (const [kind, count] of Object.entries(LOAD) as [Kind, number][]) {
    const people = kind === "cash" ? OWNERS : OPERATORS;
    for (let i = 0; i < count; i++) {
      const user = people[Math.floor(random() * people.length)] ?? OPERATORS[0]!;
      actions.push({ at: T0 + Math.floor(random() * RUN_MS), kind, user });
    }
  }
  return actions.sort((a, b) => a.at - b.at);
}

/** The diagnosis from a card: a verdict and ✅ Save (as bench/diagnosis.ts drives it). */
async function saveDiagnosis(user: TestUser, number: string, verdict: string): Promise<void> {
  await user.send(`/order ${number}`);
  await user.press("🩺 Diagnosis");
  await user.press("🩺 Verdict");
  await user.send(verdict);
  await user.press("✅ Save");
}

interface LoadResult {
  writes: number;
  saved: number;
  /** Writes that failed while the sandbox still had requests left for the bot's client. */
  failedWithQuotaLeft: number;
  /** Reads (GETs) and writes per quota window, by the sandbox's windows. */
  busiestReads: number;
  busiestAll: number;
  refreshes: number;
  refreshesFree: number;
  readsRefused: number;
}

async function runLoad(writeReserve: number | "auto"): Promise<LoadResult> {
  const random = prng(24);
  const clock = new ManualClock(new Date(T0 - 60 * MINUTE));
  const now = () => clock.now().getTime();
  const sandbox = await startSandbox({
    port: 0,
    seed: 5,
    orders: 600,
    clock: { now },
    quota: { limit: QUOTA, windowMs: WINDOW_MS },
  });
  const shopId = sandbox.shops[0]?.id ?? "";
  const events: { at: number; event: RequestEvent }[] = [];
  const t = await createMirrorBot({
    sandbox,
    clock,
    operators: OPERATORS,
    oneClient: true,
    // MIRROR_BUDGET 40 is the sync's share: users' reads leave what it has not spent.
    clientOptions: { now, syncShare: 40, onRequest: (event) => events.push({ at: now(), event }) },
    config: {
      shopIds: [shopId],
      ownerIds: OWNERS,
      timezone: "Europe/Moscow",
      writeReserve,
      lookupShare: 25,
    },
    // Production's pace and budget: MIRROR_SYNC_SECONDS 60, MIRROR_BUDGET 40, MIRROR_RESERVE 0 above the write reserve.
    budget: { perWindow: 40, reserve: 0, baseIntervalMs: MINUTE },
  });
  const client = t.services.client;
  try {
    const { store } = sandbox;
    const isOpen = (o: SandboxOrder) =>
      o.isVisible && o.shopId === shopId && store.statusById.get(o.statusId)?.group !== "closed";
    const pick = <T>(items: T[]): T | undefined => items[Math.floor(random() * items.length)];
    const fresh = () =>
      store.orders.filter((o) => isOpen(o) && store.statusById.get(o.statusId)?.group === "new");
    // Warm the reference (statuses, registers, cash items) as a working bot has it.
    const warm = t.user(OPERATORS[0]!, { languageCode: "en" });
    const warmOrder = pick(fresh());
    if (warmOrder) {
      await warm.send(`/status ${warmOrder.num}`);
      await warm.send("/cancel");
    }
    await t.services.reference.cashItems();
    await t.services.reference.shops();
    await t.services.reference.cashRegisters(shopId);
    // The backfill and warm-up are done before the load: it starts with a fresh quota.
    await clock.advance(T0 - now());
    sandbox.resetQuota();
    events.length = 0;

    const result: LoadResult = {
      writes: 0,
      saved: 0,
      failedWithQuotaLeft: 0,
      busiestReads: 0,
      busiestAll: 0,
      refreshes: 0,
      refreshesFree: 0,
      readsRefused: 0,
    };
    const quotaLeft = () => sandbox.quota.peek(sandbox.login).remainRequest;
    const write = async (user: TestUser, run: () => Promise<void>, done: RegExp) => {
      result.writes++;
      await run().catch(() => undefined);
      if (done.test(user.lastReply()?.text ?? "")) result.saved++;
      else {
        if (quotaLeft() > 0) result.failedWithQuotaLeft++;
        await user.send("/cancel").catch(() => undefined);
      }
    };
    const act = async (action: Action) => {
      const user = t.user(action.user, { languageCode: "en" });
      const order = pick(store.orders.filter(isOpen));
      if (!order) return;
      switch (action.kind) {
        case "lookup": {
          // An old closed order the mirror does not hold: one read (then kept).
          const old = oldOrders.pop();
          await user.send(String((old ?? order).num));
          break;
        }
        case "refresh": {
          await user.send(`/order ${order.number}`);
          const before = events.length;
          await user.press("🔄 Refresh");
          result.refreshes++;
          if (events.length === before) result.refreshesFree++;
          break;
        }
        case "status": {
          // An order not in a paying status already (the dialog would rightly refuse that one).
          const target =
            pick(fresh()) ??
            pick(store.orders.filter((o) => isOpen(o) && !store.statusById.get(o.statusId)?.isPayRequired));
          if (!target) return;
          await write(user, () => changeStatusWithPayment(user, String(target.num)), /Status changed/);
          break;
        }
        case "diagnosis":
          await write(user, () => saveDiagnosis(user, order.number, `Verdict ${now()}`), /saved/i);
          break;
        case "cash":
          await user.send("/cash");
          break;
      }
      if (/Lookups are paused|\/cash needs/.test(user.lastReply()?.text ?? "")) result.readsRefused++;
    };

    const held = new Set(t.mirror.list({ pageSize: 50 }).items.map((h) => h.order.id));
    const oldOrders = store.orders.filter(
      (o) => o.isVisible && o.shopId === shopId && !t.mirror.get(o.id) && !held.has(o.id),
    );
    const actions = schedule(random);
    let nextOutside = T0 + OUTSIDE_EVERY_MS;
    let nextSync = T0;
    const end = T0 + RUN_MS;
    for (let i = 0; ; ) {
      const action = actions[i];
      const at = Math.min(action?.at ?? end, nextOutside, nextSync, end);
      if (at >= end) break;
      if (at > now()) await clock.advance(at - now());
      if (at === nextOutside) {
        sandbox.others.random();
        nextOutside += OUTSIDE_EVERY_MS;
      } else if (at === nextSync) {
        await t.mirror.step().catch(() => undefined);
        nextSync = now() + Math.max(SECOND, t.mirror.nextDelay());
      } else if (action) {
        i++;
        t.mirror.noteActivity();
        await act(action);
      }
    }
    // The sandbox's window began at the first request after the reset: all of it falls in one.
    const windows = new Map<number, { reads: number; all: number }>();
    const first = events[0]?.at ?? T0;
    for (const { at, event } of events) {
      const index = Math.floor((at - first) / WINDOW_MS);
      const window = windows.get(index) ?? { reads: 0, all: 0 };
      window.all++;
      // As the client tells them: a write's own reads (the record a diagnosis starts from) are the write's.
      if (event.purpose === "read") window.reads++;
      windows.set(index, window);
    }
    for (const window of windows.values()) {
      result.busiestReads = Math.max(result.busiestReads, window.reads);
      result.busiestAll = Math.max(result.busiestAll, window.all);
    }
    if (client.quota === null) throw new Error("bench: the client never saw the quota");
    return result;
  } finally {
    await t.close();
    await sandbox.close();
  }
}

export const reserveLoad: BenchModule = {
  name: "reserve-load",
  async run(): Promise<BenchRow[]> {
    // The default: the reserve follows the writes seen.
    const r = await runLoad("auto");
    // The same load with WRITE_RESERVE=0: what the reserve changes.
    const without = await runLoad(0);
    return [
      {
        name: "reserve load (50 users, 2 min, 100-request quota): writes failed with quota left",
        value: r.failedWithQuotaLeft,
        unit: "writes",
        target: "= 0",
        ok: r.failedWithQuotaLeft === 0,
      },
      {
        name: "reserve load: writes saved (status with payment, diagnosis)",
        value: r.saved,
        unit: `of ${r.writes}`,
        target: `> ${without.saved} (the same load with WRITE_RESERVE=0)`,
        ok: r.saved > without.saved,
      },
      {
        name: "reserve load: busiest window's reads, % of the quota",
        value: Math.round((100 * r.busiestReads) / QUOTA),
        unit: "%",
        target: "<= 50",
        ok: r.busiestReads <= QUOTA / 2,
      },
      {
        name: "reserve load: busiest window's requests",
        value: r.busiestAll,
        unit: "req",
        target: `<= ${QUOTA}`,
        ok: r.busiestAll <= QUOTA,
      },
      {
        name: "reserve load: card refreshes from a fresh mirror copy (0 requests)",
        value: r.refreshes === 0 ? 0 : Math.round((100 * r.refreshesFree) / r.refreshes),
        unit: "%",
      },
      {
        name: "reserve load: reads told 'paused' at the reserve (0 requests)",
        value: r.readsRefused,
        unit: "",
      },
      {
        name: "reserve load, WRITE_RESERVE=0 (the sync's share still held): writes saved",
        value: without.saved,
        unit: `of ${without.writes}`,
      },
      {
        name: "reserve load, WRITE_RESERVE=0: busiest window's reads, % of the quota",
        value: Math.round((100 * without.busiestReads) / QUOTA),
        unit: "%",
      },
    ];
  },
};
