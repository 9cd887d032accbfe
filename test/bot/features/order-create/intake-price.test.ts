/** The preliminary price at intake is a money amount: bad input is re-asked, never saved or shown. */
import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import { fillOrder, GROUP, lastText, openGroup, SKIP } from "../../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../../helpers/dialog-fixture.ts";
import { takeOfferedName } from "../../../helpers/offered-name.ts";
import type { TestBot } from "../../../helpers/test-bot.ts";

let sandbox: Sandbox;
let t: TestBot;

useDialogBot({}, (started) => ({ sandbox, t } = started));

const ordersOf = (name: string) =>
  sandbox.store.orders.filter((o) => sandbox.store.counteragentById.get(o.counteragentId)?.name === name);
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("the preliminary price at intake", () => {
  it("re-asks abc, -5 and 1e309 and saves the plain amount (en)", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await fillOrder(op, { client: { query: "Цена Числом" } });
    await openGroup(op, GROUP.price);
    for (const bad of ["abc", "-5", "1e309"]) {
      t.resetServiceRequests();
      await op.send(bad);
      expect(lastText(op)).toContain("Type the amount as a number");
      expect(t.serviceRequests()).toBe(0);
    }
    await op.send("1,500.50");
    await op.press(SKIP); // deadline
    expect(plain(lastText(op))).toContain("1,500.50 ₽");
    expect(lastText(op)).not.toMatch(/abc|1e309/);
    await op.press("✅ Create");
    expect(lastText(op)).toContain("Order created");
    expect(ordersOf("Цена Числом")[0]?.approximatePrice).toBe("1500.5");
  });

  it("reads 1,500 in English as fifteen hundred, not 1.5", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await fillOrder(op, { client: { query: "Цена Тысячами" } });
    await openGroup(op, GROUP.price);
    await op.send("1,500");
    await op.press(SKIP); // deadline
    expect(plain(lastText(op))).toContain("1,500 ₽");
    await op.press("✅ Create");
    expect(ordersOf("Цена Тысячами")[0]?.approximatePrice).toBe("1500");
  });

  it("re-asks in Russian and shows the amount in the card", async () => {
    const op = t.user(OPERATOR, { languageCode: "ru" });
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.send("Цена Рублями");
    await op.press("➕ Новый клиент");
    await takeOfferedName(op);
    await op.press("⏭ Пропустить"); // the new client's phone
    await op.send("Смартфон");
    await op.send("Не включается");
    expect(lastText(op)).toContain("Проверьте заказ");
    await op.press("💰 Цена, срок");
    await op.send("минус пять");
    expect(lastText(op)).toContain("Нужна сумма числом");
    await op.send("2 000");
    await op.press("⏭ Пропустить");
    await op.press("✅ Создать");
    expect(plain(lastText(op))).toContain("Предварительная стоимость: 2 000 ₽");
    expect(ordersOf("Цена Рублями")[0]?.approximatePrice).toBe("2000");
  });
});
