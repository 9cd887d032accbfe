import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import { buttons, freshOrders, lastText, lossyBot } from "../../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot, VIEWER } from "../../../helpers/dialog-fixture.ts";
import type { TestBot } from "../../../helpers/test-bot.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;

useDialogBot({ viewers: [VIEWER] }, (started) => ({ sandbox, t, shopId } = started));

/** A visible order of the workshop in a "new" status, not used by another test yet. */
const freshOrder = freshOrders(
  () => sandbox,
  () => shopId,
);
const statusName = (id: string) => sandbox.store.statusById.get(id)?.name;
const paymentsOf = (orderId: string) => sandbox.store.transactions.filter((tr) => tr.orderId === orderId);

describe("status change", () => {
  it("changes the status without payment from /status <number>: 2 requests", async () => {
    const order = freshOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/status ${freshOrder().number}`); // warms the status cache
    await op.send("/cancel");
    t.resetServiceRequests();
    await op.send(`/status ${order.number}`);
    expect(lastText(op)).toContain("Choose the new status");
    // The groups are the bot's words (English here); the statuses are the service's names.
    expect(lastText(op)).toContain("New → In progress → Waiting → Ready → Closed");
    expect(buttons(op)).toContain(`• ${statusName(order.statusId)}`);
    await op.press("Диагностика");
    expect(lastText(op)).toContain("Диагностика");
    await op.press("✅ Yes");
    expect(statusName(order.statusId)).toBe("Диагностика");
    expect(paymentsOf(order.id)).toHaveLength(0);
    expect(lastText(op)).toContain("Status changed");
    expect(t.serviceRequests()).toBe(2);
  });

  it("takes a cash payment when the status requires it (card button)", async () => {
    const order = freshOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${order.number}`);
    await op.press("🔁 Status");
    await op.press("Согласовано, предоплата 💰");
    await op.press("Касса Ленина (cash, bank)");
    await op.press("💵 Cash");
    await op.send("2500");
    // Beyond what is left (or no price yet): the overpayment is confirmed.
    if (lastText(op).includes("overpayment")) await op.press("✅ Yes");
    // The note is offered beside the confirmation, not asked.
    await op.press("📝 Payment note");
    await op.send("за запчасти");
    expect(lastText(op)).toContain("Note: за запчасти");
    t.resetServiceRequests();
    await op.press("✅ Yes");
    expect(t.serviceRequests()).toBe(1);
    expect(statusName(order.statusId)).toBe("Согласовано, предоплата");
    const payments = paymentsOf(order.id);
    expect(payments.map((p) => [p.money, p.isBankTransfer, p.node])).toEqual([[2500, false, "за запчасти"]]);
  });

  it("takes a mixed payment", async () => {
    const order = freshOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/status ${order.number}`);
    await op.press("Выдан 💰");
    await op.press("Касса Ленина (cash, bank)");
    await op.press("💵+💳 Both");
    await op.send("100");
    await op.send("200");
    if (lastText(op).includes("overpayment")) await op.press("✅ Yes");
    await op.press("✅ Yes");
    expect(statusName(order.statusId)).toBe("Выдан");
    expect(
      paymentsOf(order.id)
        .map((p) => [p.money, p.isBankTransfer])
        .sort(),
    ).toEqual([
      [100, false],
      [200, true],
    ]);
  });

  it("refuses to pick the current status and shows a service refusal in plain words", async () => {
    const order = freshOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/status ${order.number}`);
    await op.press(`• ${statusName(order.statusId)}`);
    expect(lastText(op)).toContain("in this status already");
    await op.press("В работе");
    sandbox.faults.set({ errorRate: 1 });
    await op.press("✅ Yes");
    expect(lastText(op)).toContain("Try again?");
    sandbox.faults.clear();
    await op.press("✅ Yes");
    expect(statusName(order.statusId)).toBe("В работе");
  });

  it("answers every press once when the change from the card's button is declined", async () => {
    const order = freshOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${order.number}`);
    const presses = [
      ...(await op.press("🔁 Status")),
      ...(await op.press("Диагностика")),
      ...(await op.press("❌ No")),
    ];
    const answered = presses
      .filter((c) => c.method === "answerCallbackQuery")
      .map((c) => c.payload.callback_query_id);
    expect(answered).toHaveLength(3);
    expect(new Set(answered).size).toBe(3);
    expect(lastText(op)).toBe("Dialog cancelled. Nothing was changed.");
    expect(statusName(order.statusId)).not.toBe("Диагностика");
  });

  it("tells an operator demoted during the dialog, in the chat, that Confirm changed nothing", async () => {
    const order = freshOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${order.number}`);
    await op.press("🔁 Status");
    await op.press("Диагностика");
    t.config.operatorIds.splice(t.config.operatorIds.indexOf(OPERATOR), 1);
    t.config.viewerIds.push(OPERATOR);
    try {
      const calls = await op.press("✅ Yes");
      expect(calls.filter((c) => c.method === "answerCallbackQuery")).toHaveLength(1);
      expect(lastText(op)).toContain("operators only");
      expect(statusName(order.statusId)).not.toBe("Диагностика");
    } finally {
      t.config.viewerIds.pop();
      t.config.operatorIds.push(OPERATOR);
    }
  });

  it("viewers get no status button and cannot start the dialog", async () => {
    const order = freshOrder();
    const viewer = t.user(VIEWER, { languageCode: "en" });
    await viewer.send(`/order ${order.number}`);
    expect(buttons(viewer)).not.toContain("🔁 Status");
    await viewer.send(`/status ${order.number}`);
    expect(lastText(viewer)).toContain("operators only");
  });
});

describe("card actions", () => {
  it("assigns a master and adds a comment", async () => {
    const order = freshOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${order.number}`);
    await op.press("🔧 Master");
    await op.press("Лебедев Кирилл Олегович");
    expect(sandbox.store.employeeById.get(order.masterId ?? "")?.name).toBe("Лебедев Кирилл Олегович");
    await op.press("💬 Comment");
    // The card now starts with "✅ Master assigned": the prompt still names the order by its number.
    expect(lastText(op)).toBe(`Comment on order <b>${order.number}</b>:\n<i>Up to 1,000 characters.</i>`);
    await op.send("Клиент просил позвонить");
    // Signed with the clerk's (Telegram) name: the service signs it with the API user.
    expect(order.comments.at(-1)?.text).toBe(`User${OPERATOR}: Клиент просил позвонить`);
  });
});

describe("a comment whose answer was lost", () => {
  it("is not added twice when the clerk retries", async () => {
    const { bot: lossy, answer } = await lossyBot(sandbox, {
      operators: [OPERATOR],
      shopId,
      method: "PATCH",
    });
    const order = freshOrder();
    const op = lossy.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${order.number}`);
    await op.press("💬 Comment");
    await op.send("Перезвонить после обеда");
    expect(lastText(op)).toContain("Try again?");
    answer();
    await op.press("✅ Yes");
    expect(order.comments.filter((c) => c.text.endsWith("Перезвонить после обеда"))).toHaveLength(1);
    expect(lastText(op)).toContain("Comment added");
    await lossy.close();
  });
});

describe("staff lists", () => {
  it("pages employees 10 per page, filters by name, serves pages from the cache; viewers may use it", async () => {
    const viewer = t.user(VIEWER, { languageCode: "en" });
    await viewer.send("/masters");
    expect(lastText(viewer)).toContain("Masters");
    expect(lastText(viewer)).toContain("Орлов");
    await viewer.send("/staff лебедев");
    expect(lastText(viewer)).toContain("Лебедев");
    expect(lastText(viewer)).not.toContain("Орлов");
    await viewer.send("/managers nobody-like-this");
    expect(lastText(viewer)).toContain("Nobody");
  });
});
