/**
 * The company's clients in the mirror: filled from GET /counteragents within the
 * sync's budget (over as many quota windows as it takes), kept current like the
 * orders, found by name and phone digits with no request; a client's older
 * orders one request away and kept; a client's change reaches their held orders' copies.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type Coordinator, DEFAULT_BUDGET, type FeedBatch, Mirror } from "../../src/mirror/index.ts";
import type { Rig } from "./sandbox-mirror.ts";
import { startRig, syncUntilDone } from "./sandbox-mirror.ts";

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const DAY = 86_400_000;
const MINUTE = 60_000;

/** Steps until the clients' first fill is done (or `max` steps); the requests spent. */
async function fillClients(r: Rig, max = 40): Promise<number> {
  let requests = 0;
  for (let i = 0; i < max && r.mirror.stats().clientsFilling; i++) {
    requests += (await r.mirror.step()).requests;
    r.clock.advance(MINUTE);
  }
  return requests;
}

/** A client none of whose orders the backfill held: every order of theirs closed over 31 days ago. */
function returningClient(r: Rig) {
  const { store } = r.sandbox;
  const since = r.clock.now() - 31 * DAY;
  const recent = new Set(
    store.orders
      .filter((o) => store.statusById.get(o.statusId)?.group !== "closed" || o.lastAction >= since)
      .map((o) => o.counteragentId),
  );
  const client = store.counteragents.find(
    (c) =>
      !recent.has(c.id) &&
      c.phones.length > 0 &&
      store.orders.some((o) => o.counteragentId === c.id && o.isVisible),
  );
  if (!client) throw new Error("the seed has no returning client");
  return client;
}

describe("clients in the mirror", () => {
  it("fills every client after the orders' backfill and finds a returning one by name and phone at 0 requests", async () => {
    rig = await startRig({ mirror: { clients: true } });
    await syncUntilDone(rig.mirror);
    await fillClients(rig);
    expect(rig.mirror.stats().clientsFilling).toBe(false);
    expect(rig.mirror.stats().clients).toBe(rig.sandbox.store.counteragents.length);
    const client = returningClient(rig);
    expect(rig.mirror.clientOrders(client.id, 50)).toEqual([]);
    const before = rig.sandbox.requestCount();
    const surname = client.name.split(" ")[0] ?? client.name;
    expect(rig.mirror.searchClients(surname, 50).items.map((c) => c.client.id)).toContain(client.id);
    const digits = (client.phones[0] ?? "").replace(/\D/g, "");
    expect(rig.mirror.searchClients(digits.slice(-6), 50).items.map((c) => c.client.id)).toContain(client.id);
    // Typed the Russian way, with the trunk 8 and spaces.
    const typed = `8 ${digits.slice(1, 4)} ${digits.slice(4)}`;
    expect(rig.mirror.searchClients(typed, 5).items.map((c) => c.client.id)).toContain(client.id);
    expect(rig.sandbox.requestCount() - before).toBe(0);
  });

  it("spreads the fill over several quota windows when the budget is small", async () => {
    rig = await startRig({
      sandbox: { orders: 300 },
      mirror: { clients: true },
    });
    await syncUntilDone(rig.mirror);
    const small = await rig.reopen({
      clients: true,
      budget: { ...DEFAULT_BUDGET, baseIntervalMs: 10_000, perWindow: 13, reserve: 0 },
    });
    const pages = Math.ceil(rig.sandbox.store.counteragents.length / 50);
    let steps = 0;
    const windows = new Set<number>();
    while (small.stats().clientsFilling && steps < 200) {
      const outcome = await small.step();
      if (outcome.requests > 0) windows.add(Math.floor(rig.clock.now() / (15 * MINUTE)));
      // No step spends the whole window: the orders' syncs keep their share.
      expect(small.stats().requestsThisWindow).toBeLessThanOrEqual(13);
      rig.clock.advance(MINUTE);
      steps++;
    }
    expect(small.stats().clientsFilling).toBe(false);
    expect(small.stats().clients).toBe(rig.sandbox.store.counteragents.length);
    expect(windows.size).toBeGreaterThan(1);
    expect(pages).toBeGreaterThan(2);
  });

  it("a client changed in the CRM reaches the mirror and their held orders' copies within the refresh", async () => {
    rig = await startRig({ mirror: { clients: true } });
    await syncUntilDone(rig.mirror);
    await fillClients(rig);
    const held = rig.mirror.list({ pageSize: 50 }).items.find((m) => m.order.counteragent?.id);
    const clientId = held?.order.counteragent?.id ?? "";
    const record = await rig.client.counteragents.get(clientId);
    rig.clock.advance(MINUTE);
    await rig.client.counteragents.update(clientId, {
      name: record.name ?? "x",
      typeCounteragentId: record.typeCounteragent?.id ?? "",
      isBuyer: record.isBuyer ?? true,
      isVendor: record.isVendor ?? false,
      phones: ["+7 999 000-11-22"],
    });
    rig.clock.advance(11 * MINUTE);
    await rig.mirror.step();
    expect(rig.mirror.client(clientId)?.client.phones).toEqual(["+7 999 000-11-22"]);
    expect(rig.mirror.get(held?.order.id ?? "")?.order.counteragent?.phones).toEqual(["+7 999 000-11-22"]);
    expect(rig.mirror.searchClients("0001122", 5).items.map((c) => c.client.id)).toEqual([clientId]);
  });

  it("a returning client's older orders cost one request, are kept, and listed open first, newest first", async () => {
    rig = await startRig({ mirror: { clients: true } });
    await syncUntilDone(rig.mirror);
    const client = returningClient(rig);
    const theirs = rig.sandbox.store.orders.filter((o) => o.counteragentId === client.id && o.isVisible);
    const before = rig.sandbox.requestCount();
    expect(await rig.mirror.readClientOrders(client.id)).toBe(Math.min(theirs.length, 50));
    expect(rig.sandbox.requestCount() - before).toBe(1);
    const listed = rig.mirror.clientOrders(client.id, 50);
    expect(listed.map((m) => m.order.id).sort()).toEqual(theirs.map((o) => o.id).sort());
    const created = listed.map((m) => m.order.dateCreate?.getTime() ?? 0);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(rig.mirror.client(client.id)?.ordersReadAt).toBeInstanceOf(Date);
    expect(rig.sandbox.requestCount() - before).toBe(1);
  });

  it("a client of a held order is found by name even with MIRROR_CLIENTS off (no request)", async () => {
    rig = await startRig();
    await syncUntilDone(rig.mirror);
    const held = rig.mirror.list({ pageSize: 1 }).items[0]?.order;
    const name = held?.counteragent?.name ?? "";
    const before = rig.sandbox.requestCount();
    const found = rig.mirror.searchClients(name, 50).items.map((c) => c.client.id);
    expect(found).toContain(held?.counteragent?.id);
    expect(rig.sandbox.requestCount() - before).toBe(0);
    expect(rig.mirror.stats().clientsFilling).toBe(false);
  });
});

describe("clients across instances", () => {
  it("a replica keeps the clients the syncing instance read and the bot wrote (the feed)", async () => {
    rig = await startRig({ mirror: { clients: true } });
    const r = rig;
    const followers: ((batch: FeedBatch) => void)[] = [];
    let state: unknown;
    const shared = (leader: boolean) => (): Coordinator => ({
      kind: "redis",
      lead: async () => leader,
      loadState: async () => state as never,
      saveState: async (next) => {
        state = next;
      },
      publish: async (batch) => {
        for (const follow of followers) follow(batch);
      },
      follow: async (apply) => {
        followers.push(apply);
      },
      close: async () => undefined,
    });
    const make = (leader: boolean, id: string) =>
      new Mirror({
        client: r.client,
        path: ":memory:",
        shopIds: [],
        budget: { ...DEFAULT_BUDGET, perWindow: 1000, reserve: 0, baseIntervalMs: 10_000 },
        overlapMs: 30_000,
        backfillDays: 30,
        clients: true,
        now: r.clock.now,
        coordinator: shared(leader),
        instanceId: id,
      });
    const leader = make(true, "a");
    const replica = make(false, "b");
    await replica.open();
    await leader.open();
    await syncUntilDone(leader);
    for (let i = 0; i < 20 && leader.stats().clientsFilling; i++) await leader.step();
    expect(replica.stats().clients).toBe(rig.sandbox.store.counteragents.length);
    const some = rig.sandbox.store.counteragents[3];
    if (!some) throw new Error("no client");
    const record = await rig.client.counteragents.get(some.id);
    leader.putClient({ ...record, phones: ["+7 999 111-22-33"] });
    expect(replica.client(some.id)?.client.phones).toEqual(["+7 999 111-22-33"]);
    await leader.stop();
    await replica.stop();
  });
});
