/**
 * Without SHOP_IDS the intake remembers the clerk's workshop (issue 29.11): the
 * first intake asks it, the next ones take the last one (or, before any, the
 * workshop of the employee linked with /me) without a question; ✏️ Edit
 * changes it, and the changed one is remembered.
 */
import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import { buttons, lastText } from "../../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../../helpers/dialog-fixture.ts";
import { takeOfferedName } from "../../../helpers/offered-name.ts";
import type { TestBot } from "../../../helpers/test-bot.ts";

let sandbox: Sandbox;
let t: TestBot;

useDialogBot(
  { allShops: true, operators: [OPERATOR, OPERATOR + 1] },
  (started) => ({ sandbox, t } = started),
);

const shopOf = (name: string) => {
  const order = sandbox.store.orders.find(
    (o) => sandbox.store.counteragentById.get(o.counteragentId)?.name === name,
  );
  return sandbox.shops.find((s) => s.id === order?.shopId)?.name;
};

/** After the workshop: type, a new client by name (phone skipped), device, fault; to the summary. */
async function toSummary(op: ReturnType<TestBot["user"]>, name: string, ru: boolean) {
  await op.press("Платный ремонт");
  await op.send(name);
  await op.press(ru ? "➕ Новый клиент" : "➕ New client");
  await takeOfferedName(op);
  await op.press(ru ? "⏭ Пропустить" : "⏭ Skip");
  await op.send(ru ? "Смартфон" : "Smartphone");
  await op.send("Не включается");
}

describe("the remembered workshop", () => {
  it("asked once, then taken as last time; ✏️ Edit changes it and that one is remembered (en)", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    const [first, second] = sandbox.shops;
    await op.send("/new");
    expect(lastText(op)).toContain("Workshop");
    await op.press(first?.name ?? "?");
    await toSummary(op, "Первая Мастерская", false);
    await op.press("✅ Create");
    expect(shopOf("Первая Мастерская")).toBe(first?.name);

    await op.send("/new");
    expect(op.replies().at(-2)?.text).toContain(`🏪 Workshop: <b>${first?.name}</b>`);
    expect(lastText(op)).toContain("Order type");
    await toSummary(op, "Вторая Мастерская", false);
    await op.press("✏️ Edit");
    await op.press("Workshop");
    await op.press(second?.name ?? "?");
    await op.press("✅ Create");
    expect(shopOf("Вторая Мастерская")).toBe(second?.name);

    await op.send("/new");
    expect(op.replies().at(-2)?.text).toContain(`🏪 Workshop: <b>${second?.name}</b>`);
    await op.send("/cancel");
  });

  it("before any intake: the workshop of the employee linked with /me (ru)", async () => {
    const clerk = OPERATOR + 1;
    const shop = sandbox.shops.at(-1);
    const employee = sandbox.store.employeesOfShop(shop?.id ?? "").find((e) => e.shopIds.length === 1);
    expect(employee).toBeDefined();
    await t.services.users.update(clerk, (s) => {
      s.employee = employee && { id: employee.id, name: employee.name };
    });
    const ru = t.user(clerk, { languageCode: "ru" });
    await ru.send("/new");
    expect(ru.replies().at(-2)?.text).toContain(`🏪 Мастерская: <b>${shop?.name}</b>`);
    expect(buttons(ru)).toContain("Платный ремонт");
    await ru.send("/cancel");
  });
});
