/**
 * /board (issue 29.1): the open orders by status group and status with their
 * counts, ready first, against the sandbox's own orders, at 0 requests; a
 * status's page of orders with deadline marks; the "mine" and workshop filters.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";

const OPERATOR = 701;
const VIEWER = 702;
let t: MirrorBot;
let sandbox: Sandbox;

beforeAll(async () => {
  t = await createMirrorBot({ operators: [OPERATOR], viewers: [VIEWER], orders: 150 });
  sandbox = t.sandbox;
});
afterAll(() => t.close());

/** The open orders per status as the sandbox holds them (the expected figures). */
function expected(filter: (o: Sandbox["store"]["orders"][number]) => boolean = () => true) {
  const store = sandbox.store;
  const counts = new Map<string, number>();
  for (const order of store.orders) {
    if (!order.isVisible || !filter(order)) continue;
    if (store.statusById.get(order.statusId)?.group === "closed") continue;
    counts.set(order.statusId, (counts.get(order.statusId) ?? 0) + 1);
  }
  return counts;
}
const statusName = (id: string) => sandbox.store.statusById.get(id)?.name ?? "";
const groupOf = (id: string) => sandbox.store.statusById.get(id)?.group ?? "";
const buttonsOf = (user: ReturnType<MirrorBot["user"]>) =>
  user
    .lastReply()
    ?.replyMarkup?.inline_keyboard.flat()
    .map((b) => b.text) ?? [];

describe("/board", () => {
  it("counts every status and group of the open orders, ready first, with no request (en)", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    const counts = expected();
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    t.mark();
    await op.send("/board");
    expect(t.requests()).toBe(0);
    const text = op.lastReply()?.text ?? "";
    expect(text).toContain(`<b>Board</b>: ${total} open orders`);
    for (const [id, count] of counts) expect(text).toContain(`• ${statusName(id)} — ${count}`);
    // Ready first: the first group line is the ready group's, counted over its statuses.
    const ready = [...counts].filter(([id]) => groupOf(id) === "finish").reduce((a, [, n]) => a + n, 0);
    expect(ready).toBeGreaterThan(0);
    const firstGroup = text.split("\n").find((line) => line.startsWith("<b>"));
    expect(firstGroup).toBe(`<b>Ready</b> — ${ready}`);
    const labels = buttonsOf(op);
    const firstStatus = [...counts].find(([id]) => groupOf(id) === "finish");
    expect(labels[0]).toBe(`${statusName(firstStatus?.[0] ?? "")} · ${firstStatus?.[1]}`);
    expect(labels).toContain("👤 Mine");
  });

  it("a status opens the page of its orders with deadline marks, still no request (ru, a viewer)", async () => {
    const viewer = t.user(VIEWER, { languageCode: "ru" });
    await viewer.send("/board");
    expect(viewer.lastReply()?.text).toContain("<b>Доска</b>");
    const counts = expected();
    const [id, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
    t.mark();
    await viewer.press(`${statusName(id)} · ${count}`);
    expect(t.requests()).toBe(0);
    const list = viewer.lastReply();
    expect(list?.text).toContain(`📋 ${statusName(id)}: ${count} открыт`);
    const orders = list?.replyMarkup?.inline_keyboard
      .flat()
      .filter((b) => "callback_data" in b && b.callback_data.startsWith("oo:"));
    expect(orders?.length).toBe(Math.min(count, 8));
    // The orders of the status with a deadline carry its mark.
    const withDeadline = sandbox.store.orders.filter((o) => o.isVisible && o.statusId === id && o.deadline);
    if (withDeadline.length > 0 && groupOf(id) !== "finish")
      expect(orders?.some((b) => /⏰|❗/.test(b.text))).toBe(true);
  });

  it("Russian plural forms in the title", async () => {
    const ru = t.user(OPERATOR, { languageCode: "ru" });
    await ru.send("/board");
    const total = [...expected().values()].reduce((a, b) => a + b, 0);
    const form =
      total % 10 === 1 && total % 100 !== 11
        ? "открытый заказ"
        : [2, 3, 4].includes(total % 10) && ![12, 13, 14].includes(total % 100)
          ? "открытых заказа"
          : "открытых заказов";
    expect(ru.lastReply()?.text).toContain(`<b>Доска</b>: ${total} ${form}`);
  });

  it("👤 Mine needs /me; linked, it counts that employee's orders as master or manager (en)", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/board mine");
    expect(op.lastReply()?.text).toContain("link it with /me first");
    const employee = sandbox.store.orders.find((o) => o.isVisible && o.masterId)?.masterId ?? "";
    await t.services.users.update(OPERATOR, (s) => {
      s.employee = { id: employee, name: "Master" };
    });
    const counts = expected((o) => o.masterId === employee || o.managerId === employee);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    await op.send("/board");
    t.mark();
    await op.press("👤 Mine");
    expect(t.requests()).toBe(0);
    const text = op.lastReply()?.text ?? "";
    expect(text).toContain(`${total} open order`);
    expect(text).toContain("· mine");
    for (const [id, count] of counts) expect(text).toContain(`• ${statusName(id)} — ${count}`);
    await op.press("👥 Everyone's");
    expect(op.lastReply()?.text).not.toContain("· mine");
  });

  it("🏪 steps through the workshops: each counts its own orders (en)", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/board");
    expect(sandbox.shops.length).toBeGreaterThan(1);
    const label = op
      .lastReply()
      ?.replyMarkup?.inline_keyboard.flat()
      .find((b) => b.text.startsWith("🏪"))?.text;
    expect(label).toBeDefined();
    const shop = sandbox.shops.find((s) => `🏪 ${s.name}` === label);
    expect(shop).toBeDefined();
    t.mark();
    await op.press(label ?? "");
    expect(t.requests()).toBe(0);
    const counts = expected((o) => o.shopId === shop?.id);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const text = op.lastReply()?.text ?? "";
    expect(text).toContain(`${total} open order`);
    expect(text).toContain(`· ${shop?.name}`);
  });

  it("a forged status button is refused quietly; without the mirror the board says what it needs", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    const before = op.replies().length;
    await op.pressData("bs::0:-");
    expect(op.replies().length).toBe(before);
    const { createTestBot } = await import("../../helpers/test-bot.ts");
    const plain = await createTestBot({ sandbox, operators: [OPERATOR] });
    try {
      const user = plain.user(OPERATOR, { languageCode: "ru" });
      plain.resetServiceRequests();
      await user.send("/board");
      expect(plain.serviceRequests()).toBe(0);
      expect(user.lastReply()?.text).toContain("MIRROR=on");
    } finally {
      await plain.close();
    }
  });
});
