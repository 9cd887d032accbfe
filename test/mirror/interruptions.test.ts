/**
 * A sync cut short keeps what it read and goes on where it stopped: the budget
 * spent mid-run, the quota running out, the service down, a restart between
 * two pages. The watermark moves only when a run has read every page.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_BUDGET } from "../../src/mirror/index.ts";
import { type Rig, settle, startRig, syncUntilDone } from "./sandbox-mirror.ts";

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const MINUTE = 60_000;

/** A warm mirror, then `count` orders changed by other users (one problem text each). */
async function warmWithChanges(count: number, options: Parameters<typeof startRig>[0] = {}) {
  const r = await startRig(options);
  await syncUntilDone(r.mirror);
  r.clock.advance(MINUTE);
  const targets = r.sandbox.store.orders.filter((o) => o.isVisible).slice(0, count);
  for (const [i, order] of targets.entries()) r.sandbox.others.change(order.id, { problem: [`правка ${i}`] });
  r.clock.advance(MINUTE);
  return { r, targets };
}

const applied = (r: Rig, targets: { id: string }[]) =>
  targets.filter((o, i) => r.mirror.get(o.id)?.order.problem?.[0] === `правка ${i}`).length;

describe("a run cut short", () => {
  it("by its budget: the watermark stays, the next window goes on from the saved page", async () => {
    const { r, targets } = await warmWithChanges(120);
    rig = r;
    const watermark = r.mirror.progress.state.watermark;
    const small = { budget: { ...DEFAULT_BUDGET, baseIntervalMs: 1000, reserve: 0, perWindow: 1 } };
    await r.reopen(small);
    r.clock.advance(16 * MINUTE); // a new window: the warm-up's requests were counted in the last one
    expect(await r.mirror.step()).toMatchObject({ requests: 1, completed: false });
    expect(r.mirror.progress.state).toMatchObject({ watermark, run: { scans: [{ page: 2 }] } });
    expect(applied(r, targets)).toBe(50);
    expect(await r.mirror.step()).toMatchObject({ requests: 0 }); // nothing left in this window
    // A restart does not renew the budget of the window.
    await r.reopen(small);
    expect(await r.mirror.step()).toMatchObject({ requests: 0 });
    r.clock.advance(16 * MINUTE);
    expect(await r.mirror.step()).toMatchObject({ requests: 1, completed: false });
    expect(applied(r, targets)).toBe(100);
    r.clock.advance(16 * MINUTE);
    expect(await r.mirror.step()).toMatchObject({ requests: 1, completed: true });
    expect(applied(r, targets)).toBe(120);
    expect(r.mirror.progress.state.watermark).toBeGreaterThan(watermark ?? 0);
  });

  it("by the quota running out mid-run: nothing lost, it resumes after the reset and reports why it stopped", async () => {
    // Someone else spends the quota: after `allowed` more order lists the service answers 429.
    let allowed = Number.POSITIVE_INFINITY;
    const fetch = (real: typeof globalThis.fetch): typeof globalThis.fetch =>
      (async (input: string | URL | Request, init?: RequestInit) => {
        if (String(input).includes("/company/orders") && allowed-- <= 0) {
          const expireDate = new Date(rig!.clock.now() + 10 * MINUTE).toISOString();
          const body = {
            error: { statusCode: 429, message: "Too Many Requests", remainRequest: 0, expireDate },
          };
          return new Response(JSON.stringify(body), {
            status: 429,
            headers: { "content-type": "application/json" },
          });
        }
        return real(input, init);
      }) as typeof globalThis.fetch;
    const { r, targets } = await warmWithChanges(120, { fetch });
    rig = r;
    allowed = 1;
    const cut = await r.mirror.step();
    expect(cut).toMatchObject({ completed: false, requests: 2 });
    expect(applied(r, targets)).toBe(50);
    expect(r.mirror.stats().lastError).toBe("quota");
    // Until the reset the sync sends nothing (the client knows the quota is spent).
    allowed = Number.POSITIVE_INFINITY;
    expect(await r.mirror.step()).toMatchObject({ requests: 0 });
    r.clock.advance(11 * MINUTE);
    await syncUntilDone(r.mirror);
    expect(r.mirror.stats().lastError).toBeUndefined();
    expect(applied(r, targets)).toBe(120);
  });

  it("by the service being down: the error is kept, the state too, and the sync recovers", async () => {
    const { r, targets } = await warmWithChanges(80);
    rig = r;
    r.sandbox.faults.set({ errorRate: 1 });
    const failed = await r.mirror.step();
    expect(failed.completed).toBe(false);
    expect(r.mirror.stats().lastError).toBe("unavailable");
    expect(r.mirror.nextDelay()).toBeGreaterThanOrEqual(30_000); // backs off instead of hammering
    r.sandbox.faults.clear();
    r.clock.advance(MINUTE);
    await syncUntilDone(r.mirror);
    expect(applied(r, targets)).toBe(80);
    expect(r.mirror.stats().lastError).toBeUndefined();
  });

  it("by a restart between two pages: the new process goes on from the saved page and reports each change once", async () => {
    const { r } = await warmWithChanges(0);
    rig = r;
    const { store } = r.sandbox;
    const ready = store.ref.statuses.find((s) => s.group === "finish" && !s.isPayRequired);
    if (!ready) throw new Error("no ready status");
    const moved = store.orders
      .filter((o) => r.mirror.get(o.id) && o.isVisible && o.statusId !== ready.id)
      .slice(0, 60);
    expect(moved.length).toBeGreaterThan(50);
    for (const order of moved) r.sandbox.others.changeStatus(order.id, ready.id);
    r.clock.advance(MINUTE);
    await r.reopen({ budget: { ...DEFAULT_BUDGET, baseIntervalMs: 1000, reserve: 0, perWindow: 1 } });
    r.clock.advance(16 * MINUTE);
    await r.mirror.step(); // page 1
    await settle();
    const firstRun = r.changes.filter((c) => c.kind === "status").length;
    expect(firstRun).toBe(50);
    const saved = r.mirror.progress.state;
    // The process dies; a new one opens the same file.
    await r.reopen();
    expect(r.mirror.progress.state).toEqual(saved);
    await syncUntilDone(r.mirror);
    await settle();
    const statusChanges = r.changes.filter((c) => c.kind === "status");
    expect(new Set(statusChanges.map((c) => c.order.id)).size).toBe(moved.length);
    expect(statusChanges).toHaveLength(moved.length);
    for (const order of moved) expect(r.mirror.get(order.id)?.order.status?.id).toBe(ready.id);
  });
});
