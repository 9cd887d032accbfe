/**
 * Paper: the intake receipt and the completion act as PDFs. Read back with a
 * PDF text extractor, every item of each document is found for a sandbox
 * order in Russian and in English documents; the receipt's QR code, rendered
 * and decoded, opens the card for staff; the pages are A4 or 80 mm wide;
 * requests are counted; viewers print, strangers get nothing; in a group the
 * document goes to the presser's private chat.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paperPrint } from "../../../../src/bot/ui/callbacks.ts";
import { formatDate, formatDateTime } from "../../../../src/bot/ui/dates.ts";
import { formatAmount } from "../../../../src/bot/ui/money.ts";
import { readSignedPayload, signPayload } from "../../../../src/bot/ui/signed-payload.ts";
import type { Config } from "../../../../src/config/index.ts";
import type { Sandbox } from "../../../../src/sandbox/index.ts";
import type { Order as SandboxOrder } from "../../../../src/sandbox/model.ts";
import { buttons, GROUP, lastText, openGroup, pressDeadline } from "../../../helpers/dialog-driver.ts";
import { OPERATOR, STRANGER, useDialogBot, VIEWER } from "../../../helpers/dialog-fixture.ts";
import type { ApiCall } from "../../../helpers/fake-telegram.ts";
import { asTelegramMessage, BOT_INFO, findButton } from "../../../helpers/fake-telegram.ts";
import { pdfPageSizes, pdfQr, pdfText } from "../../../helpers/pdf.ts";
import { callsOf, type TestBot, type TestUser } from "../../../helpers/test-bot.ts";
import { callbackUpdate, messageUpdate, telegramUser } from "../../../helpers/updates.ts";

let sandbox: Sandbox;
let t: TestBot;
let shopId: string;

const SHOP_PHONE = "+7 343 555-00-77";
const SHOP_HOURS = "Пн–Сб 10:00–20:00";
const A4 = 595.28;
const DAY = 86_400_000;
const ROLL = 226.77;

useDialogBot({ viewers: [VIEWER] }, (started) => ({ sandbox, t, shopId } = started));
// main.ts warms the workshop list at start: the documents' address comes from it.
beforeAll(async () => {
  await t.services.reference.shops();
});

/** The paper settings of the bot, changed for one test (the services share the config object). */
function paperSettings(change: Partial<Config["paper"]>): void {
  t.config.paper = {
    format: "a4",
    locale: "ru",
    phone: SHOP_PHONE,
    hours: SHOP_HOURS,
    terms: { ru: {}, en: {} },
    warrantyDays: 30,
    warrantyByType: {},
    ...change,
  };
}
beforeEach(() => paperSettings({}));

interface Sent {
  pdf: Uint8Array;
  caption: string;
  chatId: unknown;
  name: string;
}

async function documentsOf(calls: ApiCall[]): Promise<Sent[]> {
  return Promise.all(
    callsOf(calls, "sendDocument").map(async (call) => {
      const file = call.payload.document as File;
      return {
        pdf: new Uint8Array(await file.arrayBuffer()),
        caption: String(call.payload.caption),
        chatId: call.payload.chat_id,
        name: file.name,
      };
    }),
  );
}

const shop = () => sandbox.store.shopById.get(shopId);
/** As the extracted text reads: any space (a no-break one between thousands) as one plain space. */
const plain = (text: string) => text.replace(/\s+/g, " ");
const money = (amount: number, locale: "ru" | "en") => plain(`${formatAmount(amount, locale)} ₽`);

/** An intake with every detail the receipt prints, by an English-speaking clerk; returns the new order. */
async function intake(op: TestUser): Promise<SandboxOrder> {
  const client = sandbox.store.counteragents.find((c) => c.phones.length > 0 && c.name.length < 30);
  const phone = client?.phones[0] ?? "";
  await op.send("/new");
  await op.press("Платный ремонт");
  await op.send(phone);
  await op.press(`${client?.name} · ${phone}`);
  await op.send("Смартфон");
  await op.send("Не включается\nТрещина на экране");
  expect(lastText(op)).toContain("Check the order");
  await openGroup(op, GROUP.device);
  await op.send("Apple");
  await op.send("iPhone 12");
  await op.send("SN-PAPER-7731");
  await openGroup(op, GROUP.condition);
  await op.send("Чехол; Зарядка");
  await op.send("Царапина на крышке");
  await op.send("Синий");
  await openGroup(op, GROUP.price);
  await op.send("4 500");
  await pressDeadline(op, 0);
  await openGroup(op, GROUP.prepayment);
  await op.press("Касса Ленина (cash, bank)");
  await op.press("💵 Cash");
  await op.send("1 000");
  expect(lastText(op)).toContain("Check the order");
  await op.press("✅ Create");
  expect(lastText(op)).toContain("Order created");
  const created = sandbox.store.orders.find((o) => o.sn === "SN-PAPER-7731" && !used.has(o.id));
  if (!created) throw new Error("the intake created no order");
  used.add(created.id);
  return created;
}
const used = new Set<string>();

/** A sandbox order of the workshop in a ready or closed status, with works and parts. */
function finishedOrder(group: "finish" | "closed"): SandboxOrder {
  const order = sandbox.store.orders.find(
    (o) =>
      o.shopId === shopId &&
      o.isVisible &&
      o.positions.length > 1 &&
      !used.has(o.id) &&
      sandbox.store.statusById.get(o.statusId)?.group === group,
  );
  if (!order) throw new Error(`no ${group} order with positions`);
  used.add(order.id);
  order.recommendation = "Заменён разъём питания, чистка платы";
  return order;
}

function openOrder(): SandboxOrder {
  const order = sandbox.store.orders.find(
    (o) =>
      o.shopId === shopId &&
      o.isVisible &&
      !used.has(o.id) &&
      sandbox.store.statusById.get(o.statusId)?.group === "inWork",
  );
  if (!order) throw new Error("no order in work");
  used.add(order.id);
  return order;
}

/** What the receipt of an order made by `intake` says, as the document's language writes it. */
function receiptValues(order: SandboxOrder, locale: "ru" | "en"): string[] {
  const client = sandbox.store.counteragentById.get(order.counteragentId);
  return [
    shop()?.name ?? "?",
    shop()?.address ?? "?",
    SHOP_PHONE,
    SHOP_HOURS,
    locale === "ru" ? `Заказ № ${order.number}` : `Order No. ${order.number}`,
    formatDateTime(new Date(order.dateCreate), locale, t.config.timezone),
    client?.name ?? "?",
    client?.phones[0] ?? "?",
    "Смартфон",
    "Apple",
    "iPhone 12",
    "SN-PAPER-7731",
    "Синий",
    "Не включается, Трещина на экране",
    "Чехол, Зарядка",
    "Царапина на крышке",
    money(4500, locale),
    money(1000, locale),
    formatDateTime(new Date(order.deadline ?? 0), locale, t.config.timezone),
    "Olga",
  ].map(plain);
}

const receiptLabels = {
  ru: [
    "Квитанция о приёме в ремонт",
    "Дата приёма",
    "Клиент",
    "Телефон",
    "Тип",
    "Бренд",
    "Модель",
    "Серийный номер",
    "Цвет",
    "Неисправность",
    "Комплектация",
    "Внешний вид",
    "Ориентировочная стоимость",
    "Предоплата",
    "Срок готовности",
    "Принял",
    "Условия ремонта",
    "Мастерская:",
    "подпись, расшифровка",
  ],
  en: [
    "Repair intake receipt",
    "Received",
    "Client",
    "Phone",
    "Type",
    "Brand",
    "Model",
    "Serial number",
    "Colour",
    "Faults",
    "Equipment left",
    "Appearance",
    "Estimated price",
    "Prepayment",
    "Ready by",
    "Received by",
    "Terms of repair",
    "Workshop:",
    "signature, name",
  ],
};

describe("the intake receipt", () => {
  it("right after intake prints every item from the created record, at no request, in the shop's language (ru) for an English clerk", async () => {
    const op = t.user(OPERATOR, { languageCode: "en", firstName: "Olga" });
    const order = await intake(op);
    expect(buttons(op)).toContain("🏷 Label");
    expect(buttons(op)).toContain("🧾 Receipt");
    // A new order is not ready: no act yet.
    expect(buttons(op)).not.toContain("🧾 Act");
    t.resetServiceRequests();
    const calls = await op.press("🧾 Receipt");
    expect(t.serviceRequests()).toBe(0);
    const [doc] = await documentsOf(calls);
    expect(doc).toBeDefined();
    if (!doc) return;
    expect(doc.caption).toContain(`Intake receipt of order ${order.number}`);
    expect(doc.chatId).toBe(OPERATOR);
    expect(doc.pdf.length).toBeLessThan(200 * 1024);
    const text = await pdfText(doc.pdf);
    for (const label of receiptLabels.ru) expect(text).toContain(label);
    for (const item of receiptValues(order, "ru")) expect(text).toContain(item);
    // The default terms of the document's language.
    expect(text).toContain("Мастерская не отвечает за данные на устройстве");
    // The QR code, rendered from the PDF and decoded, holds the receipt's deep link to this order.
    const link = await pdfQr(doc.pdf);
    expect(link).toMatch(new RegExp(`^https://t\\.me/${BOT_INFO.username}\\?start=r[A-Za-z0-9_-]+$`));
    const payload = new URL(link ?? "").searchParams.get("start") ?? "";
    expect(readSignedPayload("receipt", payload, t.config.botToken)).toBe(order.id);
    expect(await pdfPageSizes(doc.pdf)).toEqual([[A4, 841.89]]);
  });

  it("in English documents (DOCUMENT_LOCALE=en) with the shop's own terms, on an 80 mm roll", async () => {
    paperSettings({
      locale: "en",
      format: "80mm",
      terms: { ru: {}, en: { text: "Devices left over 60 days are sold.\\nNo data backups." } },
    });
    const op = t.user(OPERATOR, { languageCode: "ru", firstName: "Olga" });
    const order = await intake(t.user(OPERATOR, { languageCode: "en", firstName: "Olga" }));
    // The card was the English clerk's; the press is by the same clerk now speaking Russian.
    const calls = await op.press("🧾 Receipt");
    const [doc] = await documentsOf(calls);
    if (!doc) throw new Error("no document");
    // The caption is the clerk's language; the document the shop's.
    expect(doc.caption).toContain(`Квитанция о приёме заказа ${order.number}`);
    expect(doc.caption).toContain("80 мм");
    expect(doc.name).toMatch(/^receipt-\w+-80mm\.pdf$/);
    const text = await pdfText(doc.pdf);
    for (const label of receiptLabels.en) expect(text).toContain(label);
    for (const item of receiptValues(order, "en")) expect(text).toContain(item);
    expect(text).toContain("Devices left over 60 days are sold.");
    expect(text).toContain("No data backups.");
    expect(text).not.toContain("Квитанция");
    const sizes = await pdfPageSizes(doc.pdf);
    // One page as long as the text (the printer cuts once), the signatures on it too.
    expect(sizes).toHaveLength(1);
    const [size] = sizes;
    expect(size?.[0]).toBe(ROLL);
    expect(text).toContain("Workshop:");
    expect(size?.[1]).toBeGreaterThan(400);
    const link = await pdfQr(doc.pdf);
    expect(
      readSignedPayload("receipt", new URL(link ?? "").searchParams.get("start") ?? "", t.config.botToken),
    ).toBe(order.id);
  });

  it("prints the terms from the shop's file, and the default terms when the file went missing since the start", async () => {
    const dir = mkdtempSync(join(tmpdir(), "terms-"));
    const file = join(dir, "terms-ru.txt");
    writeFileSync(file, "Срок хранения — 60 дней.\nДанные не сохраняем.\n");
    paperSettings({ terms: { ru: { file }, en: {} } });
    const order = openOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${order.number}`);
    const [withFile] = await documentsOf(await op.press("🧾 Receipt"));
    const text = await pdfText(withFile?.pdf ?? new Uint8Array());
    expect(text).toContain("Срок хранения — 60 дней.");
    expect(text).toContain("Данные не сохраняем.");
    expect(text).not.toContain("Мастерская не отвечает за данные");
    rmSync(dir, { recursive: true, force: true });
    const [without] = await documentsOf(await op.press("🧾 Receipt"));
    expect(await pdfText(without?.pdf ?? new Uint8Array())).toContain("Мастерская не отвечает за данные");
  });

  it("from an order's card reads its full record once (a list record lacks equipment and appearance)", async () => {
    const order = openOrder();
    order.completeSet = ["Кабель питания"];
    order.appearance = ["Скол на углу"];
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${order.number}`);
    t.resetServiceRequests();
    const [doc] = await documentsOf(await op.press("🧾 Receipt"));
    expect(t.serviceRequests()).toBe(1);
    const text = await pdfText(doc?.pdf ?? new Uint8Array());
    expect(text).toContain("Кабель питания");
    expect(text).toContain("Скол на углу");
    expect(text).toContain(`Заказ № ${order.number}`);
  });

  it("with PAPER_FORMAT=both sends an A4 and an 80 mm document", async () => {
    paperSettings({ format: "both" });
    const order = openOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${order.number}`);
    const docs = await documentsOf(await op.press("🧾 Receipt"));
    expect(docs).toHaveLength(2);
    const widths = await Promise.all(docs.map(async (d) => (await pdfPageSizes(d.pdf))[0]?.[0]));
    expect(widths).toEqual([A4, ROLL]);
    for (const doc of docs) expect(await pdfQr(doc.pdf)).toContain("?start=r");
  });

  it("a staff member's scan of the receipt's QR code opens the card; a forged one opens nothing, at no request", async () => {
    const order = openOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${order.number}`);
    const [doc] = await documentsOf(await op.press("🧾 Receipt"));
    const payload =
      new URL((await pdfQr(doc?.pdf ?? new Uint8Array())) ?? "").searchParams.get("start") ?? "";
    const viewer = t.user(VIEWER, { languageCode: "en" });
    await viewer.send(`/start ${payload}`);
    expect(viewer.lastReply()?.text).toContain(`Order ${order.number}`);
    t.resetServiceRequests();
    await viewer.send(`/start r${"A".repeat(12)}${Buffer.from(order.id).toString("base64url")}`);
    expect(viewer.lastReply()?.text).toContain("This link opens no order");
    expect(t.serviceRequests()).toBe(0);
    // A label's payload is no receipt's, and the other way round.
    await viewer.send(`/start l${payload.slice(1)}`);
    expect(viewer.lastReply()?.text).toContain("This link opens no order");
  });
});

describe("the completion act", () => {
  const actItems = (order: SandboxOrder, locale: "ru" | "en") => {
    const total = order.positions.reduce((sum, p) => sum + p.price * p.count, 0) - order.discount;
    const paid = order.paidCash + order.paidBank;
    return [
      ...order.positions.map((p) => p.name),
      money(total, locale),
      money(paid, locale),
      money(Math.max(0, total - paid), locale),
      "Заменён разъём питания, чистка платы",
      formatDateTime(new Date(order.dateCreate), locale, t.config.timezone),
      sandbox.store.counteragentById.get(order.counteragentId)?.name ?? "?",
      shop()?.name ?? "?",
    ];
  };

  it("for a handed-over order lists works and parts with counts, prices and sums, the total, paid and due, the verdict, the warranty and both dates (ru, 1 request)", async () => {
    const order = finishedOrder("closed");
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${order.number}`);
    expect(buttons(op)).toContain("🧾 Act");
    t.resetServiceRequests();
    const [doc] = await documentsOf(await op.press("🧾 Act"));
    expect(t.serviceRequests()).toBe(1);
    if (!doc) throw new Error("no act");
    expect(doc.caption).toContain(`Completion act of order ${order.number}`);
    expect(doc.pdf.length).toBeLessThan(200 * 1024);
    const text = await pdfText(doc.pdf);
    for (const label of [
      "Акт выполненных работ",
      `Заказ № ${order.number}`,
      "Работы и запчасти",
      "Наименование",
      "Кол-во",
      "Цена",
      "Сумма",
      "Итого",
      "Оплачено",
      "К оплате",
      "Заключение",
      "Гарантия",
      "30 дней, до",
      "Дата приёма",
      "Дата выдачи",
      "Клиент:",
      "Мастерская:",
    ])
      expect(text).toContain(label);
    for (const item of actItems(order, "ru")) expect(text).toContain(plain(item));
    // Handed over on its closing date; the warranty runs 30 days from it.
    const closedAt = order.dateClose ?? 0;
    expect(text).toContain(plain(formatDateTime(new Date(closedAt), "ru", t.config.timezone)));
    expect(text).toContain(
      plain(`30 дней, до ${formatDate(new Date(closedAt + 30 * DAY), "ru", t.config.timezone)}`),
    );
    // Each position's line: number, name, count, unit price, sum.
    const first = order.positions[0];
    if (first) expect(text).toContain(`${first.name} ${first.count} `);
    expect(await pdfPageSizes(doc.pdf)).toEqual([[A4, 841.89]]);
  });

  it("for a ready order in English, with the warranty of its order type (WARRANTY_BY_TYPE), on an 80 mm roll", async () => {
    const order = finishedOrder("finish");
    paperSettings({ locale: "en", format: "80mm", warrantyByType: { [order.typeOrderId]: 90 } });
    const op = t.user(VIEWER, { languageCode: "ru" });
    await op.send(`/order ${order.number}`);
    const [doc] = await documentsOf(await op.press("🧾 Акт"));
    if (!doc) throw new Error("no act");
    expect(doc.caption).toContain(`Акт выполненных работ по заказу ${order.number}`);
    const text = await pdfText(doc.pdf);
    for (const label of [
      "Certificate of completed work",
      `Order No. ${order.number}`,
      "Works and parts",
      "Total",
      "Paid",
      "Due",
      "Verdict",
      "Warranty",
      "90 days, until",
      "Received",
      "Handed over",
      "Workshop:",
    ])
      expect(text).toContain(label);
    for (const item of actItems(order, "en")) expect(text).toContain(plain(item));
    // Ready, not yet handed over: the hand-over is now, and the type's 90 days run from it.
    const now = t.clock.now().getTime();
    expect(text).toContain(plain(formatDateTime(new Date(now), "en", t.config.timezone)));
    expect(text).toContain(
      plain(`90 days, until ${formatDate(new Date(now + 90 * DAY), "en", t.config.timezone)}`),
    );
    const sizes = await pdfPageSizes(doc.pdf);
    expect(sizes).toHaveLength(1);
    expect(sizes[0]?.[0]).toBe(ROLL);
  });

  it("is offered once an order enters a closed status, beside the hand-over message", async () => {
    const order = openOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${order.number}`);
    expect(buttons(op)).not.toContain("🧾 Act");
    await op.send(`/status ${order.number}`);
    const closing = [...sandbox.store.statusById.values()].find(
      (s) => s.group === "closed" && !s.isPayRequired,
    );
    await op.press(closing?.name ?? "?");
    await op.press("✅ Yes");
    expect(lastText(op)).toContain(closing?.name ?? "?");
    expect(buttons(op)).toContain("🧾 Act");
    const [doc] = await documentsOf(await op.press("🧾 Act"));
    expect(await pdfText(doc?.pdf ?? new Uint8Array())).toContain("Дата выдачи");
  });

  it("is refused for an order that is not ready (a stale button), with no document", async () => {
    const order = openOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${order.number}`);
    const calls = await op.pressData(paperPrint.encode({ kind: "a", id: order.id }));
    expect(callsOf(calls, "sendDocument")).toHaveLength(0);
    expect(String(callsOf(calls, "answerCallbackQuery")[0]?.payload.text)).toContain("ready or handed over");
  });
});

describe("who gets the paper", () => {
  it("a viewer prints; a stranger's press gets their id only, no document and no request", async () => {
    const order = openOrder();
    const viewer = t.user(VIEWER, { languageCode: "en" });
    await viewer.send(`/order ${order.number}`);
    expect(await documentsOf(await viewer.press("🧾 Receipt"))).toHaveLength(1);
    t.resetServiceRequests();
    const stranger = telegramUser(STRANGER, { languageCode: "en" });
    const calls = await t.handle(
      callbackUpdate(stranger, paperPrint.encode({ kind: "r", id: order.id }), undefined, "im9"),
    );
    expect(callsOf(calls, "sendDocument")).toHaveLength(0);
    expect(JSON.stringify(calls)).not.toContain(order.number);
    expect(JSON.stringify(calls)).toContain(String(STRANGER));
    // Nor does scanning a receipt's QR code open anything for them.
    const scan = await t.handle(
      messageUpdate(stranger, `/start ${signPayload("receipt", order.id, t.config.botToken)}`, 9100),
    );
    expect(JSON.stringify(scan)).not.toContain(order.number);
    expect(JSON.stringify(scan)).toContain(String(STRANGER));
    expect(t.serviceRequests()).toBe(0);
  });

  it("pressed in a group, the document goes to the presser's private chat, never into the group", async () => {
    const GROUP_CHAT = -100_555;
    const order = openOrder();
    const from = telegramUser(OPERATOR, { languageCode: "en" });
    await t.handle(messageUpdate(from, `/order ${order.number}`, 9001, GROUP_CHAT));
    const card = t.telegram.botMessages(GROUP_CHAT).at(-1);
    if (!card) throw new Error("no card in the group");
    // No phone numbers in a group card; the document is another matter: it goes to the presser alone.
    const { data } = findButton(t.telegram, GROUP_CHAT, "🧾 Receipt", card);
    const shown = asTelegramMessage(card, from);
    if (!shown) throw new Error("no card");
    const message = { ...shown, chat: { id: GROUP_CHAT, type: "group" as const, title: "Workshop" } };
    const calls = await t.handle(callbackUpdate(from, data, message));
    const [doc] = await documentsOf(calls);
    expect(doc?.chatId).toBe(OPERATOR);
    expect(callsOf(calls, "sendDocument").every((c) => c.payload.chat_id !== GROUP_CHAT)).toBe(true);
    expect(String(callsOf(calls, "answerCallbackQuery")[0]?.payload.text)).toContain(
      "your chat with the bot",
    );
    // Someone who never opened the bot's chat is told where to go.
    t.telegram.failNext("sendDocument", {
      error_code: 403,
      description: "Forbidden: bot can't initiate conversation with a user",
    });
    const closed = await t.handle(callbackUpdate(from, data, message));
    expect(String(callsOf(closed, "answerCallbackQuery")[0]?.payload.text)).toContain("/start");
  });

  it("says so when the service cannot give the order, and sends nothing", async () => {
    const order = openOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(`/order ${order.number}`);
    sandbox.faults.set({ errorRate: 1 });
    const calls = await op.press("🧾 Receipt");
    sandbox.faults.clear();
    expect(callsOf(calls, "sendDocument")).toHaveLength(0);
    expect(callsOf(calls, "answerCallbackQuery")[0]?.payload.show_alert).toBe(true);
  });

  it("a forged kind (an Object's own name) prints nothing and costs no request", async () => {
    const order = openOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/start");
    t.resetServiceRequests();
    for (const kind of ["constructor", "toString", "x"]) {
      const calls = await op.pressData(`pp:${kind}:${order.id}`);
      expect(callsOf(calls, "sendDocument")).toHaveLength(0);
      expect(String(callsOf(calls, "answerCallbackQuery")[0]?.payload.text)).toMatch(/outdated|old/i);
    }
    expect(t.serviceRequests()).toBe(0);
  });

  it("never prints another workshop's order (a forged press)", async () => {
    const other = sandbox.store.orders.find((o) => o.shopId !== shopId && o.isVisible);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/start");
    const calls = await op.pressData(paperPrint.encode({ kind: "r", id: other?.id ?? "" }));
    expect(callsOf(calls, "sendDocument")).toHaveLength(0);
    expect(JSON.stringify(calls)).not.toContain(other?.number ?? "?");
  });
});

describe("the caption", () => {
  it("shows an order number with & and < as typed (escaped and sent as HTML)", async () => {
    const order = openOrder();
    order.number = "A&B<7>";
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/start");
    const calls = await op.pressData(paperPrint.encode({ kind: "r", id: order.id }));
    const [call] = callsOf(calls, "sendDocument");
    expect(String(call?.payload.caption)).toContain("order A&amp;B&lt;7&gt;");
    // Escaped text read without a parse mode shows "&amp;": the caption is Telegram HTML.
    expect(call?.payload.parse_mode).toBe("HTML");
  });
});
