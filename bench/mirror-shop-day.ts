/**
 * A "shop day": 8 staff and the CRM's other users work two busy
 * hours on a simulated clock against a sandbox that enforces the real quota
 * (100 requests per 15 minutes for the company: the bot and its mirror share
 * it), once with the order mirror and once without. Staff look orders up by
 * number, search by a client's name (without the mirror: by number, the only
 * search there is), turn list pages, change statuses with a payment and create
 * orders; outside the bot, orders change every 30 s and one is assigned to one
 * of the staff every 5 minutes. Figures: the busiest window's requests as a
 * share of the quota (without the mirror: what the load needs, measured with
 * no limit, since the quota caps what is sent), the actions answered under the
 * real quota, and (with the mirror) the delay
 * from an assignment in the service to its notification in Telegram.
 */
import type { Api } from "grammy";
import { pino } from "pino";
import { Notifier } from "../src/bot/notify/notifier.ts";
import { createMemoryStore } from "../src/bot/store/storage.ts";
import { DEFAULT_BUDGET } from "../src/mirror/index.ts";
import { startSandbox } from "../src/sandbox/index.ts";
import type { Employee, Order as SandboxOrder } from "../src/sandbox/model.ts";
import { ManualClock } from "../test/helpers/manual-clock.ts";
import { createMirrorBot } from "../test/helpers/mirror-bot.ts";
import { createTestBot, type TestBot, type TestUser } from "../test/helpers/test-bot.ts";
import { type DayClients, linkDayClients } from "./day-clients.ts";
import { changeStatusWithPayment, minimalOrderNewClient } from "./dialog-driver.ts";
import type { BenchModule } from "./types.ts";

const MINUTE = 60_000;
const WINDOW_MS = 15 * MINUTE;
const DAY_MS = 2 * 60 * MINUTE;
/** Who works and how much: the shop day's 8 staff in one workshop, or a bigger company (big-company.ts). */
export interface Company {
  staff: number[];
  /** Per person and hour. */
  perHour: Record<ActionKind, number>;
  /** The CRM's other users change an order this often. */
  outsideEveryMs: number;
  /** All the sandbox's workshops (else the first one). */
  allShops: boolean;
  /** Linked clients own this share of the open orders; one of theirs is made ready every `everyMs` (day-clients.ts). */
  clients?: { share: number; readyEveryMs: number };
}
/** Per person and hour. */
const PER_HOUR = { lookup: 28, search: 12, status: 2, create: 1 };
const SHOP_DAY: Company = {
  staff: [201, 202, 203, 204, 205, 206, 207, 208],
  perHour: PER_HOUR,
  outsideEveryMs: 30_000,
  allShops: false,
};
const ASSIGN_EVERY_MS = 5 * MINUTE;
/** 09:00 in Moscow. */
const T0 = Date.UTC(2026, 10, 25, 6, 0);

type ActionKind = keyof typeof PER_HOUR;
interface Action {
  at: number;
  user: number;
  kind: ActionKind;
}

export interface DayResult {
  /** Writes (status changes, creates) refused while the service still had requests left. */
  writesRefusedWithQuotaLeft: number;
  busiest: number;
  actions: number;
  answered: number;
  delays: number[];
  /** From "ready" in the service to the linked client's message (with `Company.clients`). */
  clientDelays: number[];
  /** Orders of linked clients made ready in the service. */
  clientReady: number;
  /** The open orders the linked clients own, of all open orders. */
  clientShare: number;
}

/** A small deterministic PRNG: both runs see the same day. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function schedule(random: () => number, company: Company): Action[] {
  const actions: Action[] = [];
  for (const user of company.staff) {
    for (const [kind, perHour] of Object.entries(company.perHour) as [ActionKind, number][]) {
      const count = Math.round((perHour * DAY_MS) / (60 * MINUTE));
      for (let i = 0; i < count; i++) actions.push({ at: T0 + Math.floor(random() * DAY_MS), user, kind });
    }
  }
  return actions.sort((a, b) => a.at - b.at);
}

const QUOTA_TEXT = /limit|лимит|paused|приостановлен|does not answer|не отвечает/i;

/** One day; `quota` is the company's limit per 15 minutes (a large one measures what the load needs). */
export async function runDay(mirrorOn: boolean, quota = 100, company = SHOP_DAY): Promise<DayResult> {
  const STAFF = company.staff;
  const random = prng(42);
  const clock = new ManualClock(new Date(T0 - 60 * MINUTE));
  const now = () => clock.now().getTime();
  const sandbox = await startSandbox({
    port: 0,
    seed: 3,
    orders: 600,
    clock: { now },
    quota: { limit: quota, windowMs: WINDOW_MS },
  });
  const shopIds = company.allShops ? sandbox.shops.map((s) => s.id) : [sandbox.shops[0]?.id ?? ""];
  const options = {
    operators: STAFF,
    // What the bot keeps for a while (the same news told once, markers) expires on the simulated clock too.
    store: createMemoryStore({ now }),
    // The bot's client reads the quota's reset on the simulated clock too.
    clientOptions: { now },
    sandbox,
    clock,
    // Production's defaults: the write reserve follows the writes seen.
    config: {
      shopIds,
      timezone: "Europe/Moscow",
      writeReserve: "auto" as const,
      ...(company.clients ? { clients: { enabled: true, allStatuses: false, ratePerMinute: 12 } } : {}),
    },
  };
  const mirrored = mirrorOn
    ? await createMirrorBot({
        ...options,
        // As production: the bot and its mirror share one client, the sync's budget (MIRROR_BUDGET 40)
        // is its share of each window, MIRROR_RESERVE 0, MIRROR_SYNC_SECONDS 60.
        oneClient: true,
        clientOptions: { now, syncShare: 40 },
        budget: { perWindow: 40, reserve: 0, baseIntervalMs: MINUTE },
      })
    : undefined;
  const t: TestBot = mirrored ?? (await createTestBot(options));
  const delays: number[] = [];
  const assigned = new Map<string, number>(); // "<user>:<order number>" -> when assigned in the service
  let notifier: Notifier | undefined;
  let clients: DayClients | undefined;
  try {
    const { store } = sandbox;
    const masters = shopIds.flatMap((id) => store.employeesOfShop(id).filter((e) => e.isMaster));
    const people = new Map<number, Employee>();
    STAFF.forEach((user, i) => {
      const person = masters[i % masters.length];
      if (person) people.set(user, person);
    });
    if (mirrored) {
      for (const [user, person] of people) {
        await t.services.users.update(user, (s) => {
          s.employee = { id: person.id, name: person.name };
          s.locale = "en";
        });
      }
      const api = new Proxy(t.bot.api, {
        get(target, key, receiver) {
          if (key !== "sendMessage") return Reflect.get(target, key, receiver);
          return async (chatId: number, text: string, other?: object) => {
            clients?.seen(Number(chatId), text, now());
            for (const [k, at] of assigned) {
              const [user, number] = k.split(":");
              if (String(chatId) === user && text.includes(`<b>${number}</b>`)) {
                delays.push(now() - at);
                assigned.delete(k);
              }
            }
            return target.sendMessage(chatId, text, other);
          };
        },
      }) as Api;
      notifier = new Notifier({
        services: t.services,
        api,
        mirror: mirrored.mirror,
        logger: pino({ level: "silent" }),
      });
      await notifier.kick();
      if (company.clients) {
        clients = await linkDayClients(mirrored, sandbox, shopIds, company.clients.share, api);
        await clients.notifier.kick();
      }
    }
    // The backfill and warm-up are done before the day: the day starts with a fresh quota.
    await clock.advance(T0 - now());
    sandbox.resetQuota();
    const windows: number[] = [];
    let counted = sandbox.requestCount();
    const count = () => {
      const index = Math.floor((now() - T0) / WINDOW_MS);
      const total = sandbox.requestCount();
      if (index >= 0 && index < DAY_MS / WINDOW_MS) windows[index] = (windows[index] ?? 0) + total - counted;
      counted = total;
    };
    const isOpen = (o: SandboxOrder) =>
      o.isVisible && shopIds.includes(o.shopId) && store.statusById.get(o.statusId)?.group !== "closed";
    const pick = <T>(items: T[]): T | undefined => items[Math.floor(random() * items.length)];
    const fresh = () =>
      store.orders.filter((o) => isOpen(o) && store.statusById.get(o.statusId)?.group === "new");

    let answered = 0;
    let writesRefusedWithQuotaLeft = 0;
    let phone = 5_550_000;
    const act = async (user: TestUser, kind: ActionKind): Promise<boolean> => {
      const order = pick(store.orders.filter(isOpen));
      if (!order) return false;
      switch (kind) {
        case "lookup":
          await user.send(String(order.num));
          break;
        case "search": {
          const name = store.counteragentById.get(order.counteragentId)?.name ?? "";
          await user.send(mirrorOn ? (name.split(" ")[0] ?? name) : String(order.num));
          const next = user
            .lastReply()
            ?.replyMarkup?.inline_keyboard.flat()
            .find((b) => b.text.includes("▶"));
          if (next) await user.press(next.text);
          break;
        }
        case "status": {
          const target = pick(fresh());
          if (!target) return false;
          await changeStatusWithPayment(user, String(target.num));
          break;
        }
        case "create":
          phone++;
          await minimalOrderNewClient(user, `+7 900 ${phone}`, `Клиент ${phone}`);
          break;
      }
      const refused = QUOTA_TEXT.test(user.lastReply()?.text ?? "");
      if (
        refused &&
        (kind === "status" || kind === "create") &&
        sandbox.quota.peek(sandbox.login).remainRequest > 0
      )
        writesRefusedWithQuotaLeft++;
      return !refused;
    };

    const actions = schedule(random, company);
    let nextOutside = T0 + company.outsideEveryMs;
    // Off the sync's minute marks, as changes in a real service are.
    let nextAssign = T0 + ASSIGN_EVERY_MS + 17_000;
    let nextSync = T0;
    // Off the sync's minute marks, as the assignments.
    let nextReady = company.clients ? T0 + company.clients.readyEveryMs + 29_000 : Number.POSITIVE_INFINITY;
    let lastActionAt: number | undefined;
    const end = T0 + DAY_MS;
    let i = 0;
    for (;;) {
      const action = actions[i];
      const at = Math.min(
        action?.at ?? end,
        nextOutside,
        nextAssign,
        nextReady,
        mirrored ? nextSync : end,
        end,
      );
      if (at >= end) break;
      if (at > now()) await clock.advance(at - now());
      count();
      if (at === nextOutside) {
        sandbox.others.random();
        nextOutside += company.outsideEveryMs;
      } else if (at === nextAssign) {
        const user = pick(STAFF) ?? STAFF[0]!;
        const person = people.get(user);
        // An order of a workshop the person works in (the service refuses another's master).
        const works = (shopId: string) => store.employeesOfShop(shopId).some((e) => e.id === person?.id);
        const order = pick(
          store.orders.filter((o) => isOpen(o) && o.masterId !== person?.id && works(o.shopId)),
        );
        if (person && order) {
          sandbox.others.assign(order.id, { masterId: person.id });
          // Everyone linked to that person is told; the first one measured is enough.
          for (const [u, p] of people) if (p.id === person.id) assigned.set(`${u}:${order.number}`, now());
        }
        nextAssign += ASSIGN_EVERY_MS;
      } else if (at === nextReady) {
        clients?.makeReady(now());
        nextReady += company.clients?.readyEveryMs ?? Number.POSITIVE_INFINITY;
      } else if (mirrored && at === nextSync) {
        await mirrored.mirror.step().catch(() => undefined);
        await notifier?.kick();
        await clients?.notifier.kick();
        nextSync = now() + Math.max(1000, mirrored.mirror.nextDelay());
      } else if (action) {
        i++;
        // The first action after a quiet spell brings the sync's timer forward (sync-loop.ts's wake).
        const quiet = lastActionAt === undefined || now() - lastActionAt > DEFAULT_BUDGET.quietAfterMs;
        lastActionAt = now();
        const user = t.user(action.user, { languageCode: "en" });
        const ok = await act(user, action.kind).catch(() => false);
        if (ok) answered++;
        else await user.send("/cancel").catch(() => undefined); // a dialog cut short is left
        if (mirrored && quiet) nextSync = Math.min(nextSync, Math.max(now(), mirrored.mirror.nextDueAt()));
      }
      count();
    }
    return {
      busiest: Math.max(...windows.map((w) => w ?? 0)),
      actions: actions.length,
      answered,
      delays,
      writesRefusedWithQuotaLeft,
      clientDelays: clients?.delays ?? [],
      clientReady: clients?.made ?? 0,
      clientShare: clients?.share ?? 0,
    };
  } finally {
    await notifier?.stop();
    await clients?.notifier.stop();
    await t.close();
    await sandbox.close();
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export const mirrorShopDay: BenchModule = {
  name: "mirror-shop-day",
  async run() {
    // Without the mirror the quota stops the load: what it needs is measured without a limit.
    const needed = await runDay(false, 100_000);
    const off = await runDay(false);
    const on = await runDay(true);
    const share = (r: DayResult) => Math.round(r.busiest);
    return [
      {
        name: "shop day, mirror off: busiest 15 min needs, % of a 100-request quota",
        value: share(needed),
        unit: "%",
        target: "> 100 (the load needs more than the quota)",
        ok: needed.busiest > 100,
      },
      {
        name: "shop day, mirror on: busiest 15 min, % of a 100-request quota",
        value: share(on),
        unit: "%",
        target: "<= 40",
        ok: on.busiest <= 40,
      },
      {
        name: "shop day, mirror off: actions answered",
        value: Math.round((100 * off.answered) / off.actions),
        unit: "%",
      },
      {
        name: "shop day, mirror on: actions answered",
        value: Math.round((100 * on.answered) / on.actions),
        unit: "%",
        target: "100",
        ok: on.answered === on.actions,
      },
      {
        name: "shop day, mirror on: notification delay p50",
        value: Math.round(percentile(on.delays, 50) / 1000),
        unit: "s",
        target: "<= 30",
        ok: percentile(on.delays, 50) <= 30_000,
      },
      {
        name: "shop day, mirror on: notification delay p95",
        value: Math.round(percentile(on.delays, 95) / 1000),
        unit: "s",
        target: "<= 60",
        ok: percentile(on.delays, 95) <= 60_000,
      },
      { name: "shop day, mirror on: notifications measured", value: on.delays.length, unit: "" },
    ];
  },
};
