/** Stuck orders: the rule, the mirror's list, /overdue stuck from the service (ru and en, 1 request). */
import { describe, expect, it } from "vitest";
import { isStuck, type StuckRule } from "../../../src/bot/orders/stuck.ts";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import type { Order } from "../../../src/service/index.ts";
import { OPERATOR, useDialogBot } from "../../helpers/dialog-fixture.ts";
import type { TestBot } from "../../helpers/test-bot.ts";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-11-25T09:00:00Z");
const groups: Record<string, string> = { s1: "inWork", s2: "finish", s3: "closed", s4: "new" };
const rule: StuckRule = { now: NOW, stuckDays: 3, groupOf: (o) => groups[o.status?.id ?? ""] };
const order = (id: string, status: string, daysAgo: number, extra: Partial<Order> = {}): Order => ({
  id,
  number: `А${id}`,
  status: { id: status, name: status },
  lastAction: new Date(NOW.getTime() - daysAgo * DAY),
  ...extra,
});

describe("the stuck rule", () => {
  it("an open order untouched for STUCK_DAYS is stuck, a fresher one is not", () => {
    expect(isStuck(order("1", "s1", 4), rule)).toBe(true);
    expect(isStuck(order("2", "s4", 2), rule)).toBe(false);
  });
  it("an open order past its status's norm is stuck however fresh", () => {
    expect(isStuck(order("3", "s1", 0, { statusDeadline: new Date(NOW.getTime() - 1000) }), rule)).toBe(true);
  });
  it("ready and closed orders never are; a list record (no lastAction) found by the filter is", () => {
    expect(isStuck(order("4", "s2", 30), rule)).toBe(false);
    expect(isStuck(order("5", "s3", 30), rule)).toBe(false);
    expect(isStuck(order("6", "s1", 30, { dateFinish: NOW }), rule)).toBe(false);
    expect(isStuck({ id: "7", status: { id: "s1", name: "x" } }, rule)).toBe(true);
  });
});

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;
useDialogBot({ viewers: [202] }, (started) => ({ sandbox, t, shopId } = started));

describe("/overdue stuck", () => {
  it("lists open orders unchanged for STUCK_DAYS with one request (en), none when all are fresh (ru)", async () => {
    const open = sandbox.store.orders.filter(
      (o) =>
        o.shopId === shopId &&
        o.isVisible &&
        ["new", "inWork", "wait"].includes(sandbox.store.statusById.get(o.statusId)?.group ?? ""),
    );
    const now = t.clock.now().getTime();
    for (const o of open) o.lastAction = now;
    const target = open[0];
    if (!target) throw new Error("no open order");
    target.lastAction = now - 10 * DAY;
    const op = t.user(OPERATOR, { languageCode: "en" });
    // The first time the statuses are read (1 request) and cached; then one list request a page.
    await op.send("/overdue stuck");
    t.resetServiceRequests();
    await op.send("/overdue stuck");
    expect(t.serviceRequests()).toBe(1);
    expect(op.lastReply()?.text).toContain("Stuck orders: 1");
    const buttons =
      op
        .lastReply()
        ?.replyMarkup?.inline_keyboard.flat()
        .map((b) => b.text) ?? [];
    expect(buttons.some((b) => b.includes(target.number))).toBe(true);
    target.lastAction = now;
    const ru = t.user(OPERATOR, { languageCode: "ru" });
    await ru.send("/overdue застряли");
    expect(ru.lastReply()?.text).toContain("Зависших заказов нет");
  });

  it("is open to viewers (it only reads) and tells a stranger nothing", async () => {
    const viewer = t.user(202, { languageCode: "en" });
    await viewer.send("/overdue stuck");
    expect(viewer.lastReply()?.text).toMatch(/Stuck orders:|No stuck orders/);
    const stranger = t.user(909, { languageCode: "en" });
    await stranger.send("/overdue stuck");
    expect(stranger.lastReply()?.text).not.toMatch(/Stuck|stuck/);
  });

  it("the help names the stuck page", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/help");
    expect(op.lastReply()?.text).toContain("/overdue stuck");
  });
});
