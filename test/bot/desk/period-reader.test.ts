/**
 * The order reader's `period` read (the reports' orders), checked against the
 * sandbox's own records: without the mirror (the service's lists within a
 * budget, what it could not read named) and with it (received and overdue for
 * no request; the finished ones from what the mirror saw when the budget is 0).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { periodOf } from "../../../src/bot/desk/period.ts";
import { isPastDeadline } from "../../../src/sandbox/handlers/order-list.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { ManualClock } from "../../helpers/manual-clock.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";
import { createTestBot, type TestBot } from "../../helpers/test-bot.ts";
import { makeOneReady } from "./helpers.ts";

const ids = (orders: readonly { id: string }[]) => orders.map((o) => o.id).sort();

/** The sandbox's visible orders of these workshops whose `field` falls in the range. */
function sandboxIds(
  sandbox: Sandbox,
  shopIds: readonly string[],
  field: "dateCreate" | "dateFinish" | "dateClose",
  range: { start: Date; end: Date },
): string[] {
  return sandbox.store.orders
    .filter((o) => o.isVisible && shopIds.includes(o.shopId))
    .filter((o) => {
      const at = o[field];
      return at !== null && at >= range.start.getTime() && at < range.end.getTime();
    })
    .map((o) => o.id)
    .sort();
}

describe("without the mirror", () => {
  let sandbox: Sandbox;
  let t: TestBot;
  let shopIds: string[];
  beforeAll(async () => {
    // Mid-month (issue 32.1): on the 1st the month holds no order made ready or handed over yet.
    const clock = new ManualClock(new Date("2026-11-18T09:00:00Z"));
    const now = () => clock.now().getTime();
    sandbox = await startSandbox({ port: 0, clock: { now } });
    shopIds = [sandbox.shops[0]?.id ?? ""];
    t = await createTestBot({ sandbox, clock, clientOptions: { now }, config: { shopIds } });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });
  const month = () => periodOf("month", t.clock.now(), t.config.timezone);

  it("reads exactly the orders received, made ready and handed over, and the overdue count", async () => {
    const range = month();
    t.resetServiceRequests();
    const read = await t.services.orders.period(range, 50);
    expect(read.source).toBe("service");
    expect(read.finishedFrom).toBe("service");
    expect(read.missing).toEqual([]);
    // The seeded month has orders of each kind: the comparisons below are not of empty lists.
    for (const list of [read.received, read.ready, read.closed]) expect(list.length).toBeGreaterThan(0);
    expect(ids(read.received)).toEqual(sandboxIds(sandbox, shopIds, "dateCreate", range));
    expect(ids(read.ready)).toEqual(sandboxIds(sandbox, shopIds, "dateFinish", range));
    expect(ids(read.closed)).toEqual(sandboxIds(sandbox, shopIds, "dateClose", range));
    const now = t.clock.now().getTime();
    const overdue = sandbox.store.orders.filter(
      (o) => o.isVisible && shopIds.includes(o.shopId) && isPastDeadline(sandbox.store, o, now),
    );
    expect(read.overdue).toBe(overdue.length);
    expect(t.serviceRequests()).toBe(read.requests);
  });

  it("stays within its budget and names what it could not read", async () => {
    t.resetServiceRequests();
    const read = await t.services.orders.period(month(), 2);
    expect(read.requests).toBe(2);
    expect(t.serviceRequests()).toBe(2);
    expect(read.missing).toEqual(expect.arrayContaining(["ready", "closed"]));
    expect(read.reason).toBe("quota");
  });

  it("a budget of 0 asks nothing and knows nothing", async () => {
    t.resetServiceRequests();
    const read = await t.services.orders.period(month(), 0);
    expect(t.serviceRequests()).toBe(0);
    expect(read.missing).toEqual(["overdue", "received", "ready", "closed"]);
    expect(read.overdue).toBeUndefined();
    expect(read.received).toEqual([]);
  });

  it("a service failure is a missing figure, not a thrown error", async () => {
    sandbox.faults.set({ errorRate: 1 });
    try {
      const read = await t.services.orders.period(month(), 10);
      expect(read.missing).toEqual(["overdue", "received", "ready", "closed"]);
      expect(read.reason).toBe("error");
    } finally {
      sandbox.faults.clear();
    }
  });
});

describe("with the mirror", () => {
  let t: MirrorBot;
  let all: string[];
  beforeAll(async () => {
    t = await createMirrorBot();
    all = t.sandbox.shops.map((s) => s.id);
  });
  afterAll(() => t.close());

  it("a warm mirror answers it all at no request: received, overdue, and the finished ones its log saw", async () => {
    const order = await makeOneReady(t);
    const range = periodOf("week", t.clock.now(), t.config.timezone);
    t.mark();
    const read = await t.services.orders.period(range, 0);
    expect(t.requests()).toBe(0);
    expect(read.requests).toBe(0);
    expect(read.source).toBe("mirror");
    expect(read.finishedFrom).toBe("mirror");
    // It saw every status change since its first fill (issue 34.2): nothing is missing, none for want of quota.
    expect(read.reason).toBeUndefined();
    expect(read.missing).toEqual([]);
    expect(read.asOf).toBeInstanceOf(Date);
    expect(ids(read.received)).toEqual(sandboxIds(t.sandbox, all, "dateCreate", range));
    expect(read.ready.map((o) => o.id)).toContain(order.id);
    const seen = read.ready.find((o) => o.id === order.id);
    expect(seen?.dateFinish?.getTime()).toBeGreaterThanOrEqual(range.start.getTime());
  });

  it("with a budget a warm mirror still spends none: what it dates is the service's, and it says since when it saw all", async () => {
    const range = periodOf("week", t.clock.now(), t.config.timezone);
    t.mark();
    const read = await t.services.orders.period(range, 10);
    expect(read.finishedFrom).toBe("mirror");
    expect(t.requests()).toBe(0);
    expect(read.requests).toBe(0);
    // Never an order the service did not finish in the period...
    const service = {
      ready: sandboxIds(t.sandbox, all, "dateFinish", range),
      closed: sandboxIds(t.sandbox, all, "dateClose", range),
    };
    for (const id of ids(read.ready)) expect(service.ready).toContain(id);
    for (const id of ids(read.closed)) expect(service.closed).toContain(id);
    // ...and before the mirror watched (its first fill is after the week began) the report is told so.
    expect(read.watchingSince?.getTime()).toBeGreaterThan(range.start.getTime());
  });
});
