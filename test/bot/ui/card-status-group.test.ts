import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isOverdue } from "../../../src/contract/status-groups.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import type { Order } from "../../../src/service/index.ts";
import { createTestBot, type TestBot } from "../../helpers/test-bot.ts";

const NOW = new Date("2026-03-10T12:00:00Z");
const pastDeadline: Order = { id: "o1", number: "А000001", deadline: new Date("2026-03-01T12:00:00Z") };

describe("overdue mark and the status group", () => {
  it("never marks an order in a ready or handed-over status overdue", () => {
    expect(isOverdue(pastDeadline, NOW, "closed")).toBe(false);
    expect(isOverdue(pastDeadline, NOW, "finish")).toBe(false);
  });

  it("marks an order in work past its deadline overdue, known group or not", () => {
    expect(isOverdue(pastDeadline, NOW, "inWork")).toBe(true);
    expect(isOverdue(pastDeadline, NOW)).toBe(true);
  });
});

describe("a looked-up card of a handed-over order", () => {
  let sandbox: Sandbox;
  let t: TestBot;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    t = await createTestBot({ sandbox, operators: [1] });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  /** A visible handed-over order whose deadline has passed: list records carry no hand-over date. */
  function closedPastDeadline() {
    const now = Date.now();
    const order = sandbox.store.orders.find(
      (o) =>
        o.isVisible &&
        o.deadline !== null &&
        o.deadline < now &&
        sandbox.store.statusById.get(o.statusId)?.group === "closed",
    );
    if (!order) throw new Error("the demo data has no handed-over order past its deadline");
    return order;
  }

  it("is not marked overdue once the statuses are cached, and the lookup still costs one request", async () => {
    const order = closedPastDeadline();
    await t.services.reference.statuses();
    t.resetServiceRequests();
    const op = t.user(1, { languageCode: "en" });
    await op.send(order.number);
    const text = op.lastReply()?.text ?? "";
    expect(text).toContain(order.number);
    expect(text).not.toContain("Overdue");
    expect(t.serviceRequests()).toBe(1);
  });
});
