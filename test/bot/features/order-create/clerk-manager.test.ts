/**
 * The clerk as the order's manager (issue 29.4): a clerk linked with /me to a
 * manager of the workshop is the manager of her intakes by default, so /my
 * finds them; ✏️ Edit changes it; a clerk not linked (or no manager) sets none.
 */
import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import { fillOrder, lastText } from "../../../helpers/dialog-driver.ts";
import { OPERATOR, useDialogBot } from "../../../helpers/dialog-fixture.ts";
import { takeOfferedName } from "../../../helpers/offered-name.ts";
import type { TestBot } from "../../../helpers/test-bot.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;

useDialogBot({}, (started) => ({ sandbox, t, shopId } = started));

const managersOfShop = () => sandbox.store.employeesOfShop(shopId).filter((e) => e.isManager);
const ordersOf = (name: string) =>
  sandbox.store.orders.filter((o) => sandbox.store.counteragentById.get(o.counteragentId)?.name === name);
const link = (employee: { id: string; name: string } | undefined) =>
  t.services.users.update(OPERATOR, (s) => {
    s.employee = employee && { id: employee.id, name: employee.name };
  });

describe("a linked clerk is the manager of her intakes", () => {
  it("by default, shown in the summary, and /my finds the order (en)", async () => {
    const clerk = managersOfShop()[0];
    expect(clerk).toBeDefined();
    await link(clerk);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await fillOrder(op, { client: { query: "Менеджер Приёмщица" } });
    expect(lastText(op)).toContain(`Manager: ${clerk?.name}`);
    await op.press("✅ Create");
    const order = ordersOf("Менеджер Приёмщица")[0];
    expect(order?.managerId).toBe(clerk?.id);
    await op.send("/my");
    expect(lastText(op)).toContain("My open orders");
    // What /my lists: the employee's open orders as master or manager.
    const mine = await t.services.orders.page(
      { kind: "mine", employeeId: clerk?.id ?? "" },
      { page: 1, pageSize: 50 },
    );
    expect(mine.items.map((o) => o.id)).toContain(order?.id);
  });

  it("✏️ Edit → Manager changes it (ru)", async () => {
    const [clerk, other] = managersOfShop();
    if (!other) return expect(managersOfShop().length).toBe(1);
    await link(clerk);
    const ru = t.user(OPERATOR, { languageCode: "ru" });
    await ru.send("/new");
    await ru.press("Платный ремонт");
    await ru.send("Сменить Менеджера");
    await ru.press("➕ Новый клиент");
    await takeOfferedName(ru);
    await ru.press("⏭ Пропустить"); // phone
    await ru.send("Смартфон");
    await ru.send("Не включается");
    expect(lastText(ru)).toContain(`Менеджер: ${clerk?.name}`);
    await ru.press("✏️ Изменить");
    await ru.press("Менеджер");
    expect(lastText(ru)).toContain("Менеджер:");
    await ru.press(other.name);
    expect(lastText(ru)).toContain(`Менеджер: ${other.name}`);
    await ru.press("✅ Создать");
    expect(ordersOf("Сменить Менеджера")[0]?.managerId).toBe(other.id);
  });

  it("a clerk linked to someone who is no manager of the workshop, or not linked, sets none (en)", async () => {
    const notManager = sandbox.store.employeesOfShop(shopId).find((e) => !e.isManager);
    await link(notManager);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await fillOrder(op, { client: { query: "Без Менеджера" } });
    expect(lastText(op)).not.toContain("Manager:");
    await op.press("✅ Create");
    expect(ordersOf("Без Менеджера")[0]?.managerId ?? null).toBeNull();
    await link(undefined);
  });
});
