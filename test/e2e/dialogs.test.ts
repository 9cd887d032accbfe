/**
 * The dialogs end to end over real HTTP (long polling): order creation with a
 * prepayment, status change with payment, staff lists. Results are checked in
 * the sandbox through its own HTTP API.
 */
import { describe, expect, it } from "vitest";
import { OPERATOR, SECOND_OPERATOR, STRANGER, useStack, VIEWER } from "./harness/stack.ts";
import { changeStatusScript } from "./scenarios/change-status.ts";
import { createOrderScript } from "./scenarios/create-order.ts";
import { staffList } from "./scenarios/staff.ts";
import { walk } from "./scenarios/walker.ts";

const stack = useStack();

describe("order creation (/new)", () => {
  it("creates one order with a new client and a cash prepayment", async () => {
    const { telegram, api } = stack();
    const before = await api.orderCount();
    const script = createOrderScript({
      client: "Тестов Пётр E2E",
      phone: "+7 900 111-22-33",
      problem: "Screen cracked (e2e create)",
      prepayment: "500",
    });
    const { last } = await walk(telegram.user(OPERATOR), script, script.start);
    expect(last.text).toMatch(/<b>Order А\d{6}<\/b>/);

    expect(await api.orderCount()).toBe(before + 1);
    const [created] = (await api.orders({ filter: "Тестов Пётр E2E" })).data;
    expect(created?.counteragent?.name).toBe("Тестов Пётр E2E");
    const detail = await api.order(created?.id ?? "");
    expect(detail.problem).toEqual(["Screen cracked (e2e create)"]);
    // The full record as the real service gives it: the amount paid, one element per payment.
    expect(detail.cash).toMatchObject({ order: 500 });
    expect(paid(detail)).toEqual({ cash: 500, bank: 0 });
  });

  it("is for operators only: a viewer is told so, a stranger is refused", async () => {
    const { telegram } = stack();
    expect((await telegram.user(VIEWER).say("/new")).text).toContain("changes are for operators only");
    expect((await telegram.user(STRANGER).say("/new")).text).toContain(String(STRANGER));
  });
});

/** Cash and bank paid on an order, from the payments of its full record. */
function paid(order: object): { cash: number; bank: number } {
  const { cash } = order as { cash?: { elements?: { money: number; isBankTransfer: boolean }[] } };
  const elements = cash?.elements ?? [];
  const sum = (bank: boolean) =>
    elements.filter((p) => p.isBankTransfer === bank).reduce((total, p) => total + p.money, 0);
  return { cash: sum(false), bank: sum(true) };
}

describe("status change with payment (/status <number>)", () => {
  it("moves the order and records the cash and bank payment in the service", async () => {
    const { telegram, api } = stack();
    const [order] = (await api.orders({ num: "1042" })).data;
    const before = await api.order(order?.id ?? "");
    const script = changeStatusScript(1042, {
      status: /^Согласовано, предоплата/,
      cash: "700",
      bank: "300.50",
      note: "paid in full (e2e)",
    });
    const { last } = await walk(telegram.user(SECOND_OPERATOR), script, script.start);
    expect(last.text).toContain("✅ Status changed: Согласовано, предоплата");

    const after = await api.order(order?.id ?? "");
    expect(after.status?.name).toBe("Согласовано, предоплата");
    expect(paid(after).cash).toBeCloseTo(paid(before).cash + 700);
    expect(paid(after).bank).toBeCloseTo(paid(before).bank + 300.5);
  });
});

describe("staff lookup", () => {
  it("lists masters, managers and all staff", async () => {
    const op = stack().telegram.user(OPERATOR);
    expect((await staffList(op, "/masters")).text).toMatch(/Masters[\s\S]*\n1\. /);
    expect((await staffList(op, "/managers")).text).toMatch(/Managers[\s\S]*\n1\. /);
    expect((await staffList(op, "/staff")).text).toMatch(/Staff[\s\S]*\n1\. /);
  });
});

describe("the bot process", () => {
  it("handled every dialog without an error or a crash", () => {
    const { bot } = stack();
    expect(bot.crashes()).toEqual([]);
    expect(bot.errors()).toEqual([]);
    expect(bot.unexpectedExits()).toEqual([]);
  });
});
