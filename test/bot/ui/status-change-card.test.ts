import { describe, expect, it } from "vitest";
import { changedRecord } from "../../../src/bot/writes/kinds/order-record.ts";
import { isOverdue } from "../../../src/contract/status-groups.ts";
import type { Order } from "../../../src/service/index.ts";

const NOW = new Date("2026-03-10T12:00:00Z");
const overdue: Order = {
  id: "o1",
  number: "А001042",
  deadline: new Date("2026-03-05T16:00:00Z"),
  status: { id: "s-work", name: "В работе" },
  cash: { summ: 2400 },
};

describe("the card after a status change", () => {
  it("marks a handed-over order closed, so it no longer reads as overdue", () => {
    const after = changedRecord(overdue, { status: { id: "s-out", name: "Выдан", group: "closed" } }, NOW);
    expect(after.status).toMatchObject({ id: "s-out", name: "Выдан" });
    expect(after.dateClose).toEqual(NOW);
    expect(after.dateFinish).toEqual(NOW);
    expect(isOverdue(after, NOW)).toBe(false);
  });

  it("marks a ready order finished but not handed over", () => {
    const after = changedRecord(overdue, { status: { id: "s-ready", name: "Готов", group: "finish" } }, NOW);
    expect(after.dateFinish).toEqual(NOW);
    expect(after.dateClose).toBeUndefined();
    expect(isOverdue(after, NOW)).toBe(false);
  });

  it("keeps an order in work overdue and adds the received sums to what was paid", () => {
    const after = changedRecord(
      overdue,
      {
        status: { id: "s-wait", name: "Ждёт запчасть", group: "wait" },
        payment: { registerId: "r1", money: 1000, bank: 600.5 },
      },
      NOW,
    );
    expect(after.cash?.summ).toBe(4000.5);
    expect(after.dateFinish).toBeUndefined();
    expect(isOverdue(after, NOW)).toBe(true);
  });
});
