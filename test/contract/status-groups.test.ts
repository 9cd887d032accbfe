/**
 * "Done" and "overdue", defined once (src/contract/status-groups.ts, issue 35.3): an order
 * finished or closed is not overdue, whether its group or its dates say so; the card, a list's
 * deadline mark, /my's order, the stuck rule, the mirror's overdue list and the sandbox's
 * `isDeadline` filter all answer as the rule does.
 */
import { afterEach, describe, expect, it } from "vitest";
import { mineOrder } from "../../src/bot/orders/order-rules.ts";
import { isStuck } from "../../src/bot/orders/stuck.ts";
import { deadlineMark } from "../../src/bot/ui/deadline-mark.ts";
import {
  DONE_GROUPS,
  isDone,
  isDoneGroup,
  isOverdue,
  isStatusGroup,
  STATUS_GROUPS,
  statusGroupOf,
} from "../../src/contract/status-groups.ts";
import { createOrderMirror, type OrderMirror } from "../../src/mirror/index.ts";
import { isPastDeadline } from "../../src/sandbox/handlers/order-list.ts";
import type { Order } from "../../src/service/index.ts";
import { fakeMirrorClient, mirrorOptions, order } from "../mirror/helpers.ts";

const NOW = new Date("2026-03-10T12:00:00Z");
const PAST = new Date("2026-03-01T12:00:00Z");
const LATER = new Date("2026-03-20T12:00:00Z");
const inGroup = (type: string, extra: Partial<Order> = {}): Order =>
  order({ status: { id: `s-${type}`, name: type, type } as Order["status"], deadline: PAST, ...extra });

describe("the rule", () => {
  it("knows the service's five groups, two of them done", () => {
    expect(STATUS_GROUPS).toEqual(["new", "inWork", "wait", "finish", "closed"]);
    expect(DONE_GROUPS).toEqual(["finish", "closed"]);
    expect(STATUS_GROUPS.filter(isDoneGroup)).toEqual(["finish", "closed"]);
    expect(isStatusGroup("archive")).toBe(false);
    expect(isDoneGroup(undefined)).toBe(false);
    expect(isDoneGroup("")).toBe(false);
  });

  it("an order finished or closed is not overdue, by its group or by its dates", () => {
    expect(isOverdue(inGroup("finish"), NOW)).toBe(false);
    expect(isOverdue(inGroup("closed"), NOW)).toBe(false);
    expect(isOverdue({ deadline: PAST, dateFinish: PAST }, NOW)).toBe(false);
    expect(isOverdue({ deadline: PAST, dateClose: PAST }, NOW)).toBe(false);
    // A group the caller knows (the cached statuses) counts as the record's.
    expect(isOverdue({ deadline: PAST }, NOW, "closed")).toBe(false);
  });

  it("an open order past its deadline is overdue, known group or not; one due later or without a deadline is not", () => {
    for (const type of ["new", "inWork", "wait"]) expect(isOverdue(inGroup(type), NOW)).toBe(true);
    expect(isOverdue({ deadline: PAST }, NOW)).toBe(true);
    expect(isOverdue({ deadline: PAST }, NOW.getTime())).toBe(true);
    expect(isOverdue(inGroup("inWork", { deadline: LATER }), NOW)).toBe(false);
    expect(isOverdue(inGroup("inWork", { deadline: undefined }), NOW)).toBe(false);
    // Exactly at the deadline it is not past it yet.
    expect(isOverdue({ deadline: NOW }, NOW)).toBe(false);
  });

  it("an order's group: the record's own, else the known statuses' (a map or a list), else unknown", () => {
    const listed = { status: { id: "s2", name: "Готов" } };
    expect(statusGroupOf({ status: { id: "s2", type: "inWork" } }, [{ id: "s2", group: "finish" }])).toBe(
      "inWork",
    );
    expect(statusGroupOf(listed, [{ id: "s2", group: "finish" }])).toBe("finish");
    expect(statusGroupOf(listed, new Map([["s2", "closed"]]))).toBe("closed");
    expect(statusGroupOf({ status: { id: "s2", type: "" } }, new Map([["s2", "wait"]]))).toBe("wait");
    expect(statusGroupOf(listed, [{ id: "s3", group: "new" }])).toBeUndefined();
    expect(statusGroupOf(listed)).toBeUndefined();
    expect(statusGroupOf({})).toBeUndefined();
  });

  it("done by either sign", () => {
    expect(isDone(inGroup("wait", { dateFinish: PAST }))).toBe(true);
    expect(isDone(inGroup("wait"))).toBe(false);
    expect(isDone({}, "finish")).toBe(true);
    expect(isDone({})).toBe(false);
  });
});

describe("everyone answers as the rule does", () => {
  let mirror: OrderMirror | undefined;
  afterEach(async () => {
    await mirror?.stop();
    mirror = undefined;
  });
  const cases = [
    inGroup("new"),
    inGroup("inWork"),
    inGroup("wait"),
    inGroup("finish"),
    inGroup("closed"),
    inGroup("inWork", { deadline: LATER }),
  ];
  const t = (key: string) => key;

  it("the card's list mark, /my's order and the stuck rule", () => {
    for (const o of cases) {
      const overdue = isOverdue(o, NOW);
      const mark = deadlineMark(o, { t, now: NOW, timezone: "UTC" });
      expect(mark === "list-overdue-days" || mark === "list-overdue-today").toBe(overdue);
      if (isDone(o)) expect(mark).toBeUndefined();
      const rule = { now: NOW, stuckDays: 3, groupOf: () => o.status?.type };
      if (isDone(o)) expect(isStuck({ ...o, lastAction: PAST }, rule)).toBe(false);
    }
    const open = inGroup("inWork", { deadline: LATER });
    // Overdue first in /my: an overdue order before one due later, a done one after both.
    expect(mineOrder(inGroup("wait"), open, NOW.getTime())).toBeLessThan(0);
    expect(mineOrder(inGroup("finish"), inGroup("wait"), NOW.getTime())).toBeGreaterThan(0);
  });

  it("the mirror's overdue list holds exactly the overdue orders", () => {
    mirror = createOrderMirror(
      mirrorOptions({ client: fakeMirrorClient(), shopIds: [], now: () => NOW.getTime() }),
    );
    for (const o of cases) mirror.upsert(o);
    const listed = mirror.list({ overdue: true, pageSize: 50 }).items.map((item) => item.order.id);
    expect(listed.sort()).toEqual(
      cases
        .filter((o) => isOverdue(o, NOW))
        .map((o) => o.id)
        .sort(),
    );
  });

  it("the sandbox's isDeadline filter is the rule on the status's group", () => {
    const groups = new Map(STATUS_GROUPS.map((g) => [`s-${g}`, { group: g }]));
    const store = { statusById: groups } as unknown as Parameters<typeof isPastDeadline>[0];
    for (const o of cases) {
      const record = { statusId: o.status?.id ?? "", deadline: o.deadline?.getTime() ?? null };
      expect(isPastDeadline(store, record as never, NOW.getTime())).toBe(isOverdue(o, NOW));
    }
  });
});
