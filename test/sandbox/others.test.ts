/**
 * The CRM's other users: changes made through the sandbox's own rules (so
 * `lastAction` moves and bad ids are refused), in-process and, only when
 * asked for, over the control endpoint.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const post = (s: Sandbox, path: string, body: unknown) =>
  fetch(`${s.url}${path}`, {
    method: "POST",
    headers: { authorization: s.token, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("the CRM's other users", () => {
  it("change an order by the service's rules: status, dates, lastAction", async () => {
    let now = Date.UTC(2026, 10, 20, 9);
    sandbox = await startSandbox({ orders: 50, clock: { now: () => now } });
    const { store, others } = sandbox;
    const order = store.orders.find((o) => o.isVisible && store.statusById.get(o.statusId)?.group === "new");
    const ready = store.ref.statuses.find((s) => s.group === "finish" && !s.isPayRequired);
    if (!order || !ready) throw new Error("seed");
    now += 60_000;
    others.changeStatus(order.id, ready.id);
    expect(order).toMatchObject({ statusId: ready.id, lastAction: now, dateFinish: now });
    expect(() => others.changeStatus(order.id, "no-such-status")).toThrow(/statusId/);
    expect(() => others.change("no-such-order", { problem: ["x"] })).toThrow();
    const id = others.create(order.shopId, { problem: ["Новая поломка"] });
    expect(store.orderById.get(id)).toMatchObject({ problem: ["Новая поломка"], lastAction: now });
    others.remove(id);
    expect(store.orderById.get(id)?.isVisible).toBe(false);
  });

  it("random changes keep to valid moves, many times over", async () => {
    sandbox = await startSandbox({ orders: 80 });
    const kinds = new Set<string>();
    for (let i = 0; i < 300; i++) kinds.add(sandbox.others.random().kind);
    expect(kinds.has("status")).toBe(true);
    expect(kinds.size).toBeGreaterThan(2);
  });

  it("never touch the README's sample order 1042 (status, staff, note, deletion)", async () => {
    sandbox = await startSandbox({ orders: 200 });
    const { store, others } = sandbox;
    const samples = store.orders.filter((o) => o.num === 1042);
    expect(samples.length).toBeGreaterThan(0);
    // Open, so the simulation would pick it as often as any other order.
    const open = store.ref.statuses.find((s) => s.group === "inWork");
    for (const sample of samples) sample.statusId = open?.id ?? sample.statusId;
    const before = JSON.stringify(samples);
    const touched = new Set<string>();
    for (let i = 0; i < 2000; i++) touched.add(others.random().orderId);
    expect(samples.some((o) => touched.has(o.id))).toBe(false);
    expect(JSON.stringify(samples)).toBe(before);
  });

  it("in the demo they change an order now and then, and stop when the sandbox closes", async () => {
    sandbox = await startSandbox({ orders: 30, othersEveryMs: 20 });
    const stamp = () =>
      sandbox?.store.orders.map((o) => `${o.id}:${o.lastAction}:${o.isVisible}`).join() ?? "";
    const before = stamp();
    const deadline = Date.now() + 3_000;
    while (stamp() === before && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stamp()).not.toBe(before);
    const s = sandbox;
    sandbox = undefined;
    await s.close();
    const closed = s.store.orders.map((o) => `${o.id}:${o.lastAction}`).join();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(s.store.orders.map((o) => `${o.id}:${o.lastAction}`).join()).toBe(closed);
  });

  it("the control endpoint is off unless asked for", async () => {
    sandbox = await startSandbox({ orders: 20 });
    const order = sandbox.store.orders[0];
    expect((await post(sandbox, `/_control/orders/${order?.id}`, { problem: ["x"] })).status).toBe(404);
  });

  it("with control on, a test in another process changes, creates, deletes and randomizes orders", async () => {
    sandbox = await startSandbox({ orders: 20, control: true });
    const order = sandbox.store.orders.find((o) => o.isVisible);
    if (!order) throw new Error("seed");
    expect((await post(sandbox, `/_control/orders/${order.id}`, { problem: ["по телефону"] })).status).toBe(
      200,
    );
    expect(order.problem).toEqual(["по телефону"]);
    const created = (await (await post(sandbox, `/_control/shops/${order.shopId}/orders`, {})).json()) as {
      data: { id: string };
    };
    expect(sandbox.store.orderById.get(created.data.id)).toBeDefined();
    expect((await post(sandbox, `/_control/orders/${created.data.id}`, { delete: true })).status).toBe(200);
    expect(sandbox.store.orderById.get(created.data.id)?.isVisible).toBe(false);
    const random = (await (await post(sandbox, "/_control/random", { count: 3 })).json()) as {
      data: unknown[];
    };
    expect(random.data).toHaveLength(3);
    expect((await post(sandbox, "/_control/random", { count: "many" })).status).toBe(400);
    const unauthorized = await fetch(`${sandbox.url}/_control/random`, { method: "POST", body: "{}" });
    expect(unauthorized.status).toBe(401);
  });
});
