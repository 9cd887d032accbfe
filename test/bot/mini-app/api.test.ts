/**
 * The Mini App's API (issue 38.2, 38.3): nothing is answered without Telegram's
 * initData signed by the bot token and young enough (a forged or expired one is
 * refused at 0 requests), the role is the bot's own (a viewer reads, cannot
 * write), the board counts the sandbox's open orders at 0 requests, and a status
 * change with payment is ONE PATCH however often the same submission arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import { createMiniAppBot, MAX_AGE, type MiniAppBot } from "../../helpers/mini-app.ts";

const OPERATOR = 801;
const VIEWER = 802;
const STRANGER = 803;
let t: MiniAppBot;
let sandbox: Sandbox;

beforeAll(async () => {
  t = await createMiniAppBot({
    operators: [OPERATOR],
    viewers: [VIEWER],
    orders: 150,
    start: new Date("2026-11-18T09:00:00Z"),
  });
  sandbox = t.sandbox;
});
afterAll(() => t.close());

function openCounts() {
  const counts = new Map<string, number>();
  for (const order of sandbox.store.orders) {
    if (!order.isVisible || sandbox.store.statusById.get(order.statusId)?.group === "closed") continue;
    counts.set(order.statusId, (counts.get(order.statusId) ?? 0) + 1);
  }
  return counts;
}

describe("who may ask", () => {
  it("refuses a call without initData, with a forged one, another token's or an expired one, at 0 requests", async () => {
    const good = t.initDataFor(OPERATOR);
    const forged = good.replace(/User801/, "User802");
    const otherToken = t.initDataFor(OPERATOR, { token: "999:OTHER" });
    const expired = t.initDataFor(OPERATOR, {
      authDate: new Date(t.clock.now().getTime() - (MAX_AGE + 60) * 1000),
    });
    const noHash = good.replace(/&?hash=[0-9a-f]+/, "");
    t.mark();
    for (const initData of [undefined, "", forged, otherToken, expired, noHash, "hash=zz&auth_date=1"]) {
      const answer = await t.call("board", initData);
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe("auth");
    }
    expect((await t.call("status", forged, { key: "k-forged-1", orderId: "x", statusId: "y" })).status).toBe(
      401,
    );
    expect(t.requests()).toBe(0);
  });

  it("takes an old initData within MINI_APP_MAX_AGE (Telegram Desktop's old auth_date)", async () => {
    const old = t.initDataFor(VIEWER, {
      authDate: new Date(t.clock.now().getTime() - (MAX_AGE - 60) * 1000),
    });
    expect((await t.call("me", old)).status).toBe(200);
  });

  it("gives the role as the bot does; a stranger is refused", async () => {
    expect((await t.call("me", t.initDataFor(OPERATOR))).body).toMatchObject({
      role: "operator",
      writes: true,
    });
    expect((await t.call("me", t.initDataFor(VIEWER, { languageCode: "ru" }))).body).toMatchObject({
      role: "viewer",
      writes: false,
      locale: "ru",
    });
    expect((await t.call("me", t.initDataFor(STRANGER))).status).toBe(403);
    expect((await t.call("board", t.initDataFor(STRANGER))).status).toBe(403);
  });

  it("lets a viewer read but not write, at 0 requests", async () => {
    const viewer = t.initDataFor(VIEWER);
    const order = sandbox.store.orders.find((o) => o.isVisible);
    t.mark();
    expect((await t.call("board", viewer)).status).toBe(200);
    const write = await t.call("status", viewer, { key: "viewer-key-1", orderId: order?.id, statusId: "x" });
    expect(write.status).toBe(403);
    expect(
      (await t.call("comment", viewer, { key: "viewer-key-2", orderId: order?.id, text: "hi" })).status,
    ).toBe(403);
    expect(t.requests()).toBe(0);
  });
});

describe("the board", () => {
  it("counts the sandbox's open orders per status and group, ready first, at 0 requests", async () => {
    const counts = openCounts();
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    t.mark();
    const { status, body } = await t.call("board", t.initDataFor(OPERATOR));
    expect(t.requests()).toBe(0);
    expect(status).toBe(200);
    expect(body.total).toBe(total);
    expect(body.columns[0].group).toBe("finish");
    for (const column of body.columns)
      for (const s of column.statuses) {
        expect(s.count).toBe(counts.get(s.id));
        expect(s.orders).toHaveLength(s.count);
      }
    const groups = body.columns.map((c: { group: string }) => c.group);
    expect(groups.indexOf("wait")).toBeLessThan(groups.indexOf("new"));
  });

  it("searches the bot's copy by number and client at 0 requests", async () => {
    const order = sandbox.store.orders.find((o) => o.isVisible && t.mirror.get(o.id));
    const client = sandbox.store.counteragents.find((c) => c.id === order?.counteragentId);
    t.mark();
    const byNumber = await t.call(
      `search?q=${encodeURIComponent(order?.number ?? "")}`,
      t.initDataFor(VIEWER),
    );
    expect(byNumber.body.orders.map((o: { id: string }) => o.id)).toContain(order?.id);
    const byName = await t.call(`search?q=${encodeURIComponent(client?.name ?? "")}`, t.initDataFor(VIEWER));
    expect(byName.body.orders.map((o: { id: string }) => o.id)).toContain(order?.id);
    expect(t.requests()).toBe(0);
  });
});

describe("a status change with payment", () => {
  it("is one PATCH for a double submit and a retry of the same key, with the money taken", async () => {
    const store = sandbox.store;
    const payStatus = [...store.statusById.values()].find((s) => s.isPayRequired && s.group === "closed");
    const order = store.orders.find(
      (o) => o.isVisible && store.statusById.get(o.statusId)?.group === "finish" && o.shopId,
    );
    expect(payStatus && order).toBeTruthy();
    const detail = await t.call(`order?id=${order?.id}`, t.initDataFor(OPERATOR));
    const register = detail.body.registers.find((r: { cash: boolean }) => r.cash);
    const body = {
      key: "form-submit-0001",
      orderId: order?.id,
      statusId: payStatus?.id,
      payment: { registerId: register.id, money: "150" },
    };
    const initData = t.initDataFor(OPERATOR);
    const paidBefore = store.orders.find((o) => o.id === order?.id)?.paidCash ?? 0;
    sandbox.resetCounts();
    const [first, second] = await Promise.all([
      t.call("status", initData, body),
      t.call("status", initData, body),
    ]);
    const retry = await t.call("status", initData, body);
    expect(first.body.ok).toBe(true);
    expect(second.body.ok).toBe(true);
    expect(retry.body.ok).toBe(true);
    expect(sandbox.requestCount()).toBe(1);
    const after = store.orders.find((o) => o.id === order?.id);
    expect(after?.statusId).toBe(payStatus?.id);
    expect(first.body.order.status.id).toBe(payStatus?.id);
    expect(after?.paidCash ?? 0).toBeCloseTo(paidBefore + 150);
    // The card went to the operator's chat with the bot, as after a chat write.
    expect(t.telegram.botMessages(OPERATOR).at(-1)?.text).toContain(payStatus?.name ?? "?");
  });

  it("refuses an unknown register or a bad amount before any request", async () => {
    const order = sandbox.store.orders.find((o) => o.isVisible && o.shopId);
    const status = [...sandbox.store.statusById.values()].find((s) => s.group === "inWork");
    t.mark();
    const bad = await t.call("status", t.initDataFor(OPERATOR), {
      key: "form-submit-0002",
      orderId: order?.id,
      statusId: status?.id,
      payment: { registerId: "nope", money: "-5" },
    });
    expect(bad.status).toBe(400);
  });
});
