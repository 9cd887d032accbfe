/**
 * Two users opening one order the mirror does not hold at the same moment: one
 * request between them (by id and by number); a failed read is not remembered,
 * so the next lookup asks again.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Mirror } from "../../src/mirror/index.ts";
import { fakeMirrorClient, mirrorOptions, order } from "./helpers.ts";
import { type Rig, startRig, syncUntilDone } from "./sandbox-mirror.ts";

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function rigWithNewOrder(): Promise<{ rig: Rig; id: string; number: string }> {
  const r = await startRig();
  await syncUntilDone(r.mirror);
  const shopId = r.sandbox.store.ref.shops[0]!.id;
  const id = r.sandbox.others.create(shopId, { problem: ["Не заряжается"] });
  const number = r.sandbox.store.orders.find((o) => o.id === id)?.number ?? "";
  return { rig: r, id, number };
}

describe("concurrent misses share one request", () => {
  it("by number: three lookups at once, one request, all three get the order", async () => {
    const made = await rigWithNewOrder();
    rig = made.rig;
    const before = rig.sandbox.requestCount();
    const digits = String(Number(/\d+$/.exec(made.number)?.[0]));
    const found = await Promise.all([
      rig.mirror.findByNumber(made.number),
      rig.mirror.findByNumber(digits),
      rig.mirror.findByNumber(`#${digits}`),
    ]);
    for (const result of found) expect(result.map((m) => m.order.id)).toEqual([made.id]);
    expect(rig.sandbox.requestCount() - before).toBe(1);
    // Kept: the next lookup asks nothing.
    expect((await rig.mirror.findByNumber(made.number)).map((m) => m.order.id)).toEqual([made.id]);
    expect(rig.sandbox.requestCount() - before).toBe(1);
  });

  it("by id: two reads at once, one request; a refresh afterwards reads again", async () => {
    const made = await rigWithNewOrder();
    rig = made.rig;
    const before = rig.sandbox.requestCount();
    const [a, b] = await Promise.all([rig.mirror.fetch(made.id), rig.mirror.fetch(made.id)]);
    expect(a.order.id).toBe(made.id);
    expect(b.order.id).toBe(made.id);
    expect(rig.sandbox.requestCount() - before).toBe(1);
    await rig.mirror.fetch(made.id, { refresh: true });
    expect(rig.sandbox.requestCount() - before).toBe(2);
  });

  it("different numbers are not merged", async () => {
    rig = await startRig();
    const before = rig.sandbox.requestCount();
    await Promise.all([rig.mirror.findByNumber("А999998"), rig.mirror.findByNumber("А999999")]);
    expect(rig.sandbox.requestCount() - before).toBe(2);
  });

  it("a failed read fails every waiter and is not remembered: the next lookup asks again", async () => {
    const client = fakeMirrorClient(); // every GET /orders/{id} answers 404
    const mirror = new Mirror(mirrorOptions({ client }));
    const results = await Promise.allSettled([mirror.fetch("gone"), mirror.fetch("gone")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(client.calls).toHaveLength(1);
    await expect(mirror.fetch("gone")).rejects.toThrow();
    expect(client.calls).toHaveLength(2);
    await mirror.stop();
  });

  it("a number that is no number asks nothing", async () => {
    const client = fakeMirrorClient({ list: [order()] });
    const mirror = new Mirror(mirrorOptions({ client }));
    expect(await mirror.findByNumber("hello world")).toEqual([]);
    expect(client.calls).toHaveLength(0);
    await mirror.stop();
  });
});
