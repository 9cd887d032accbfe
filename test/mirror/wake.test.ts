/**
 * Staff back after a quiet spell (the morning): the sync waiting at the
 * night's pace comes at the day's, so the first news of the day is not
 * minutes late. Its requests are the sync's (asSync), for the quota's share.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Mirror } from "../../src/mirror/index.ts";
import { purposeOf } from "../../src/service/index.ts";
import { fakeMirrorClient, mirrorOptions } from "./helpers.ts";

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 20, 6, 0);

let mirror: Mirror | undefined;
afterEach(async () => {
  await mirror?.stop();
  mirror = undefined;
});

describe("the sync's wake", () => {
  it("the first activity after a quiet spell brings the next sync to the day's pace", async () => {
    let now = T0;
    const client = fakeMirrorClient();
    mirror = new Mirror(mirrorOptions({ client, now: () => now }));
    await mirror.open();
    await mirror.step();
    // Nobody has used the bot: twice the base interval at least.
    expect(mirror.nextDueAt() - now).toBeGreaterThanOrEqual(2 * MINUTE);
    now += 10_000;
    mirror.noteActivity();
    // Staff at work: 3/4 of the base interval after the last sync.
    expect(mirror.nextDueAt()).toBe(T0 + 45_000);
  });

  it("reschedules the running timer: a sync comes at the day's pace, not the night's", async () => {
    const client = fakeMirrorClient();
    // A real clock with short intervals (and a budget that needs no spreading): night 4 s, day 1.5 s.
    const budget = { ...mirrorOptions({ client }).budget, perWindow: 10_000, baseIntervalMs: 2000 };
    mirror = new Mirror(mirrorOptions({ client, budget }));
    await mirror.start();
    const deadline = Date.now() + 2000;
    while (client.calls.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // The step is over and its timer set at the night's pace before anyone comes.
    await new Promise((r) => setTimeout(r, 200));
    const first = client.calls.length;
    expect(first).toBeGreaterThan(0);
    mirror.noteActivity();
    await new Promise((r) => setTimeout(r, 3000));
    // The night's timer would have fired after 4 s; the woken one did within ~1.5 s.
    expect(client.calls.length).toBeGreaterThan(first);
  });

  it("the sync's own requests are the sync's purpose, a lookup of an order it lacks a user's read", async () => {
    const purposes: string[] = [];
    const client = fakeMirrorClient();
    const list = client.orders.list.bind(client.orders);
    client.orders.list = (async (query: Parameters<typeof list>[0]) => {
      purposes.push(purposeOf("GET", false));
      return list(query);
    }) as typeof client.orders.list;
    const get = client.orders.get.bind(client.orders);
    client.orders.get = (async (id: string) => {
      purposes.push(purposeOf("GET", false));
      return get(id);
    }) as typeof client.orders.get;
    mirror = new Mirror(mirrorOptions({ client, now: () => T0 }));
    await mirror.open();
    await mirror.step();
    expect(purposes.length).toBeGreaterThan(0);
    expect(new Set(purposes)).toEqual(new Set(["sync"]));
    purposes.length = 0;
    await mirror.fetch("nope").catch(() => undefined);
    expect(purposes).toEqual(["read"]);
  });
});
