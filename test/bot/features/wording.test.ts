/** Texts that say what is wrong and how to fix it, in both languages. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { buttons, fillOrder, lastText } from "../../helpers/dialog-driver.ts";
import { takeOfferedName } from "../../helpers/offered-name.ts";
import { createTestBot, type TestBot } from "../../helpers/test-bot.ts";

const OPERATOR = 121;
let sandbox: Sandbox;
let t: TestBot;
let shopId: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  shopId = sandbox.shops[0]?.id ?? "";
  t = await createTestBot({ sandbox, operators: [OPERATOR], config: { shopIds: [shopId] } });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
beforeEach(async () => {
  await t.user(OPERATOR).send("/cancel");
});

const used = new Set<string>();
function freshOrder() {
  const order = sandbox.store.orders.find(
    (o) =>
      o.shopId === shopId &&
      o.isVisible &&
      !used.has(o.id) &&
      sandbox.store.statusById.get(o.statusId)?.group === "new",
  );
  if (!order) throw new Error("no order in a new status");
  used.add(order.id);
  return order;
}

describe("payment wording and amounts", () => {
  it("says in Russian that a status requires payment ('требует оплаты')", async () => {
    const op = t.user(OPERATOR, { languageCode: "ru" });
    await op.send(`/status ${freshOrder().number}`);
    expect(lastText(op)).toContain("требует оплаты");
    await op.press("Согласовано, предоплата 💰");
    expect(lastText(op)).toContain("Этот статус требует оплаты.");
  });

  it("says an amount is too large, with the limit, instead of asking for a positive one", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/status ${freshOrder().number}`);
    await op.press("Согласовано, предоплата 💰");
    await op.press("Касса Ленина (cash, bank)");
    await op.press("💵 Cash");
    await op.send("250000000");
    expect(lastText(op)).toContain("The amount is too large: at most 100,000,000 ₽.");
    await op.send("0");
    expect(lastText(op)).toContain("A positive amount is needed");
    const ru = t.user(OPERATOR, { languageCode: "ru" });
    await ru.send("1 000 000 000,50");
    expect(lastText(ru)).toContain("Слишком большая сумма: не больше 100\u00a0000\u00a0000 ₽.");
  });

  it("says how long a text may be when an answer is too long", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/status ${freshOrder().number}`);
    await op.press("Согласовано, предоплата 💰");
    await op.press("Касса Ленина (cash, bank)");
    await op.press("💵 Cash");
    await op.send("1".repeat(1001));
    expect(lastText(op)).toContain("Too long: 1,000 characters at most.");
  });
});

describe("text limits stated as they are enforced", () => {
  it("the client search names its own limits, 2 to 100 characters, in en and ru", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.send("x".repeat(1500));
    expect(lastText(op)).toContain("Too long: 100 characters at most.");
    expect(lastText(op)).not.toContain("1,000");
    await op.send("x".repeat(101));
    expect(lastText(op)).toContain("2 to 100 characters");
    await op.send("x");
    expect(lastText(op)).toContain("2 to 100 characters");
    await op.send("/cancel");
    const ru = t.user(OPERATOR, { languageCode: "ru" });
    await ru.send("/new");
    await ru.press("Платный ремонт");
    await ru.send("x".repeat(1500));
    expect(lastText(ru)).toContain("Слишком длинно: не больше 100 символов.");
  });

  it("a one-letter fault is refused with the lower limit, in en and ru", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.send("Тестов Клиент");
    await op.press("➕ New client");
    await takeOfferedName(op);
    await op.press("⏭ Skip"); // the new client's phone
    await op.send("Smartphone");
    await op.send("x");
    expect(lastText(op)).toContain("Too short: at least 2 characters.");
    await op.send("/cancel");
    const ru = t.user(OPERATOR, { languageCode: "ru" });
    await ru.send("/new");
    await ru.press("Платный ремонт");
    await ru.send("Тестов Клиент");
    await ru.press("➕ Новый клиент");
    await takeOfferedName(ru);
    await ru.press("⏭ Пропустить"); // the new client's phone
    await ru.send("Смартфон");
    await ru.send("x");
    expect(lastText(ru)).toContain("Слишком коротко: не меньше 2 символов.");
    await ru.send("Не включается");
    expect(lastText(ru)).not.toContain("Слишком коротко");
  });
});

describe("confirmations", () => {
  it("offer one way to say no: ❌ No, without ✖ Cancel beside it", async () => {
    const order = freshOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/status ${order.number}`);
    await op.press("Диагностика");
    expect(lastText(op)).toContain("Change the status of order");
    expect(buttons(op)).toEqual(["✅ Yes", "❌ No"]);
    await op.press("❌ No");
    expect(lastText(op)).toBe("Dialog cancelled. Nothing was changed.");
    expect(sandbox.store.statusById.get(order.statusId)?.name).not.toBe("Диагностика");
  });
});

describe("custom fields answered in /new", () => {
  it("show on the created order's card, and after a refresh", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await fillOrder(op, {
      type: "Выездной ремонт",
      client: { query: "Выезд Полевой" },
      required: async (u) => {
        expect(lastText(u)).toContain("Адрес выезда");
        await u.send("ул. Ленина, 1, кв. 5");
        expect(lastText(u)).toContain("Время визита");
        await u.press("13:00–17:00");
      },
    });
    await op.press("✅ Create");
    expect(lastText(op)).toContain("Order created");
    expect(lastText(op)).toContain("📌 Адрес выезда: ул. Ленина, 1, кв. 5");
    expect(lastText(op)).toContain("📌 Время визита: 13:00–17:00");
    await op.press("🔄 Refresh");
    expect(lastText(op)).toContain("📌 Адрес выезда: ул. Ленина, 1, кв. 5");
  });
});
