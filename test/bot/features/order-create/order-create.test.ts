import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../../../src/bot/store/storage.ts";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import {
  buttonData,
  buttons,
  fillOrder,
  GROUP,
  lastText,
  lossyBot,
  openGroup,
  pressDeadline,
  SKIP,
} from "../../../helpers/dialog-driver.ts";
import { OPERATOR, STRANGER, useDialogBot, VIEWER } from "../../../helpers/dialog-fixture.ts";
import { ManualClock } from "../../../helpers/manual-clock.ts";
import { takeOfferedName } from "../../../helpers/offered-name.ts";
import { createTestBot, type TestBot } from "../../../helpers/test-bot.ts";
import { updateId } from "../../../helpers/updates.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;

useDialogBot({ viewers: [VIEWER] }, (started) => ({ sandbox, t, shopId } = started));

const ordersOf = (name: string) =>
  sandbox.store.orders.filter((o) => sandbox.store.counteragentById.get(o.counteragentId)?.name === name);

describe("/new: happy paths", () => {
  it("creates an order for a new client and answers with its card", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await fillOrder(op, {
      client: { query: "Тестов Новый" },
      brand: "Apple",
      master: "Орлов Дмитрий Павлович",
      deadline: "quick",
    });
    expect(lastText(op)).toContain("Тестов Новый");
    await op.press("✅ Create");
    const orders = ordersOf("Тестов Новый");
    expect(orders).toHaveLength(1);
    const order = orders[0];
    expect(order?.brand).toBe("Apple");
    expect(order?.problem).toEqual(["Не включается", "Трещина на экране"]);
    expect(order?.masterId).toBeTruthy();
    expect(order?.deadline).toBeGreaterThan(Date.now());
    expect(lastText(op)).toContain("Order created");
    expect(lastText(op)).toContain(order?.number ?? "?");
  });

  it("finds an existing client by phone and takes a mixed prepayment", async () => {
    const client = sandbox.store.counteragents.find((c) => c.phones.length > 0);
    const phone = client?.phones[0] ?? "";
    const op = t.user(OPERATOR, { languageCode: "en" });
    const before = sandbox.store.orders.length;
    await fillOrder(op, {
      client: { query: phone, pick: `${client?.name} · ${phone}` },
      prepayment: async (u) => {
        await u.press("Касса Ленина (cash, bank)");
        await u.press("💵+💳 Both");
        await u.send("1 000");
        await u.send("500,5");
      },
    });
    // One formatter for card, summary and payment steps: whole amounts bare, kopecks with two digits.
    expect(lastText(op)).toContain("1,000 ₽ cash + 500.50 ₽ bank");
    await op.press("✅ Create");
    expect(sandbox.store.orders.length).toBe(before + 1);
    const order = sandbox.store.orders.at(-1);
    expect(order?.counteragentId).toBe(client?.id);
    const payments = sandbox.store.transactions.filter((tr) => tr.orderId === order?.id);
    expect(payments.map((p) => [p.money, p.isBankTransfer]).sort()).toEqual([
      [1000, false],
      [500.5, true],
    ]);
  });

  it("asks the required custom field of an order type", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await fillOrder(op, {
      type: "Гарантийный ремонт",
      client: { query: "Гарантия Клиент" },
      required: async (u) => {
        expect(lastText(u)).toContain("(required)");
        expect(buttons(u)).not.toContain("⏭ Skip");
        await u.send("GT-12345");
      },
    });
    await op.press("✅ Create");
    const order = ordersOf("Гарантия Клиент")[0];
    expect(order?.customFields.map((f) => f.value)).toContain("GT-12345");
  });

  it("costs 1 create + 1 card read when the reference data is cached", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await fillOrder(op, { client: { query: "Кэш Первый" } }); // warms the cache
    await op.press("✅ Create");
    t.resetServiceRequests();
    await fillOrder(op, { client: { query: "Кэш Второй" } });
    // The client search is the only request before the summary.
    expect(t.serviceRequests()).toBe(1);
    await op.press("✅ Create");
    expect(t.serviceRequests()).toBe(3);
    // An existing client costs the same: search, create, read of the new order's number.
    const known = sandbox.store.counteragents.find((c) => c.phones.length > 0);
    const phone = known?.phones[0] ?? "";
    t.resetServiceRequests();
    await fillOrder(op, { client: { query: phone, pick: `${known?.name} · ${phone}` } });
    await op.press("✅ Create");
    expect(t.serviceRequests()).toBe(3);
  });

  it("skips the read of the new order when the create answer carries its number", async () => {
    const numbered = await createTestBot({
      sandbox,
      operators: [OPERATOR],
      config: { shopIds: [shopId] },
      clientOptions: {
        // A service whose create answers {data: {id, number}}.
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          if (init?.method !== "POST" || !/\/shops\/[^/]+\/orders$/.test(new URL(String(input)).pathname))
            return response;
          const body = (await response.json()) as { data: { id: string } };
          const number = sandbox.store.orders.find((o) => o.id === body.data.id)?.number;
          return new Response(JSON.stringify({ ...body, data: { ...body.data, number } }), {
            status: response.status,
            headers: { "content-type": "application/json" },
          });
        },
      },
    });
    const op = numbered.user(OPERATOR, { languageCode: "en" });
    await fillOrder(op, { client: { query: "Номер Сразу" } }); // warms the cache
    await op.press("✅ Create");
    numbered.resetServiceRequests();
    await fillOrder(op, { client: { query: "Номер Сразу Второй" }, brand: "Apple" });
    await op.press("✅ Create");
    expect(numbered.serviceRequests()).toBe(2);
    const order = ordersOf("Номер Сразу Второй")[0];
    expect(lastText(op)).toContain("Order created");
    expect(lastText(op)).toContain(order?.number ?? "?");
    expect(lastText(op)).toContain("Apple iPhone 12");
    expect(lastText(op)).toContain("Номер Сразу Второй");
    await numbered.close();
  });
});

describe("/new: edit and cancel", () => {
  it("changes a field from the summary and comes back to it", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await fillOrder(op, { client: { query: "Правка Клиент" }, deadline: "quick" });
    // Edit offers the main path and the groups already answered, as the group buttons do.
    await op.press("✏️ Edit");
    expect(buttons(op)).toContain(GROUP.price);
    expect(buttons(op)).not.toContain(GROUP.staff);
    await op.press(GROUP.price);
    await op.press(SKIP); // the price stays unset
    await pressDeadline(op, 3); // +7 days
    expect(lastText(op)).toContain("Check the order");
    await op.press("✏️ Edit");
    await op.press("Faults");
    await op.send("Не заряжается");
    expect(lastText(op)).toContain("Faults: Не заряжается");
    await op.press("✅ Create");
    const order = ordersOf("Правка Клиент")[0];
    expect(order?.deadline ?? 0).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    expect(order?.problem).toEqual(["Не заряжается"]);
  });

  it("/cancel leaves the dialog and creates nothing", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.send("/cancel");
    expect(lastText(op)).toContain("Dialog cancelled");
    await op.send("/cancel");
    expect(lastText(op)).toContain("nothing to cancel");
  });

  it("the ✖ Cancel button leaves the dialog", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await op.press("✖ Cancel");
    expect(lastText(op)).toContain("Dialog cancelled");
  });
});

describe("/new: bad input gets a re-prompt", () => {
  it("re-prompts for a command, a huge text, a sticker, an unreadable and a past date, a bad amount", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await op.send("/start");
    expect(lastText(op)).toContain("A dialog is in progress");
    await op.send("Платный ремонт typed wrong");
    expect(lastText(op)).toContain("Please choose with a button");
    await op.press("Платный ремонт");
    await op.send("x".repeat(2000));
    // The client search takes 100 characters: the message names that limit, not the general one.
    expect(lastText(op)).toContain("Too long: 100 characters at most.");
    await t.handle({
      update_id: updateId(),
      message: {
        message_id: 9999,
        date: 0,
        chat: { id: OPERATOR, type: "private", first_name: "Op" },
        from: op.from,
        sticker: {
          file_id: "s",
          file_unique_id: "s",
          type: "regular",
          width: 1,
          height: 1,
          is_animated: false,
          is_video: false,
        },
      },
    });
    expect(lastText(op)).toContain("Text is needed here");
    await op.send("Плохие Даты");
    await op.press("➕ New client");
    await takeOfferedName(op);
    await op.press("⏭ Skip"); // the new client's phone
    await op.send("Phone");
    await op.send("Не заряжается");
    await openGroup(op, GROUP.price);
    await op.press("⏭ Skip"); // price
    await op.send("когда-нибудь");
    expect(lastText(op)).toContain("could not read the date");
    await op.send("01/01/2020");
    expect(lastText(op)).toContain("in the past");
    await op.send("tomorrow 15:00");
    await openGroup(op, GROUP.staff);
    await op.press("⏭ Skip"); // master
    await op.send("maybe");
    expect(lastText(op)).toContain("Please choose with a button");
    await op.press("✅ Yes");
    await openGroup(op, GROUP.prepayment);
    await op.press("Касса Ленина (cash, bank)");
    await op.press("💵 Cash");
    await op.send("-5");
    expect(lastText(op)).toContain("positive amount");
    await op.send("abc");
    expect(lastText(op)).toContain("positive amount");
    await op.send("300");
    expect(lastText(op)).toContain("Check the order");
    await op.press("✅ Create");
    const order = ordersOf("Плохие Даты")[0];
    expect(order?.isUrgent).toBe(true);
    expect(order?.paidCash).toBe(300);
  });
});

describe("/new: duplicates, failures, restarts", () => {
  it("a double press and an old summary's button create one order only", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await fillOrder(op, { client: { query: "Двойное Нажатие" } });
    const firstSummary = op.lastReply();
    if (!firstSummary) throw new Error("no summary");
    const firstCreate = buttonData(firstSummary, "✅ Create");
    await op.press("✏️ Edit");
    // An answered summary loses its buttons; a press that was already on its way is outdated.
    expect(firstSummary.replyMarkup).toBeUndefined();
    await op.press("Faults");
    await op.send("Не включается");
    await op.pressData(firstCreate, firstSummary);
    expect(ordersOf("Двойное Нажатие")).toHaveLength(0);
    const summary = op.lastReply();
    if (!summary) throw new Error("no summary");
    const create = buttonData(summary, "✅ Create");
    await op.pressData(create, summary);
    await op.pressData(create, summary);
    expect(ordersOf("Двойное Нажатие")).toHaveLength(1);
    expect(summary.replyMarkup).toBeUndefined();
  });

  it("a service failure at confirm keeps the data; retry creates exactly one order", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await fillOrder(op, { client: { query: "Сбой Сервиса" } });
    sandbox.faults.set({ errorRate: 1 });
    await op.press("✅ Create");
    expect(lastText(op)).toContain("Check the order");
    expect(buttons(op)).toContain("🔁 Retry");
    expect(ordersOf("Сбой Сервиса")).toHaveLength(0);
    sandbox.faults.clear();
    await op.press("🔁 Retry");
    expect(ordersOf("Сбой Сервиса")).toHaveLength(1);
    expect(lastText(op)).toContain("Order created");
  });

  it("a lost answer to the create is found on retry instead of creating twice", async () => {
    const { bot: lossy, answer } = await lossyBot(sandbox, { operators: [OPERATOR], shopId, method: "POST" });
    const op = lossy.user(OPERATOR, { languageCode: "en" });
    await fillOrder(op, { client: { query: "Потерянный Ответ" } });
    await op.press("✅ Create");
    expect(ordersOf("Потерянный Ответ")).toHaveLength(1);
    expect(buttons(op)).toContain("🔁 Retry");
    answer();
    await op.press("🔁 Retry");
    expect(ordersOf("Потерянный Ответ")).toHaveLength(1);
    expect(lastText(op)).toContain("Order created");
    await lossy.close();
  });

  it("an order whose create answer was lost is found on retry even after the form was edited", async () => {
    const { bot: lossy, answer } = await lossyBot(sandbox, { operators: [OPERATOR], shopId, method: "POST" });
    const op = lossy.user(OPERATOR, { languageCode: "en" });
    await fillOrder(op, { client: { query: "Правка После Сбоя" } });
    await op.press("✅ Create");
    expect(ordersOf("Правка После Сбоя")).toHaveLength(1);
    answer();
    // The clerk changes the faults before retrying: the first attempt's order must still be found.
    await op.press("✏️ Edit");
    await op.press("Faults");
    await op.send("Другая неисправность");
    expect(lastText(op)).toContain("Другая неисправность");
    await op.press("🔁 Retry");
    expect(ordersOf("Правка После Сбоя")).toHaveLength(1);
    expect(lastText(op)).toContain("Order created");
    await lossy.close();
  });

  it("a new bot instance on the same storage continues the dialog", async () => {
    const store = createMemoryStore();
    const first = await createTestBot({
      sandbox,
      store,
      operators: [OPERATOR],
      config: { shopIds: [shopId] },
    });
    const op1 = first.user(OPERATOR, { languageCode: "en" });
    await op1.send("/new");
    await op1.press("Платный ремонт");
    await first.close();
    const second = await createTestBot({
      sandbox,
      store,
      operators: [OPERATOR],
      config: { shopIds: [shopId] },
    });
    const op2 = second.user(OPERATOR, { languageCode: "en" });
    await op2.send("Рестарт Клиент");
    expect(lastText(op2)).toContain("Nobody found");
    await second.close();
  });
});

describe("/new: access", () => {
  it("refuses a viewer and a stranger", async () => {
    const viewer = t.user(VIEWER, { languageCode: "en" });
    await viewer.send("/new");
    expect(lastText(viewer)).toContain("operators only");
    const stranger = t.user(STRANGER, { languageCode: "en" });
    await stranger.send("/new");
    expect(lastText(stranger)).toContain(String(STRANGER));
  });
});

describe("/new: expiry and language", () => {
  it("a dialog left alone expires at the next answer without creating anything", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await t.clock.advance(2 * 60 * 60 * 1000);
    await op.press("Платный ремонт");
    expect(lastText(op)).toContain("expired");
    await op.send("/cancel");
    expect(lastText(op)).toContain("nothing to cancel");
  });

  it("speaks Russian to a Russian user", async () => {
    const op = t.user(OPERATOR, { languageCode: "ru" });
    await op.send("/new");
    expect(lastText(op)).toContain("Тип заказа");
    expect(buttons(op)).toContain("✖ Отмена");
    await op.send("/cancel");
    expect(lastText(op)).toContain("Диалог отменён");
  });
});

describe("/new: client contacts and searches", () => {
  it("validates the new client's phone and e-mail, re-prompts, and sends the normalized phone", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.send("Контакт Проверкин");
    await op.press("➕ New client");
    await takeOfferedName(op);
    await op.press("⏭ Skip"); // the new client's phone
    await op.send("Redmi 9");
    await op.send("Не включается");
    await op.press("👤 Client details");
    expect(lastText(op)).toContain("Client's phone");
    await op.send("Иван Петров");
    expect(lastText(op)).toContain("is not a phone number here");
    await op.send("12345");
    expect(lastText(op)).toContain("is not a phone number here");
    const phonePrompt = op.lastReply();
    await op.send("8 (900) 765-43-21");
    // The answered prompt shows how the number was read.
    expect(phonePrompt?.text).toContain("<b>+7 900 765-43-21</b>");
    await op.send("ivan@");
    expect(lastText(op)).toContain("does not look like an e-mail");
    await op.send("ivan@example.com");
    await op.press(SKIP); // address
    expect(lastText(op)).toContain("+7 900 765-43-21");
    expect(buttons(op)).toContain("👤 Client details ✓");
    await op.press("✅ Create");
    const order = ordersOf("Контакт Проверкин")[0];
    const client = sandbox.store.counteragentById.get(order?.counteragentId ?? "");
    expect(client?.phones).toEqual(["+7 900 765-43-21"]);
    expect(client?.email).toBe("ivan@example.com");
  });

  it("a phone typed as the search is reused in full for a new client", async () => {
    const op = t.user(OPERATOR, { languageCode: "ru" });
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.send("+7 999 000-11-22");
    expect(lastText(op)).toContain("никого не нашлось");
    await op.press("➕ Новый клиент");
    expect(lastText(op)).toContain("Имя нового клиента");
    await op.send("Телефон Изпоиска");
    // The phone came from the search: the next question is the device.
    expect(lastText(op)).toContain("Тип устройства");
    await op.send("/cancel");
  });

  it("text typed at the found clients is a new search, a phone too", async () => {
    const known = sandbox.store.counteragents.find((c) => c.phones.length > 0);
    const phone = known?.phones[0] ?? "";
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/new");
    await op.press("Платный ремонт");
    await op.send("Несуществующий Клиентище");
    expect(lastText(op)).toContain("Nobody found");
    t.resetServiceRequests();
    await op.send(phone);
    expect(t.serviceRequests()).toBe(1);
    expect(lastText(op)).toContain(`Found for “${phone}”`);
    await op.send("x");
    expect(lastText(op)).toContain("2 to 100 characters");
    await op.press(`${known?.name} · ${phone}`);
    expect(lastText(op)).toContain("Device type");
    await op.send("/cancel");
  });
});

describe("/new: deadline", () => {
  it("labels the quick buttons with dates in the user's locale and TIMEZONE, at the closing time", async () => {
    // 2026-11-23 is a Monday; 22:30 UTC is already Tuesday 01:30 in Moscow.
    const late = await createTestBot({
      sandbox,
      operators: [OPERATOR],
      // The zone the dates below are in (the suite may run with another TEST_TIMEZONE).
      config: { shopIds: [shopId], timezone: "Europe/Moscow" },
      clock: new ManualClock(new Date("2026-11-23T22:30:00Z")),
    });
    const ru = late.user(OPERATOR, { languageCode: "ru" });
    await ru.send("/new");
    await ru.press("Платный ремонт");
    await ru.send("Срок Проверкин");
    await ru.press("➕ Новый клиент");
    await takeOfferedName(ru);
    await ru.press("⏭ Пропустить"); // the new client's phone
    await ru.send("Смартфон");
    await ru.send("Не включается");
    await ru.press("💰 Цена, срок");
    await ru.press("⏭ Пропустить"); // price
    expect(buttons(ru).slice(0, 4)).toEqual(["ср 25.11", "чт 26.11", "пт 27.11", "вт 01.12"]);
    const prompt = ru.lastReply();
    await ru.press("ср 25.11");
    expect(prompt?.text).toContain("<b>25 нояб. 2026, 19:00</b>");
    await ru.send("/cancel");
    const en = late.user(OPERATOR, { languageCode: "en" });
    await fillOrder(en, { client: { query: "Deadline English" }, deadline: "tomorrow 15:00" });
    const answered = en.replies().find((m) => m.text.startsWith("Deadline:"));
    // The typed word is echoed as understood, in the prompt it answered.
    expect(answered?.text).toContain("<b>25 Nov 2026, 15:00</b>");
    await late.close();
  });
});
