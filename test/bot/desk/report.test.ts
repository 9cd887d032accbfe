/**
 * /report: each figure checked against the sandbox's own orders and
 * transactions (the same definitions computed here), without the mirror
 * (the service's lists, counted requests) and with it (0 order requests);
 * the quota guard; ru and en; the chart follows the text.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PeriodKind } from "../../../src/bot/desk/period.ts";
import { isPastDeadline } from "../../../src/sandbox/handlers/order-list.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import type { Order } from "../../../src/sandbox/model.ts";
import { useDialogBot } from "../../helpers/dialog-fixture.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";
import { callsOf, createTestBot, type TestBot, textsOf } from "../../helpers/test-bot.ts";
import {
  allAccepted,
  amountText,
  makeOneReady,
  OWNER,
  orderMoney,
  periodRange,
  round2,
  transactionsIn,
} from "./helpers.ts";

interface Expected {
  received: number;
  ready: number;
  closed: number;
  money: number;
  overdue: number;
  masters: Map<string, { orders: number; money: number }>;
}

function expected(sandbox: Sandbox, shopIds: string[], kind: PeriodKind, now: Date): Expected {
  const range = periodRange(kind, now);
  const within = (at: number | null) => at !== null && at >= range.start && at < range.end;
  const orders = sandbox.store.orders.filter((o) => o.isVisible && shopIds.includes(o.shopId));
  const transactions = transactionsIn(sandbox, shopIds, range);
  const finished = orders.filter((o) => within(o.dateFinish) || within(o.dateClose));
  const masters = new Map<string, { orders: number; money: number }>();
  for (const order of finished) {
    const name = order.masterId
      ? (sandbox.store.employeeById.get(order.masterId)?.name ?? "?")
      : "(no master)";
    const entry = masters.get(name) ?? { orders: 0, money: 0 };
    entry.orders++;
    entry.money = round2(
      entry.money +
        orderMoney(
          sandbox,
          transactions.filter((t) => t.orderId === order.id),
        ),
    );
    masters.set(name, entry);
  }
  return {
    received: orders.filter((o) => within(o.dateCreate)).length,
    ready: orders.filter((o: Order) => within(o.dateFinish)).length,
    closed: orders.filter((o) => within(o.dateClose)).length,
    money: orderMoney(sandbox, transactions),
    overdue: orders.filter((o) => isPastDeadline(sandbox.store, o, now.getTime())).length,
    masters,
  };
}

function figure(text: string, label: string): string | undefined {
  const line = text.split("\n").find((l) => l.includes(label));
  return line ? /<b>([^<]*)<\/b>/.exec(line)?.[1] : undefined;
}

function checkFigures(text: string, want: Expected): void {
  expect(figure(text, "Orders received (")).toBe(String(want.received));
  expect(figure(text, "Made ready (")).toBe(String(want.ready));
  expect(figure(text, "Handed over (")).toBe(String(want.closed));
  expect(figure(text, "Taken on orders (")).toBe(`${amountText(want.money, "en")} ₽`);
  expect(figure(text, "Overdue now")).toBe(String(want.overdue));
  for (const [name, output] of want.masters) {
    expect(text).toContain(`${name}: ${output.orders} · ${amountText(output.money, "en")} ₽`);
  }
}

describe("without the mirror: the service's lists", () => {
  let sandbox: Sandbox;
  let t: TestBot;
  let shopId: string;
  useDialogBot({ bot: () => ({ config: { ownerIds: [OWNER] } }) }, (started) => {
    ({ sandbox, t, shopId } = started);
  });
  beforeAll(async () => {
    await t.services.reference.cashItems();
    await t.services.reference.shops();
    await t.services.reference.cashRegisters(shopId);
  });

  it("today's figures match the sandbox's records; the chart follows the text", async () => {
    t.resetServiceRequests();
    const calls = await t.user(OWNER, { languageCode: "en" }).send("/report");
    expect(allAccepted(calls)).toEqual([]);
    const text = textsOf(calls).join("\n");
    const want = expected(sandbox, [shopId], "day", t.clock.now());
    expect(want.money).not.toBe(0);
    checkFigures(text, want);
    expect(text).toMatch(/Orders received \(today, \w{3} \w{3} \d{1,2}\)/);
    // The overdue count, three lists (received, ready, handed over) and the day's transactions,
    // then the handed-over orders counted per hour (list records carry no dateClose): at most 12 more.
    const requests = t.serviceRequests();
    expect(requests).toBeGreaterThanOrEqual(5);
    expect(requests).toBeLessThanOrEqual(5 + 12);
    expect(text).toContain(`from the service (${requests} requests)`);
    const order = calls.map((c) => c.method).filter((m) => m === "sendMessage" || m === "sendPhoto");
    expect(order).toEqual(["sendMessage", "sendPhoto"]);
  });

  for (const kind of ["week", "month"] as const) {
    it(`the ${kind}'s figures match too`, async () => {
      const owner = t.user(OWNER, { languageCode: "en" });
      await owner.send("/report");
      const calls = await owner.press(`dkr:${kind}`);
      const text = textsOf(calls).join("\n");
      const want = expected(sandbox, [shopId], kind, t.clock.now());
      const partial = text.includes("at least");
      if (!partial) checkFigures(text, want);
      else expect(figure(text, "Orders received (")).toBe(String(want.received));
      expect(callsOf(calls, "sendPhoto")).toHaveLength(1);
    });
  }

  it("speaks Russian, each figure naming its period", async () => {
    const calls = await t.user(OWNER, { languageCode: "ru" }).send("/report");
    const text = textsOf(calls).join("\n");
    expect(text).toMatch(/Принято заказов \(сегодня, \S+ \d\d\.\d\d\): <b>\d+<\/b>/);
    expect(text).toMatch(/Получено по заказам \(сегодня/);
    expect(text).toContain("Мастера");
  });

  it("a service failure leaves the report standing and says what is not known", async () => {
    sandbox.faults.set({ errorRate: 1 });
    try {
      const calls = await t.user(OWNER, { languageCode: "en" }).send("/report");
      const text = textsOf(calls).join("\n");
      expect(text).toContain("Not known");
      expect(text).toContain("not known (the service did not answer)");
    } finally {
      sandbox.faults.clear();
    }
  });
});

describe("with the quota low", () => {
  let t: TestBot;
  let sandbox: Sandbox;
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it("spends no request and says so", async () => {
    const { startSandbox } = await import("../../../src/sandbox/index.ts");
    sandbox = await startSandbox({ port: 0, quota: { limit: 30, windowMs: 15 * 60_000 } });
    t = await createTestBot({
      sandbox,
      config: { ownerIds: [OWNER], shopIds: [sandbox.shops[0]?.id ?? ""], writeReserve: 20 },
    });
    await t.services.reference.cashItems();
    // Others' reads spend the window down to the reserve kept for writes (WRITE_RESERVE).
    while (t.client.readAllowance() > 0) await t.client.statuses.list();
    expect(t.client.quota?.remaining).toBe(20);
    t.resetServiceRequests();
    const calls = await t.user(OWNER, { languageCode: "en" }).send("/report");
    const text = textsOf(calls).join("\n");
    expect(text).toContain("Few service requests are left");
    expect(text).toContain("not known (few requests left)");
    expect(t.serviceRequests()).toBe(0);
    expect(callsOf(calls, "sendPhoto")).toHaveLength(1);
  });
});

describe("with the mirror", () => {
  let t: MirrorBot;
  beforeAll(async () => {
    t = await createMirrorBot({ start: new Date("2026-11-18T09:00:00Z"), config: { ownerIds: [OWNER] } });
    await t.services.reference.cashItems();
    await t.services.reference.shops();
    for (const shop of t.sandbox.shops) await t.services.reference.cashRegisters(shop.id);
  });
  afterAll(() => t.close());

  it("reads the orders from the mirror and only the money from the service; what it did not watch is said", async () => {
    t.mark();
    const calls = await t.user(OWNER, { languageCode: "en" }).send("/report");
    const text = textsOf(calls).join("\n");
    const want = expected(
      t.sandbox,
      t.sandbox.shops.map((s) => s.id),
      "day",
      t.clock.now(),
    );
    expect(figure(text, "Orders received (")).toBe(String(want.received));
    expect(figure(text, "Taken on orders (")).toBe(`${amountText(want.money, "en")} ₽`);
    expect(figure(text, "Overdue now")).toBe(String(want.overdue));
    // The mirror began watching today: what was finished before it is not counted, and it says so.
    expect(figure(text, "Made ready (")).toBe("0");
    expect(text).toContain("what the bot's copy has seen since");
    expect(text).toContain("from the bot's copy");
    expect(allAccepted(calls)).toEqual([]);
    // The day's money: one page of the registers.
    expect(t.requests()).toBe(1);
  });
});

describe("with the mirror and the quota low", () => {
  let t: MirrorBot;
  beforeAll(async () => {
    t = await createMirrorBot({
      config: { ownerIds: [OWNER], writeReserve: 20 },
      sandboxOptions: { quota: { limit: 400, windowMs: 15 * 60_000 } },
    });
    await t.services.reference.cashItems();
    await t.services.reference.shops();
  });
  afterAll(() => t.close());

  it("asks the service nothing and shows what the mirror knows: its log's ready changes", async () => {
    await makeOneReady(t);
    // Others' work spends the window down to the write reserve.
    while (t.client.readAllowance() > 0) await t.client.statuses.list();
    t.mark();
    const calls = await t.user(OWNER, { languageCode: "en" }).send("/report");
    const text = textsOf(calls).join("\n");
    expect(t.requests()).toBe(0);
    expect(text).toContain("Few service requests are left");
    expect(text).toContain("what the bot's copy has seen since");
    expect(Number(figure(text, "Made ready ("))).toBeGreaterThanOrEqual(1);
    const all = t.sandbox.shops.map((s) => s.id);
    expect(figure(text, "Orders received (")).toBe(
      String(expected(t.sandbox, all, "day", t.clock.now()).received),
    );
    expect(text).toContain("not known (few requests left)");
    expect(callsOf(calls, "sendPhoto")).toHaveLength(1);
  });
});
