/**
 * 🩺 Diagnosis from the card: verdict, price and deadline in ≤ 10 interactions,
 * ONE PATCH on save (opened with one read of the full record), bad
 * input re-asked in the user's language, viewers and strangers refused,
 * forged and double presses harmless.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../../../../src/sandbox/model.ts";
import { buttonData, lastText, pressDeadline } from "../../../helpers/dialog-driver.ts";
import { OPERATOR, STRANGER, useDialogBot, VIEWER } from "../../../helpers/dialog-fixture.ts";
import { countingUser } from "../../../helpers/interactions.ts";
import { createMirrorBot, type MirrorBot } from "../../../helpers/mirror-bot.ts";
import type { TestBot } from "../../../helpers/test-bot.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;
useDialogBot({ viewers: [VIEWER] }, (started) => ({ sandbox, t, shopId } = started));

const used = new Set<string>();
function freshOrder(): SandboxOrder {
  const order = sandbox.store.orders.find(
    (o) =>
      o.shopId === shopId &&
      o.isVisible &&
      !used.has(o.id) &&
      ["new", "inWork"].includes(sandbox.store.statusById.get(o.statusId)?.group ?? ""),
  );
  if (!order) throw new Error("no open order");
  used.add(order.id);
  return order;
}
const patches = () => sandbox.requestCount();

describe("diagnosis", () => {
  it("verdict, price and deadline in at most 10 interactions and ONE request to save (en)", async () => {
    const order = freshOrder();
    const op = countingUser(t.user(OPERATOR, { languageCode: "en" }));
    await op.send(`/order ${order.number}`);
    const start = op.interactions();
    t.resetServiceRequests();
    await op.press("🩺 Diagnosis");
    // Without the mirror the press reads the order once; the mirror test below opens with none.
    expect(t.serviceRequests()).toBe(1);
    expect(lastText(op)).toContain(`Diagnosis of order ${order.number}`);
    await op.press("🩺 Verdict");
    await op.send("Замена <контроллера> питания");
    await op.press("💰 Price");
    await op.send("4 500");
    await op.press("📅 Deadline");
    await pressDeadline(op, 1);
    expect(lastText(op)).toContain("✏️ Verdict: Замена &lt;контроллера&gt; питания");
    t.resetServiceRequests();
    await op.press("✅ Save");
    expect(t.serviceRequests()).toBe(1);
    expect(op.interactions() - start).toBeLessThanOrEqual(10);
    expect(lastText(op)).toContain(`Diagnosis of order ${order.number} saved`);
    expect(lastText(op)).toContain("🩺 Verdict: Замена &lt;контроллера&gt; питания");
    const saved = sandbox.store.orders.find((o) => o.id === order.id);
    expect(saved?.recommendation).toBe("Замена <контроллера> питания");
    expect(saved?.approximatePrice).toBe("4500");
    expect(saved?.deadline).toBeGreaterThan(Date.now());
  });

  it("re-asks a bad price in Russian and saves nothing when nothing changed", async () => {
    const order = freshOrder();
    const op = t.user(OPERATOR, { languageCode: "ru" });
    await op.send(`/order ${order.number}`);
    await op.press("🩺 Диагностика");
    await op.press("💰 Стоимость");
    for (const bad of ["abc", "-5", "1e309"]) {
      await op.send(bad);
      expect(lastText(op)).toContain("Нужна сумма числом");
    }
    await op.press("⏭ Пропустить");
    t.resetServiceRequests();
    await op.press("✅ Готово (без изменений)");
    expect(t.serviceRequests()).toBe(0);
    expect(lastText(op)).toContain("Ничего не изменилось");
  });

  it("faults, urgency and serial go in the same single PATCH (ru)", async () => {
    const order = freshOrder();
    const op = t.user(OPERATOR, { languageCode: "ru" });
    await op.send(`/order ${order.number}`);
    await op.press("🩺 Диагностика");
    await op.press("🛠 Неисправности");
    await op.send("Не заряжается\nГреется");
    await op.press("🔥 Срочность");
    await op.press("✅ Да");
    await op.press("🔢 Серийный номер");
    await op.send("SN-42");
    const before = patches();
    await op.press("✅ Сохранить");
    expect(patches() - before).toBe(1);
    const saved = sandbox.store.orders.find((o) => o.id === order.id);
    expect(saved).toMatchObject({ problem: ["Не заряжается", "Греется"], isUrgent: true, sn: "SN-42" });
  });

  it("a viewer sees no button and a forged press writes nothing; a stranger is refused", async () => {
    const order = freshOrder();
    const viewer = t.user(VIEWER, { languageCode: "en" });
    await viewer.send(`/order ${order.number}`);
    const card = viewer.lastReply();
    expect(card?.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).not.toContain("🩺 Diagnosis");
    const before = patches();
    await viewer.pressData(`dx:${order.id}`, card);
    expect(lastText(viewer)).not.toContain("Diagnosis of order");
    const stranger = t.user(STRANGER, { languageCode: "en" });
    await stranger.pressData(`dx:${order.id}`, card);
    expect(stranger.replies()).toHaveLength(0);
    expect(patches() - before).toBe(0);
  });

  it("a double press of 🩺 opens one dialog, a double Save writes once", async () => {
    const order = freshOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${order.number}`);
    const card = op.lastReply();
    if (!card) throw new Error("no card");
    const data = buttonData(card, "🩺 Diagnosis");
    const from = op.replies().length;
    await op.pressData(data, card);
    await op.pressData(data, card);
    expect(
      op
        .replies()
        .slice(from)
        .filter((m) => m.text.includes("Diagnosis of order")),
    ).toHaveLength(1);
    await op.press("🔢 Serial number");
    await op.send("SN-77");
    const summary = op.lastReply();
    if (!summary) throw new Error("no summary");
    const save = buttonData(summary, "✅ Save");
    const before = patches();
    await op.pressData(save, summary);
    await op.pressData(save, summary);
    expect(patches() - before).toBe(1);
    expect(sandbox.store.orders.find((o) => o.id === order.id)?.sn).toBe("SN-77");
  });

  it("a forged id of an order outside the workshops opens nothing", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    const other = sandbox.store.orders.find((o) => o.shopId !== shopId);
    await op.send("/cancel");
    const before = patches();
    await op.pressData(`dx:${other?.id ?? "nope"}`);
    expect(lastText(op)).not.toContain("Diagnosis of order");
    expect(patches() - before).toBeLessThanOrEqual(1);
  });
});

describe("diagnosis with the order mirror", () => {
  let bot: MirrorBot | undefined;
  afterEach(async () => {
    await bot?.close();
    bot = undefined;
  });

  it("opens with one request (the full record: the mirror's list copy lacks the diagnosis' fields) and saves with one", async () => {
    bot = await createMirrorBot({ operators: [OPERATOR] });
    await bot.sync();
    const order = bot.sandbox.store.orders.find(
      (o) =>
        o.isVisible && ["new", "inWork"].includes(bot?.sandbox.store.statusById.get(o.statusId)?.group ?? ""),
    );
    if (!order) throw new Error("no open order");
    const op = bot.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${order.number}`);
    bot.mark();
    await op.press("🩺 Diagnosis");
    expect(bot.requests()).toBe(1);
    bot.mark();
    await op.press("🩺 Verdict");
    await op.send("Чистка");
    await op.press("✅ Save");
    expect(bot.requests()).toBe(1);
    expect(bot.sandbox.store.orders.find((o) => o.id === order.id)?.recommendation).toBe("Чистка");
  });
});
