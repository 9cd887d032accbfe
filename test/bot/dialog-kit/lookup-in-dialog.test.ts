/**
 * A lookup during a dialog (issue 29.2): /order N, or an order number typed
 * where the question takes no number, shows the card; the dialog goes on
 * where it was, its question asked again below the card.
 */
import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../../src/sandbox/index.ts";
import { buttons, lastText } from "../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../helpers/dialog-fixture.ts";
import type { TestBot } from "../../helpers/test-bot.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;

useDialogBot({}, (started) => ({ sandbox, t, shopId } = started));

const anOrder = () => {
  const order = sandbox.store.orders.find((o) => o.shopId === shopId && o.isVisible);
  if (!order) throw new Error("no order");
  return order;
};
const texts = (op: { replies(): { text?: string }[] }, from: number) =>
  op
    .replies()
    .slice(from)
    .map((m) => m.text ?? "");

describe("/order N inside a dialog", () => {
  it("shows the card and asks the order type again; the intake goes on (en)", async () => {
    const order = anOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    const before = op.replies().length;
    await op.send(`/order ${order.num}`);
    const sent = texts(op, before);
    expect(sent.some((text) => text.includes(`Order ${order.number}`))).toBe(true);
    expect(lastText(op)).toContain("↩️ The dialog goes on where it was:");
    expect(lastText(op)).toContain("Order type");
    // The question still works: the dialog was not thrown away.
    await op.press("Платный ремонт");
    expect(lastText(op)).toContain("Client:");
    await op.send("/cancel");
  });

  it("/order without a number says how to use it and keeps the dialog (ru)", async () => {
    const ru = t.user(OPERATOR, { languageCode: "ru" });
    await ru.send("/new");
    await ru.send("/order");
    expect(lastText(ru)).toContain("Тип заказа");
    expect(buttons(ru)).toContain("Платный ремонт");
    await ru.send("/cancel");
  });
});

describe("an order number typed where the question takes no number", () => {
  it("at a choice of buttons: the card, then the same buttons (ru)", async () => {
    const order = anOrder();
    const ru = t.user(OPERATOR, { languageCode: "ru" });
    await ru.send("/new");
    const before = ru.replies().length;
    await ru.send(order.number);
    expect(texts(ru, before).some((text) => text.includes(`Заказ ${order.number}`))).toBe(true);
    expect(lastText(ru)).toContain("↩️ Диалог продолжается с того же места:");
    expect(buttons(ru)).toContain("Платный ремонт");
    await ru.send("/cancel");
  });

  it("at the device and the new client's name: the card, and the answer is still taken (en)", async () => {
    const order = anOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.press("➕ New client");
    expect(lastText(op)).toContain("Name of the new client");
    let before = op.replies().length;
    await op.send(String(order.num));
    expect(texts(op, before).some((text) => text.includes(`Order ${order.number}`))).toBe(true);
    expect(lastText(op)).toContain("The dialog goes on");
    await op.send("Номер Посреди");
    await op.press("⏭ Skip"); // phone
    expect(lastText(op)).toContain("Device type");
    before = op.replies().length;
    await op.send(`#${order.num}`);
    expect(texts(op, before).some((text) => text.includes(`Order ${order.number}`))).toBe(true);
    expect(lastText(op)).toContain("Device type");
    // A model-like answer ("A2337": letters and four digits, not a prefix and six) is an answer, not a lookup.
    await op.send("A2337");
    expect(lastText(op)).toContain("Faults");
    await op.send("/cancel");
  });

  it("where a number is an answer (a phone search) it stays an answer", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.send("89120007799");
    expect(lastText(op)).toContain("Nobody found with the phone");
    await op.send("/cancel");
  });

  it("a number that finds nothing says so and the dialog goes on", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await op.send("/order 999999");
    expect(op.replies().at(-2)?.text ?? "").toContain("999999");
    expect(lastText(op)).toContain("Order type");
    await op.send("/cancel");
  });
});
