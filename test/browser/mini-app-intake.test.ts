/**
 * The Mini App's intake in Chromium (issue 38.4): the whole form filled in on one
 * screen (a client found as you type, a type with required fields, the device, price,
 * deadline, master, prepayment), ✅ Create pressed as Telegram's Main button twice
 * (one create: the create and the read of the new order, as the chat's intake), the
 * order checked field by field in the sandbox, the card in the clerk's chat; an empty
 * form refused on the page and a phone refused by the server (its reason shown), each at
 * 0 requests; no horizontal scroll at 360 px in dark.
 * Without /usr/bin/chromium the file is skipped.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMiniAppBot, type MiniAppBot } from "../helpers/mini-app.ts";
import { hasChromium, launchChromium, openPage, pressMain } from "../helpers/mini-app-page.ts";

const OPERATOR = 902;
const browsers = hasChromium();

let t: MiniAppBot;
let browser: Browser;

describe.skipIf(!browsers)("the intake form in Chromium", () => {
  beforeAll(async () => {
    t = await createMiniAppBot({
      operators: [OPERATOR],
      orders: 120,
      start: new Date("2026-11-18T09:00:00Z"),
    });
    // The form's lists cached, as after the bot's first intake: the form then costs no request.
    await t.call("intake-options", t.initDataFor(OPERATOR));
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it("refuses an empty form on the page, with the reasons, at 0 requests", async () => {
    const page = await openPage(t, browser, OPERATOR, { screen: "new", width: 360, scheme: "dark" });
    await page.getByLabel("Device type").waitFor();
    t.mark();
    await pressMain(page);
    await page.getByText("Check the marked fields.").waitFor();
    expect(await page.getByText("Pick a client or add a new one.").count()).toBe(1);
    expect(await page.getByText("Describe the fault: at least 2 characters.").count()).toBe(1);
    expect(t.requests()).toBe(0);
    const scroll = Number(await page.evaluate("document.documentElement.scrollWidth - window.innerWidth"));
    expect(scroll).toBeLessThanOrEqual(0);
    await page.close();
  });

  it("shows the server's reasons for a new client's phone the page let through, at 0 requests", async () => {
    const page = await openPage(t, browser, OPERATOR, { screen: "new", width: 390, languageCode: "ru" });
    await page.getByRole("button", { name: "Новый клиент" }).click();
    await page.getByLabel("Имя").fill("Новый Клиент");
    // Ten digits with the trunk 8: digits enough for the page, no whole number of the shop's country.
    await page.getByLabel("Телефон").fill("8 903 555-1-22");
    await page.getByLabel("Тип устройства").fill("Смартфон");
    await page.getByLabel("Неисправности").fill("Не включается");
    t.mark();
    await pressMain(page);
    await page.getByText("Это не номер телефона").waitFor();
    expect(await page.getByTestId("intake-outcome").textContent()).toContain("Проверьте отмеченные поля");
    expect(t.requests()).toBe(0);
    await page.close();
  });

  it("creates the order filled in, once for a double press, and sends the card to the chat", async () => {
    const store = t.sandbox.store;
    const client = t.mirror.searchClients("а", 1).items[0]?.client;
    const options = (await t.call("intake-options", t.initDataFor(OPERATOR))).body;
    const shop = options.shops[0];
    const visit = options.types.find((x: { name: string }) => x.name === "Выездной ремонт");
    const page = await openPage(t, browser, OPERATOR, { screen: "new", width: 1280 });
    await page.getByLabel("Order type").selectOption(visit.id);
    await page.getByLabel("Find a client (name or phone)").fill(client?.name ?? "?");
    await page
      .locator(".suggestions button", { hasText: client?.name ?? "?" })
      .first()
      .click();
    await page.getByTestId("client-picked").waitFor();
    await page.getByLabel("Device type").fill("Ноутбук");
    await page.getByLabel("Brand").fill("Lenovo");
    await page.getByLabel("Model").fill("T480");
    await page.getByLabel("Serial number").fill("SN-480-1");
    await page.getByLabel("Faults").fill("Не заряжается\nШумит вентилятор");
    await page.getByLabel("Equipment").fill("Зарядка");
    await page.getByLabel("Appearance").fill("Царапины на крышке");
    await page.getByLabel("Preliminary price").fill("3500");
    await page.getByLabel("Deadline").fill("2026-11-21");
    await page.getByLabel("Master").selectOption(shop.masters[0].id);
    await page.getByLabel("Адрес выезда").fill("ул. Ленина, 1");
    await page.getByLabel("Время визита").selectOption("day");
    const register = shop.registers.find((r: { cash: boolean }) => r.cash);
    await page.getByLabel("Register").selectOption(register.id);
    await page.getByLabel("Cash").fill("500");
    const posts: string[] = [];
    page.on("request", (r) => void (r.method() === "POST" && posts.push(r.postData() ?? "")));
    const before = store.orders.length;
    t.mark();
    await Promise.all([pressMain(page), pressMain(page)]);
    await page.getByText("Created: order").waitFor();
    expect(t.requests()).toBe(2);
    // The second press sent nothing: the first was under way.
    expect(posts).toHaveLength(1);
    expect(store.orders.length).toBe(before + 1);
    const made = store.orders.at(-1);
    expect(made).toMatchObject({
      typeOrderId: visit.id,
      counteragentId: client?.id,
      typeDevice: "Ноутбук",
      brand: "Lenovo",
      model: "T480",
      sn: "SN-480-1",
      problem: ["Не заряжается", "Шумит вентилятор"],
      completeSet: ["Зарядка"],
      appearance: ["Царапины на крышке"],
      masterId: shop.masters[0].id,
      isUrgent: false,
    });
    expect(Number(made?.approximatePrice)).toBe(3500);
    // The prepayment: one cash transaction in the register picked, as the chat's create makes it.
    const paid = store.transactions.filter((tr) => tr.orderId === made?.id);
    expect(paid.map((tr) => [tr.money, tr.isBankTransfer, tr.cashRegisterId])).toEqual([
      [500, false, register.id],
    ]);
    // The deadline: that day at CLOSING_TIME in TIMEZONE, as the chat's quick buttons.
    expect(new Date(made?.deadline ?? 0).toISOString().slice(0, 10)).toBe("2026-11-21");
    const values = Object.fromEntries((made?.customFields ?? []).map((f) => [f.id, f.value]));
    expect(Object.values(values)).toEqual(expect.arrayContaining(["ул. Ленина, 1", "day"]));
    const outcome = await page.getByTestId("intake-outcome").textContent();
    expect(outcome).toContain(made?.number);
    const card = t.telegram.botMessages(OPERATOR).at(-1)?.text ?? "";
    expect(card).toContain("Order created");
    expect(card).toContain(made?.number);
    await page.close();
  });
});
