/**
 * The write reserve that follows the writes seen (WRITE_RESERVE unset: twice the
 * most writes of a recent window, at least WRITE_RESERVE_MIN, at most half the
 * quota) and the sync's share (MIRROR_BUDGET) that users' reads leave it,
 * against the sandbox's real 100-request quota, counted by the sandbox.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { asSync, createServiceClient, isServiceError, type ServiceClient } from "../../src/service/index.ts";

const MINUTE = 60_000;
const WINDOW_MS = 15 * MINUTE;
const T0 = Date.parse("2026-03-01T10:00:00Z");

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function rig(options: { writeReserve?: number | "auto"; floor?: number; syncShare?: number } = {}) {
  const clock = { t: T0 };
  const now = () => clock.t;
  sandbox = await startSandbox({
    port: 0,
    orders: 40,
    clock: { now },
    quota: { limit: 100, windowMs: WINDOW_MS },
  });
  const client = createServiceClient({
    baseUrl: sandbox.url,
    token: sandbox.token,
    now,
    retry: { count: 0 },
    writeReserve: options.writeReserve ?? "auto",
    writeReserveFloor: options.floor,
    syncShare: options.syncShare,
  });
  const orderId = sandbox.store.orders.find((o) => o.isVisible)?.id ?? "";
  const left = () => sandbox?.quota.peek(sandbox.login).remainRequest ?? 0;
  return { client, clock, orderId, left, box: sandbox };
}

/** Reads until the client refuses one; returns how many went and the refusal. */
async function readUntilRefused(client: ServiceClient, read: () => Promise<unknown>) {
  for (let sent = 0; sent < 200; sent++) {
    const error = await read().then(
      () => undefined,
      (e: unknown) => e,
    );
    if (error !== undefined) return { sent, error };
  }
  throw new Error(`never refused; the client saw ${JSON.stringify(client.quota)}`);
}

const comment = (client: ServiceClient, orderId: string, i: number) =>
  client.orders.update(orderId, { comment: `note ${i}` });

describe("the write reserve follows the writes seen", () => {
  it("keeps its floor before any write, so reads stop at 10 left with nothing sent", async () => {
    const { client, left, box } = await rig();
    const { sent, error } = await readUntilRefused(client, () => client.shops.list());
    expect(isServiceError(error) && error.kind).toBe("quota");
    expect(error).toMatchObject({ reserve: 10 });
    expect(sent).toBe(90);
    expect(left()).toBe(10);
    expect(box.requestCount(box.login)).toBe(90);
    expect(client.writeReserve).toBe(10);
  });

  it("keeps twice the busiest window's writes, less those this window has made, and refuses no write while requests are left", async () => {
    const { client, clock, orderId, left, box } = await rig();
    for (let i = 0; i < 15; i++) await comment(client, orderId, i);
    // This window is the busiest: as many again are kept for the writes still to come.
    expect(client.writeReserve).toBe(15);
    clock.t += WINDOW_MS + 1000;
    box.resetQuota();
    // The next window starts with twice the busiest (30) kept: reads stop with 30 left.
    const { sent } = await readUntilRefused(client, () => client.shops.list());
    expect(client.writeReserve).toBe(30);
    expect(sent).toBe(70);
    expect(left()).toBe(30);
    // Each write made is one fewer to keep.
    for (let i = 0; i < 10; i++) await comment(client, orderId, 100 + i);
    expect(client.writeReserve).toBe(20);
    // Every write goes until the service itself has none left.
    for (let i = 0; i < 20; i++) await comment(client, orderId, 200 + i);
    expect(left()).toBe(0);
    await expect(comment(client, orderId, 999)).rejects.toMatchObject({ kind: "quota", reserve: undefined });
    // The first window's 15 and the whole of the second.
    expect(box.requestCount(box.login)).toBe(115);
  });

  it("never keeps more than half the quota, however busy", async () => {
    const { client, clock, orderId, box } = await rig();
    for (let i = 0; i < 40; i++) await comment(client, orderId, i);
    expect(client.writeReserve).toBe(40);
    clock.t += WINDOW_MS + 1000;
    box.resetQuota();
    await client.shops.list();
    expect(client.writeReserve).toBe(50);
  });

  it("a busy window's writes keep the reserve up in the next windows of the hour, then it falls to the floor", async () => {
    const { client, clock, orderId, box } = await rig();
    for (let i = 0; i < 12; i++) await comment(client, orderId, i);
    expect(client.writeReserve).toBe(12);
    clock.t += WINDOW_MS + 1000;
    box.resetQuota();
    await client.shops.list();
    expect(client.writeReserve).toBe(24);
    // An hour of quiet windows later the busy one is forgotten.
    for (let w = 0; w < 4; w++) {
      clock.t += WINDOW_MS + 1000;
      box.resetQuota();
      await client.shops.list();
    }
    expect(client.writeReserve).toBe(10);
  });

  it("WRITE_RESERVE as a number fixes it, whatever is written", async () => {
    const { client, orderId } = await rig({ writeReserve: 5 });
    for (let i = 0; i < 20; i++) await comment(client, orderId, i);
    expect(client.writeReserve).toBe(5);
    const { sent } = await readUntilRefused(client, () => client.shops.list());
    expect(sent).toBe(75);
  });
});

describe("the sync's share", () => {
  it("users' reads leave the sync's unspent share; the sync reads down to the write reserve", async () => {
    const { client, left } = await rig({ syncShare: 40 });
    // The sync spends 5 of its 40.
    for (let i = 0; i < 5; i++) await asSync(() => client.orders.list({ pageSize: 1 }));
    const users = await readUntilRefused(client, () => client.shops.list());
    // 95 left: users stop at the reserve (10) and the 35 the sync has not spent.
    expect(users.sent).toBe(50);
    expect(users.error).toMatchObject({ kind: "quota", reserve: 45 });
    expect(client.readAllowance()).toBe(0);
    expect(left()).toBe(45);
    const sync = await readUntilRefused(client, () => asSync(() => client.orders.list({ pageSize: 1 })));
    expect(sync.sent).toBe(35);
    expect(sync.error).toMatchObject({ kind: "quota", reserve: 10 });
    expect(left()).toBe(10);
  });

  it("holds for the sync no more than its share of the window's time left", async () => {
    const { client, clock, left } = await rig({ syncShare: 40 });
    await client.shops.list(); // the window starts: 99 left, it resets 15 minutes on
    clock.t += 10 * MINUTE;
    // 5 of 15 minutes left: the sync, which spent nothing, is held ceil(40 × 5/15) = 14, not 40.
    const users = await readUntilRefused(client, () => client.shops.list());
    expect(users.error).toMatchObject({ kind: "quota", reserve: 24 });
    expect(left()).toBe(24);
    expect(users.sent).toBe(75);
    // Later still, less is held: a minute before the reset, ceil(40/15) = 3 beside the reserve.
    clock.t += 4 * MINUTE;
    const later = await readUntilRefused(client, () => client.shops.list());
    expect(later.sent).toBe(11);
    expect(later.error).toMatchObject({ kind: "quota", reserve: 13 });
    // The sync still gets what is held for it and reads down to the write reserve.
    const sync = await readUntilRefused(client, () => asSync(() => client.orders.list({ pageSize: 1 })));
    expect(sync.sent).toBe(3);
    expect(left()).toBe(10);
  });

  it("a share the sync has spent is the users' again", async () => {
    const { client } = await rig({ syncShare: 20 });
    for (let i = 0; i < 20; i++) await asSync(() => client.orders.list({ pageSize: 1 }));
    const users = await readUntilRefused(client, () => client.shops.list());
    expect(users.sent).toBe(70);
  });
});
