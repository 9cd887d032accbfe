/**
 * The order mirror on two instances with a real Redis (REDIS_TEST_URL):
 * exactly one syncs (a lease), the other applies its change feed to its own
 * SQLite copy; when the syncing one dies the other takes over within the
 * lease's lifetime and goes on from the shared watermark (no second backfill).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BUDGET, Mirror, type MirrorChange } from "../../src/mirror/index.ts";
import { redisCoordinator } from "../../src/mirror/redis-coordinator.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { createServiceClient } from "../../src/service/index.ts";
import { eventually } from "./cluster.ts";

const redisUrl = process.env.REDIS_TEST_URL;
const LEASE_MS = 800;

interface Instance {
  name: string;
  mirror: Mirror;
  redis: Redis;
  changes: MirrorChange[];
}

describe.skipIf(!redisUrl)("the order mirror on two instances", () => {
  let sandbox: Sandbox;
  let dir: string;
  let prefix: string;
  const instances: Instance[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ orders: 300 });
    dir = mkdtempSync(join(tmpdir(), "mirror-scale-"));
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    for (const instance of instances.splice(0)) {
      await instance.mirror.stop().catch(() => undefined);
      instance.redis.disconnect();
    }
  });

  async function start(name: string, feedMaxLen?: number): Promise<Instance> {
    const redis = new Redis(redisUrl ?? "", { lazyConnect: false, maxRetriesPerRequest: 1 });
    const client = createServiceClient({ baseUrl: sandbox.url, token: sandbox.token });
    const mirror = new Mirror({
      client,
      path: join(dir, `${prefix}-${name}.sqlite`),
      shopIds: [],
      budget: { ...DEFAULT_BUDGET, perWindow: 1000, reserve: 0, baseIntervalMs: 100 },
      overlapMs: 30_000,
      backfillDays: 30,
      instanceId: name,
      coordinator: redisCoordinator({
        redis,
        prefix: `${prefix}:mirror:`,
        instanceId: name,
        leaseMs: LEASE_MS,
        blockMs: 100,
        feedMaxLen,
      }),
    });
    const instance: Instance = { name, mirror, redis, changes: [] };
    mirror.onChange((batch) => {
      instance.changes.push(...batch);
    });
    await mirror.open();
    instances.push(instance);
    return instance;
  }

  /** Both step at once, as their timers would; returns the requests each sent. */
  async function stepBoth(a: Instance, b: Instance): Promise<[number, number]> {
    const [x, y] = await Promise.all([a.mirror.step(), b.mirror.step()]);
    return [x.requests, y.requests];
  }

  const openOrder = () => {
    const { store } = sandbox;
    const order = store.orders.find(
      (o) => o.isVisible && ["new", "inWork"].includes(store.statusById.get(o.statusId)?.group ?? ""),
    );
    if (!order) throw new Error("no open order");
    return order;
  };

  it("exactly one instance syncs; the other holds the same orders and sees the same changes", async () => {
    prefix = `mirror-${randomUUID()}`;
    const a = await start("a");
    const b = await start("b");
    let spentA = 0;
    let spentB = 0;
    for (
      let i = 0;
      i < 10 && !(a.mirror.progress.state.lastSyncAt ?? b.mirror.progress.state.lastSyncAt);
      i++
    ) {
      const [x, y] = await stepBoth(a, b);
      spentA += x;
      spentB += y;
    }
    expect([spentA, spentB].filter((n) => n > 0)).toHaveLength(1); // one of them, never both
    const [leader, replica] = spentA > 0 ? [a, b] : [b, a];
    expect(leader.mirror.stats().role).toBe("syncing");
    expect(replica.mirror.stats().role).toBe("replica");
    await eventually(
      "the replica holds the leader's orders",
      () => replica.mirror.stats().orders === leader.mirror.stats().orders,
    );
    expect(leader.mirror.stats().orders).toBeGreaterThan(50);
    const sample = openOrder();
    expect(replica.mirror.get(sample.id)?.order).toEqual(leader.mirror.get(sample.id)?.order);
    expect(replica.mirror.list({ text: sample.number }).items[0]?.order.id).toBe(sample.id);

    // Someone changes an order in the CRM: the leader finds it, the replica hears of it too.
    const ready = sandbox.store.ref.statuses.find((s) => s.group === "finish" && !s.isPayRequired);
    sandbox.others.changeStatus(sample.id, ready?.id ?? "");
    const [x, y] = await stepBoth(a, b);
    expect(leader === a ? y : x).toBe(0);
    await eventually("the replica has the change", () =>
      replica.changes.some((c) => c.order.id === sample.id && c.kind === "ready"),
    );
    expect(replica.changes.map((c) => c.id).sort()).toEqual(leader.changes.map((c) => c.id).sort());
    expect(replica.mirror.get(sample.id)?.order.status?.id).toBe(ready?.id);

    // A write through the bot on the replica reaches the leader's copy.
    const current = replica.mirror.get(sample.id)?.order;
    if (!current) throw new Error("not held");
    replica.mirror.upsert({ ...current, problem: ["записано ботом"] }, { actorId: 42 });
    await eventually(
      "the leader has the bot's write",
      () => leader.mirror.get(sample.id)?.order.problem?.[0] === "записано ботом",
    );
    expect(leader.changes.filter((c) => c.source === "bot")).toEqual([]); // no status/master change in it
  });

  it("the syncing instance dies: the other takes over within the lease and goes on from the shared watermark", async () => {
    prefix = `mirror-${randomUUID()}`;
    const a = await start("a");
    for (let i = 0; i < 10 && !a.mirror.progress.state.lastSyncAt; i++) await a.mirror.step();
    const b = await start("b");
    await eventually("b has the copy", () => b.mirror.stats().orders === a.mirror.stats().orders);
    expect((await b.mirror.step()).requests).toBe(0); // a holds the lease

    // a dies without a word: its connection drops, its lease is left to expire.
    a.redis.disconnect();
    const diedAt = Date.now();
    const order = openOrder();
    const master = sandbox.store
      .employeesOfShop(order.shopId)
      .find((e) => e.isMaster && e.id !== order.masterId);
    sandbox.others.assign(order.id, { masterId: master?.id ?? "" });
    let outcome = await b.mirror.step();
    while (outcome.requests === 0 && Date.now() - diedAt < LEASE_MS * 5) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      outcome = await b.mirror.step();
    }
    const takeoverMs = Date.now() - diedAt;
    expect(takeoverMs).toBeLessThan(LEASE_MS * 5);
    expect(b.mirror.stats().role).toBe("syncing");
    // Incremental from a's watermark: GET /statuses once and one page, not a backfill of hundreds of orders.
    expect(outcome).toMatchObject({ requests: 2, completed: true });
    expect(outcome.records).toBeLessThan(50);
    expect(b.changes.filter((c) => c.kind === "master").map((c) => c.order.id)).toEqual([order.id]);
  });

  it("a replica away while the feed was trimmed starts again from the records in Redis", async () => {
    prefix = `mirror-${randomUUID()}`;
    const a = await start("a", 2);
    for (let i = 0; i < 10 && !a.mirror.progress.state.lastSyncAt; i++) await a.mirror.step();
    let b = await start("b", 2);
    await eventually("b has the copy", () => b.mirror.stats().orders === a.mirror.stats().orders);
    // b goes away; meanwhile many batches pass and the feed keeps only the last few.
    await b.mirror.stop();
    b.redis.disconnect();
    instances.splice(instances.indexOf(b), 1);
    const { store } = sandbox;
    const changed = store.orders.filter((o) => a.mirror.get(o.id) && o.isVisible).slice(0, 30);
    for (const order of changed) {
      sandbox.others.change(order.id, { problem: ["пока b не было"] });
      const held = a.mirror.get(order.id)?.order;
      if (held) a.mirror.upsert({ ...held, problem: ["пока b не было"] }); // one batch each
    }
    expect(Number(await a.redis.xlen(`${prefix}:mirror:feed`))).toBeLessThan(30);
    b = await start("b", 2);
    for (const order of changed) expect(b.mirror.get(order.id)?.order.problem).toEqual(["пока b не было"]);
    expect(b.mirror.stats().orders).toBe(a.mirror.stats().orders);
  });
});
