/**
 * The sync against the sandbox: backfill, changes made by the CRM's other
 * users (status, ready, master, manager, created, deleted), pages, the
 * watermark's overlap, runs cut short (budget, quota, service down, restart).
 */
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_BUDGET, type MirrorChange } from "../../src/mirror/index.ts";
import { type Rig, settle, startRig, syncUntilDone, TestClock } from "./sandbox-mirror.ts";

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Visible orders of the sandbox that the backfill must hold: not closed, or changed in 30 days. */
function expectedBackfill(r: Rig): Set<string> {
  const { store } = r.sandbox;
  const since = r.clock.now() - 30 * DAY;
  return new Set(
    store.orders
      .filter(
        (o) => o.isVisible && (store.statusById.get(o.statusId)?.group !== "closed" || o.lastAction >= since),
      )
      .map((o) => o.id),
  );
}

/** A visible order closed more than 31 days ago (not backfilled), of the workshop with that prefix. */
function oldClosedOrder(r: Rig, prefix = "") {
  const { store } = r.sandbox;
  const old = store.orders.find(
    (o) =>
      o.isVisible &&
      o.number.startsWith(prefix) &&
      store.statusById.get(o.statusId)?.group === "closed" &&
      o.lastAction < r.clock.now() - 31 * DAY,
  );
  if (!old) throw new Error(`the seed has no old closed order${prefix ? ` of workshop ${prefix}` : ""}`);
  return old;
}

const kinds = (changes: MirrorChange[], orderId: string) =>
  changes.filter((c) => c.order.id === orderId).map((c) => c.kind);

describe("backfill", () => {
  it("holds every order not closed and every order changed in the last 30 days, and emits nothing", async () => {
    rig = await startRig();
    const requests = await syncUntilDone(rig.mirror);
    const expected = expectedBackfill(rig);
    for (const id of expected) expect(rig.mirror.get(id), id).toBeDefined();
    expect(rig.mirror.stats().orders).toBeGreaterThanOrEqual(expected.size);
    expect(rig.mirror.stats()).toMatchObject({ backfilling: false, lastSyncAt: new Date(rig.clock.now()) });
    // GET /statuses once, then pages of 50.
    expect(requests).toBeLessThanOrEqual(1 + Math.ceil(rig.sandbox.store.orders.length / 50) * 2);
    await settle();
    expect(rig.changes).toEqual([]);
  });

  it("an order closed long ago is not mirrored; a lookup asks the service once and keeps it", async () => {
    rig = await startRig();
    await syncUntilDone(rig.mirror);
    const old = oldClosedOrder(rig);
    expect(rig.mirror.get(old.id)).toBeUndefined();
    const before = rig.sandbox.requestCount();
    expect((await rig.mirror.findByNumber(old.number)).map((m) => m.order.id)).toEqual([old.id]);
    expect((await rig.mirror.findByNumber(old.number)).map((m) => m.order.id)).toEqual([old.id]);
    expect(rig.sandbox.requestCount() - before).toBe(1);
  });

  it("a lookup of an order it does not hold finds it typed with Latin look-alikes and a hyphen", async () => {
    rig = await startRig();
    await syncUntilDone(rig.mirror);
    const old = oldClosedOrder(rig, "А");
    expect(rig.mirror.get(old.id)).toBeUndefined();
    // "А001042" as typed on a Latin keyboard: "A-001042".
    const typed = `A-${old.number.slice(1)}`;
    const before = rig.sandbox.requestCount();
    expect((await rig.mirror.findByNumber(typed)).map((m) => m.order.id)).toEqual([old.id]);
    expect(rig.sandbox.requestCount() - before).toBe(1);
  });
});

describe("incremental sync", () => {
  async function warm(): Promise<Rig> {
    const r = await startRig();
    await syncUntilDone(r.mirror);
    r.clock.advance(MINUTE);
    return r;
  }

  const openOrder = (r: Rig, skip = 0) => {
    const { store } = r.sandbox;
    const found = store.orders.filter(
      (o) => o.isVisible && ["new", "inWork"].includes(store.statusById.get(o.statusId)?.group ?? ""),
    )[skip];
    if (!found) throw new Error("no open order");
    return found;
  };

  it("an idle sync costs one request and finds nothing", async () => {
    rig = await warm();
    const outcome = await rig.mirror.step();
    expect(outcome).toMatchObject({ requests: 1, completed: true });
    await settle();
    expect(rig.changes).toEqual([]);
  });

  it("status changes, readiness, assignments, creations and deletions become typed changes, once each", async () => {
    rig = await warm();
    const { store } = rig.sandbox;
    const a = openOrder(rig, 0);
    const b = openOrder(rig, 1);
    const c = openOrder(rig, 2);
    const ready = store.ref.statuses.find((s) => s.group === "finish" && !s.isPayRequired);
    const inWork = store.ref.statuses.find((s) => s.group === "inWork" && s.id !== a.statusId);
    const master = store.employeesOfShop(b.shopId).find((e) => e.isMaster && e.id !== b.masterId);
    const manager = store.employeesOfShop(b.shopId).find((e) => e.isManager && e.id !== b.managerId);
    if (!ready || !inWork || !master || !manager) throw new Error("seed lacks statuses or staff");
    rig.sandbox.others.changeStatus(a.id, inWork.id);
    rig.sandbox.others.changeStatus(c.id, ready.id);
    rig.sandbox.others.assign(b.id, { masterId: master.id, managerId: manager.id });
    const created = rig.sandbox.others.create(a.shopId, { problem: ["Треснул корпус"] });
    rig.clock.advance(1000);
    const deleted = openOrder(rig, 3);
    rig.sandbox.others.remove(deleted.id);
    rig.clock.advance(MINUTE);

    await syncUntilDone(rig.mirror);
    await settle();
    expect(kinds(rig.changes, a.id)).toEqual(["status"]);
    expect(rig.changes.find((ch) => ch.order.id === a.id)?.to).toMatchObject({ id: inWork.id });
    expect(kinds(rig.changes, c.id)).toEqual(["status", "ready"]);
    expect(kinds(rig.changes, b.id).sort()).toEqual(["manager", "master"]);
    expect(rig.changes.find((ch) => ch.kind === "master")?.to).toMatchObject({ id: master.id });
    expect(kinds(rig.changes, created)).toEqual(["created"]);
    expect(kinds(rig.changes, deleted.id)).toEqual(["deleted"]);
    expect(rig.changes.every((ch) => ch.source === "sync")).toBe(true);
    // Deleted: out of search and lookups; the new order is found by its fault.
    expect(rig.mirror.byNumber(deleted.number).map((m) => m.order.id)).not.toContain(deleted.id);
    expect(rig.mirror.list({ text: "треснул" }).items.map((m) => m.order.id)).toEqual([created]);
    expect(rig.mirror.get(a.id)?.order.status?.id).toBe(inWork.id);

    // The overlap re-reads the last changes: nothing is reported twice.
    const count = rig.changes.length;
    rig.clock.advance(10_000);
    await syncUntilDone(rig.mirror);
    await settle();
    expect(rig.changes).toHaveLength(count);
    // And the change log keeps them for a notifier catching up.
    expect(rig.mirror.changesSince(0, 1000).map((entry) => entry.change.id)).toEqual(
      rig.changes.map((ch) => ch.id),
    );
  });

  it("an order created since the last sync and looked up before the next one is still 'created', once", async () => {
    rig = await warm();
    const shopId = openOrder(rig).shopId;
    const byNumber = rig.sandbox.others.create(shopId, { problem: ["Не включается"] });
    const byId = rig.sandbox.others.create(shopId, { problem: ["Разбит экран"] });
    rig.clock.advance(1000);
    const number = rig.sandbox.store.orders.find((o) => o.id === byNumber)?.number ?? "";
    // A clerk opens the new orders in the bot first: a mirror miss reads each once.
    expect((await rig.mirror.findByNumber(number)).map((m) => m.order.id)).toEqual([byNumber]);
    expect((await rig.mirror.fetch(byId)).order.id).toBe(byId);
    rig.clock.advance(MINUTE);
    await syncUntilDone(rig.mirror);
    await settle();
    expect(kinds(rig.changes, byNumber)).toEqual(["created"]);
    expect(kinds(rig.changes, byId)).toEqual(["created"]);
  });

  it("pages through a window of many changes, every change applied", async () => {
    rig = await warm();
    const { store } = rig.sandbox;
    const targets = store.orders.filter((o) => o.isVisible).slice(0, 130);
    for (const [i, order] of targets.entries()) {
      rig.sandbox.others.change(order.id, { orderNode: `пометка ${i}`, problem: [`неисправность${i}`] });
      rig.clock.advance(100);
    }
    rig.clock.advance(MINUTE);
    const requests = await syncUntilDone(rig.mirror);
    expect(requests).toBe(3); // 130 records in pages of 50
    for (const [i, order] of targets.entries()) {
      expect(rig.mirror.get(order.id)?.order.problem).toEqual([`неисправность${i}`]);
    }
  });

  it("records that leave the window while it is paged do not hide the ones behind them", async () => {
    rig = await warm();
    const { store } = rig.sandbox;
    const targets = store.orders.filter((o) => o.isVisible).slice(0, 120);
    for (const order of targets) rig.sandbox.others.change(order.id, { problem: ["первая правка"] });
    rig.clock.advance(MINUTE);
    // One page per step; between the pages other users change orders of page 1 again (they move on).
    await rig.reopen({
      budget: { ...DEFAULT_BUDGET, baseIntervalMs: 1000, reserve: 0, perWindow: 1, windowMs: 1000 },
    });
    // GET /statuses takes the first window's one request, page 1 the second.
    for (let i = 0; i < 3 && rig.mirror.progress.state.run?.scans[0]?.page !== 2; i++) {
      await rig.mirror.step();
      rig.clock.advance(16 * MINUTE);
    }
    for (const order of targets.slice(0, 40))
      rig.sandbox.others.change(order.id, { problem: ["вторая правка"] });
    expect(rig.mirror.progress.state.run?.scans[0]?.page).toBe(2);
    for (let i = 0; i < 20 && rig.mirror.progress.state.run; i++) {
      rig.clock.advance(16 * MINUTE); // one page per quota window
      await rig.mirror.step();
    }
    for (const order of targets) {
      expect(rig.mirror.get(order.id)?.order.problem?.[0], order.id).toMatch(/правка/);
    }
  });

  it("the overlap catches a change the service stamped before our watermark (its clock behind ours)", async () => {
    const clock = new TestClock();
    const skew = 20_000;
    rig = await startRig({ clock, sandbox: { clock: { now: () => clock.now() - skew } } });
    await syncUntilDone(rig.mirror);
    clock.advance(5_000);
    const order = rig.sandbox.store.orders.find((o) => o.isVisible)!;
    rig.sandbox.others.change(order.id, { problem: ["после синхронизации"] });
    clock.advance(MINUTE);
    await syncUntilDone(rig.mirror);
    expect(rig.mirror.get(order.id)?.order.problem).toEqual(["после синхронизации"]);
  });

  it("without the overlap that change would be missed (the overlap is what catches it)", async () => {
    const clock = new TestClock();
    rig = await startRig({
      clock,
      sandbox: { clock: { now: () => clock.now() - 20_000 } },
      mirror: { overlapMs: 0 },
    });
    await syncUntilDone(rig.mirror);
    clock.advance(5_000);
    const order = rig.sandbox.store.orders.find((o) => o.isVisible)!;
    rig.sandbox.others.change(order.id, { problem: ["после синхронизации"] });
    clock.advance(MINUTE);
    await syncUntilDone(rig.mirror);
    expect(rig.mirror.get(order.id)?.order.problem).not.toEqual(["после синхронизации"]);
  });
});
