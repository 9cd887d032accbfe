import type { Context } from "grammy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/i18n.ts";
import { orderAction } from "../../../src/bot/ui/callbacks.ts";
import { numberFromCard } from "../../../src/bot/ui/card-number.ts";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { createTestBot, type TestBot } from "../../helpers/test-bot.ts";

const i18n = createI18n<Context>("ru");

describe("numberFromCard", () => {
  it("reads the number from the title line in either language, wherever the line is", () => {
    expect(numberFromCard("🧾 Order А001042\nStatus: Новый", i18n)).toBe("А001042");
    expect(numberFromCard("🧾 Заказ А001042\nСтатус: Новый", i18n)).toBe("А001042");
    expect(numberFromCard("✅ Master assigned: Лебедев\n\n🧾 Order А001042\nStatus: Новый", i18n)).toBe(
      "А001042",
    );
  });

  it("finds nothing in a text without a title line", () => {
    for (const text of [undefined, "", "✅ Master assigned: Лебедев", "🧾 Order ", "Order А001042"])
      expect(numberFromCard(text, i18n), String(text)).toBeUndefined();
  });
});

describe("💬 Comment on a message that shows no number", () => {
  const OPERATOR = 131;
  let sandbox: Sandbox;
  let t: TestBot;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    t = await createTestBot({ sandbox, operators: [OPERATOR] });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it("reads the order once and names it by its number", async () => {
    const order = sandbox.store.orders.find((o) => o.isVisible);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/help");
    t.resetServiceRequests();
    await op.pressData(orderAction.encode({ action: "cm", id: order?.id ?? "" }));
    expect(t.serviceRequests()).toBe(1);
    expect(op.lastReply()?.text).toBe(
      `Comment on order <b>${order?.number}</b>:\n<i>Up to 1,000 characters.</i>`,
    );
  });
});
