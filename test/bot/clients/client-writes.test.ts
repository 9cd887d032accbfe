/**
 * Fixing a client (26.2), an order's client (26.3) and deleting an order (26.4),
 * ru and en, against the sandbox with a warm mirror: request counts (a fix: the
 * write's own read of the record as held now and 1 PATCH (33.2), one more read
 * when the card did not make one; a move 1 PATCH, 2 with a new
 * client; a delete 1), bad input re-asked, every held order's card showing the
 * new phone at 0 requests, a deleted order's lookup at 0 requests, viewers and
 * strangers refused, forged and double presses harmless, money taken for owners
 * only, a service without the delete grant named.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Counteragent as SandboxClient, Order as SandboxOrder } from "../../../src/sandbox/model.ts";
import { buttonData, lastText, pressMatching } from "../../helpers/dialog-driver.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";
import { createTestBot, type TestUser, textsOf } from "../../helpers/test-bot.ts";

const OPERATOR = 1;
const OWNER = 2;
const VIEWER = 3;
const STRANGER = 9;
let t: MirrorBot;

beforeAll(async () => {
  t = await createMirrorBot({
    operators: [OPERATOR],
    viewers: [VIEWER],
    config: { ownerIds: [OWNER] },
    clients: true,
    orders: 200,
  });
  // Reference data is the cache's (the types and their fields, cached for an hour): warm it as a running bot has it.
  for (const type of await t.services.reference.counteragentTypes())
    await t.services.reference.counteragentTypeFields(type.id);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.user(OPERATOR, { languageCode: "en" }).send("/cancel");
  await t.user(OWNER, { languageCode: "en" }).send("/cancel");
  t.mark();
});

const used = new Set<string>();
/** An open order the mirror holds, not paid, of a private client with more held orders, not used before. */
function heldOrder(options: { paid?: boolean; several?: boolean; shopId?: string } = {}): SandboxOrder {
  const { store } = t.sandbox;
  const order = store.orders.find(
    (o) =>
      o.isVisible &&
      !used.has(o.id) &&
      !used.has(o.counteragentId) &&
      (options.shopId === undefined || o.shopId === options.shopId) &&
      ["new", "inWork", "wait"].includes(store.statusById.get(o.statusId)?.group ?? "") &&
      t.mirror.get(o.id) !== undefined &&
      (options.paid ? o.paidCash + o.paidBank > 0 : o.paidCash + o.paidBank === 0) &&
      (!options.several || t.mirror.clientOrders(o.counteragentId, 50).length > 1) &&
      store.counteragentById.get(o.counteragentId)?.typeCounteragentId === store.ref.typeCounteragents[0]?.id,
  );
  if (!order) throw new Error("no such order");
  used.add(order.id);
  used.add(order.counteragentId);
  return order;
}
const clientOf = (order: SandboxOrder): SandboxClient => {
  const client = t.sandbox.store.counteragentById.get(order.counteragentId);
  if (!client) throw new Error("no client");
  return client;
};

/** The client card of an order's client (1 request), ready for ✏️. */
async function clientCard(op: TestUser, order: SandboxOrder, lang: "en" | "ru"): Promise<void> {
  await op.send(order.number);
  await op.press(lang === "en" ? "👤 Client" : "👤 Клиент");
}

describe("fixing a client", () => {
  it("a phone typed wrong at intake: a read and 1 PATCH, and every card of their orders shows the new phone at 0 requests (en)", async () => {
    const order = heldOrder({ several: true });
    const client = clientOf(order);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await clientCard(op, order, "en");
    t.mark();
    await op.press("✏️ Edit");
    // The card read the record: the fix starts from it.
    expect(t.requests()).toBe(0);
    expect(lastText(op)).toContain(`✏️ <b>Client ${client.name}</b>`);
    await op.press("📞 Phones");
    await op.send("8 903 555 12 22");
    expect(lastText(op)).toContain("✏️ 📞 Phones: +7 903 555-12-22");
    await op.press("✅ Save");
    expect(t.requests()).toBe(2);
    expect(lastText(op)).toContain(`✅ Client ${client.name} saved.`);
    expect(lastText(op)).toContain("<code>+7 903 555-12-22</code>");
    expect(client.phones).toEqual(["+7 903 555-12-22"]);
    // Name, type, buyer and vendor kept as they were.
    const held = t.mirror.clientOrders(client.id, 50);
    expect(held.length).toBeGreaterThan(1);
    t.mark();
    for (const { order: mirrored } of held) {
      await op.send(mirrored.number ?? "");
      expect(lastText(op)).toContain("<code>+7 903 555-12-22</code>");
    }
    expect(t.requests()).toBe(0);
    // Found by the new phone, at 0 requests.
    await op.send("/find 5551222");
    expect(t.requests()).toBe(0);
  });

  it("letters in a phone and a bad e-mail are re-asked; the rating is a choice (ru)", async () => {
    const order = heldOrder();
    const client = clientOf(order);
    const op = t.user(OPERATOR, { languageCode: "ru" });
    await clientCard(op, order, "ru");
    await op.press("✏️ Изменить");
    await op.press("📞 Телефоны");
    await op.send("8 9O3 555-12-22");
    expect(lastText(op)).toContain("не номер телефона");
    await op.send("+7 (916) 000-00-01\n8 916 000 00 02");
    await op.press("✉️ E-mail");
    await op.send("ivan@");
    expect(lastText(op)).toMatch(/e-mail/i);
    await op.send("Ivan@Example.ru");
    await op.press("👍 Рейтинг");
    await op.send("👎");
    expect(lastText(op)).toContain("выберите вариант кнопкой");
    await op.press("👎 Проблемный клиент");
    expect(lastText(op)).toContain("✏️ Рейтинг: 👎");
    t.mark();
    await op.press("✅ Сохранить");
    expect(t.requests()).toBe(2);
    expect(client).toMatchObject({
      phones: ["+7 916 000-00-01", "+7 916 000-00-02"],
      email: "Ivan@Example.ru",
      rating: -1,
    });
    expect(lastText(op)).toContain("Рейтинг: 👎");
  });

  it("source, roles and messages in the same single PATCH (en)", async () => {
    const order = heldOrder();
    const client = clientOf(order);
    const source = t.sandbox.store.ref.howKnows.find((h) => h.id !== client.howKnowId);
    if (!source) throw new Error("no other source");
    await t.services.reference.howKnows();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await clientCard(op, order, "en");
    await op.press("✏️ Edit");
    await op.press("📣 Came from");
    await op.press(source.name);
    await op.press("🏷 Buyer / vendor");
    await op.press("Buyer and vendor");
    await op.press("💬 Messages");
    const sms = client.isSendSms ? "SMS ✅" : "SMS ✖️";
    await op.press(sms);
    expect(lastText(op)).toBeDefined();
    await op.press("✅ Done");
    expect(lastText(op)).toContain("✏️ Messages:");
    t.mark();
    await op.press("✅ Save");
    expect(t.requests()).toBe(2);
    expect(client).toMatchObject({ howKnowId: source.id, isBuyer: true, isVendor: true });
    expect(client.isSendSms).toBe(sms === "SMS ✖️");
  });

  it("opened from a card read long ago: 3 requests (the dialog's read, the write's read and the PATCH)", async () => {
    const order = heldOrder();
    const client = clientOf(order);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await clientCard(op, order, "en");
    const card = op.lastReply();
    if (!card) throw new Error("no card");
    await t.clock.advance(20 * 60_000);
    t.mark();
    await op.pressData(buttonData(card, "✏️ Edit"), card);
    await op.press("🏠 Address");
    await op.send("Москва, ул. <Тверская>, 1");
    await op.press("✅ Save");
    expect(t.requests()).toBe(3);
    expect(client.address).toBe("Москва, ул. <Тверская>, 1");
    expect(lastText(op)).toContain("Москва, ул. &lt;Тверская&gt;, 1");
  });

  it("asks the type's required field the client lacks, and sends it in the same PATCH", async () => {
    const { store } = t.sandbox;
    const company = store.ref.typeCounteragents[1];
    const order = store.orders.find(
      (o) =>
        o.isVisible &&
        !used.has(o.id) &&
        t.mirror.get(o.id) &&
        store.counteragentById.get(o.counteragentId)?.typeCounteragentId === company?.id,
    );
    if (!order || !company) throw new Error("no company's order");
    used.add(order.id);
    const client = clientOf(order);
    const required = company.fields.find((f) => f.isRequired);
    if (!required) throw new Error("no required field");
    // The type's form changed after the client was made: its required field is empty.
    client.customFields = client.customFields.filter((f) => f.id !== required.id);
    const op = t.user(OPERATOR, { languageCode: "en" });
    await clientCard(op, order, "en");
    await op.press("✏️ Edit");
    await op.press("🏠 Address");
    await op.send("Офис 5");
    t.mark();
    await op.press("✅ Save");
    expect(lastText(op)).toContain(required.name);
    expect(t.requests()).toBe(0);
    await op.send("7701234567");
    expect(t.requests()).toBe(2);
    expect(client.customFields.find((f) => f.id === required.id)?.value).toBe("7701234567");
    expect(client.address).toBe("Офис 5");
  });

  it("a viewer sees no ✏️ and a forged press writes nothing; a stranger is refused; a double Save writes once", async () => {
    const order = heldOrder();
    const client = clientOf(order);
    const viewer = t.user(VIEWER, { languageCode: "en" });
    await clientCard(viewer, order, "en");
    const labels =
      viewer
        .lastReply()
        ?.replyMarkup?.inline_keyboard.flat()
        .map((b) => b.text) ?? [];
    expect(labels).not.toContain("✏️ Edit");
    expect(labels).not.toContain("🔁 Another client for the order");
    t.mark();
    await viewer.pressData(`ke:${client.id}`);
    await viewer.pressData(`km:${order.id}`);
    await viewer.pressData(`kd:${order.id}`);
    const stranger = t.user(STRANGER, { languageCode: "en" });
    await stranger.pressData(`ke:${client.id}`);
    await stranger.pressData(`kd:${order.id}`);
    expect(t.requests()).toBe(0);
    expect(stranger.replies()).toHaveLength(0);
    expect(viewer.replies().some((m) => m.text.includes("Client"))).toBe(true);
    expect(t.sandbox.store.orderById.get(order.id)?.isVisible).toBe(true);

    const op = t.user(OPERATOR, { languageCode: "en" });
    await clientCard(op, order, "en");
    await op.press("✏️ Edit");
    await op.press("📝 Note");
    await op.send("Звонить после 18:00");
    const summary = op.lastReply();
    if (!summary) throw new Error("no summary");
    const save = buttonData(summary, "✅ Save");
    t.mark();
    await op.pressData(save, summary);
    await op.pressData(save, summary);
    expect(t.requests()).toBe(2);
    expect(client.node).toBe("Звонить после 18:00");
  });
});

describe("an order's client", () => {
  it("moves to an existing client found by phone: the search from the mirror's clients (0) and 1 PATCH; card and mirror show the new client (en)", async () => {
    const order = heldOrder();
    const target = t.sandbox.store.counteragents.find(
      (c) => c.id !== order.counteragentId && c.phones.length > 0 && !used.has(c.id),
    );
    if (!target) throw new Error("no other client");
    const op = t.user(OPERATOR, { languageCode: "en" });
    await clientCard(op, order, "en");
    await op.press("🔁 Another client for the order");
    expect(lastText(op)).toContain("Client: type a phone number or a name to search.");
    t.mark();
    await op.send(target.phones[0] ?? "");
    await pressMatching(op, new RegExp(target.name.split(" ")[0] ?? ""));
    expect(lastText(op)).toContain(`Move order <b>${order.number}</b>`);
    await op.press("✅ Yes");
    // The search through the client reader: the mirror keeps the clients (0); the PATCH (1).
    expect(t.requests()).toBe(1);
    expect(t.sandbox.store.orderById.get(order.id)?.counteragentId).toBe(target.id);
    expect(lastText(op)).toContain(`now belongs to ${target.name}`);
    expect(lastText(op)).toContain(`👤 Client: ${target.name}`);
    expect(t.mirror.get(order.id)?.order.counteragent?.id).toBe(target.id);
    expect(t.mirror.clientOrders(target.id, 50).map((m) => m.order.id)).toContain(order.id);
  });

  it("moves to a new client (name and phone): a POST and a PATCH (ru)", async () => {
    const order = heldOrder();
    const op = t.user(OPERATOR, { languageCode: "ru" });
    await clientCard(op, order, "ru");
    const before = clientOf(order).name;
    await op.press("🔁 Другой клиент для заказа");
    // A name after a colon, as the CRM holds it (never "оформлен на Кузнецов Павел Андреевич").
    const intro = op
      .replies()
      .map((m) => m.text)
      .filter((text) => text.includes("🔁 Заказ"))
      .at(-1);
    expect(intro).toContain(`клиент: <b>${before}</b>`);
    expect(intro).not.toContain("оформлен на");
    t.mark();
    await op.press("➕ Новый клиент");
    await op.send("Новиков Пётр");
    if (lastText(op).includes("Телефон")) await op.send("8 (921) 111-22-33");
    expect(lastText(op)).toContain("Создать клиента <b>Новиков Пётр</b>");
    expect(lastText(op)).toContain(`Сейчас клиент: <b>${before}</b>`);
    expect(lastText(op)).not.toContain(` с <b>${before}</b>`);
    await op.press("✅ Да");
    const created = t.sandbox.store.counteragents.find((c) => c.name === "Новиков Пётр");
    expect(created?.phones).toEqual(["+7 921 111-22-33"]);
    expect(t.sandbox.store.orderById.get(order.id)?.counteragentId).toBe(created?.id);
    expect(t.requests()).toBe(2);
    expect(lastText(op)).toContain("👤 Клиент: Новиков Пётр");
    expect(op.replies().some((m) => m.text.includes("Теперь клиент: Новиков Пётр"))).toBe(true);
  });
});

describe("deleting an order", () => {
  it("confirms with the order, client, device and no undo; 1 DELETE; then every lookup says deleted at 0 requests (en)", async () => {
    const order = heldOrder({ several: true });
    const client = clientOf(order);
    const op = t.user(OPERATOR, { languageCode: "en", firstName: "Anna" });
    // A list made before the delete still has its button.
    await op.send(`/find ${client.name}`);
    const list = op.lastReply();
    await op.send(order.number);
    t.mark();
    await op.press("🗑 Delete");
    const confirm = lastText(op);
    expect(confirm).toContain(`Delete order <b>${order.number}</b>?`);
    expect(confirm).toContain(client.name);
    expect(confirm).toContain(order.brand);
    expect(confirm).toContain("offers no undo");
    await op.press("✅ Yes");
    expect(t.requests()).toBe(1);
    expect(lastText(op)).toContain(`Order ${order.number} deleted.`);
    expect(t.sandbox.store.orderById.get(order.id)?.isVisible).toBe(false);
    t.mark();
    await op.send(order.number);
    expect(lastText(op)).toContain(`Order <b>${order.number}</b> was deleted by Anna`);
    await op.send(`/find ${client.name}`);
    expect(textsOf(await op.send("/overdue")).join("\n")).not.toContain(order.number);
    expect(JSON.stringify(op.replies().slice(-3))).not.toContain(`"${order.number} ·`);
    expect(t.requests()).toBe(0);
    const listed = list?.replyMarkup?.inline_keyboard.flat().find((b) => b.text.startsWith(order.number));
    if (!listed || !("callback_data" in listed)) throw new Error("the list has no button of the order");
    await op.pressData(listed.callback_data, list);
    expect(lastText(op)).toContain("🗑 <b>Deleted</b>");
    expect(
      op
        .lastReply()
        ?.replyMarkup?.inline_keyboard.flat()
        .map((b) => b.text),
    ).not.toContain("🗑 Delete");
    expect(t.requests()).toBe(0);
    const owner = t.user(OWNER, { languageCode: "en" });
    await owner.send("/deleted");
    expect(lastText(owner)).toContain(order.number);
    expect(lastText(owner)).toContain("deleted by Anna");
    expect(t.requests()).toBe(0);
  });

  it("an order with money taken: an operator is refused, an owner deletes it; a double Yes deletes once (ru)", async () => {
    const order = heldOrder({ paid: true });
    const op = t.user(OPERATOR, { languageCode: "ru" });
    await op.send(order.number);
    t.mark();
    const calls = await op.press("🗑 Удалить");
    expect(JSON.stringify(calls)).toContain("только владелец");
    expect(t.requests()).toBe(0);
    const owner = t.user(OWNER, { languageCode: "ru" });
    await owner.send(order.number);
    await owner.press("🗑 Удалить");
    expect(lastText(owner)).toContain("принимались деньги");
    const confirm = owner.lastReply();
    if (!confirm) throw new Error("no confirmation");
    const yes = buttonData(confirm, "✅ Да");
    await owner.pressData(yes, confirm);
    await owner.pressData(yes, confirm);
    expect(t.requests()).toBe(1);
    expect(t.sandbox.store.orderById.get(order.id)?.isVisible).toBe(false);
    await owner.send(order.number);
    expect(lastText(owner)).toContain("удалил(а)");
  });

  it("an order deleted in the CRM: after the sync its lookup says deleted at 0 requests; /deleted without the mirror asks once (ru)", async () => {
    const order = heldOrder();
    await t.client.orders.delete(order.id);
    await t.sync();
    const op = t.user(OPERATOR, { languageCode: "ru" });
    t.mark();
    await op.send(order.number);
    expect(lastText(op)).toContain(`Заказ <b>${order.number}</b> удалён.`);
    expect(t.requests()).toBe(0);
    const plain = await createTestBot({
      sandbox: t.sandbox,
      clock: t.clock,
      config: { ownerIds: [OWNER] },
    });
    plain.resetServiceRequests();
    const owner = plain.user(OWNER, { languageCode: "ru" });
    await owner.send("/deleted");
    expect(plain.serviceRequests()).toBe(1);
    expect(lastText(owner)).toContain(order.number);
    expect(lastText(owner)).toContain("Недавно удалённые");
    await plain.user(OPERATOR, { languageCode: "ru" }).send("/deleted");
    await plain.close();
  });

  it("money taken while an operator's confirmation waits: their Yes deletes nothing (checked at the write) (en)", async () => {
    const order = heldOrder();
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(order.number);
    await op.press("🗑 Delete");
    // A prepayment taken at the counter meanwhile; the mirror's sync sees it.
    order.paidCash = 500;
    order.lastAction = t.clock.now().getTime();
    t.sandbox.store.touchOrder(order);
    await t.sync();
    expect(t.mirror.get(order.id)?.order.cash?.summ).toBe(500);
    t.mark();
    await op.press("✅ Yes");
    expect(lastText(op)).toContain("only an owner may delete it");
    expect(t.requests()).toBe(0);
    expect(t.sandbox.store.orderById.get(order.id)?.isVisible).toBe(true);
  });

  it("an owner who is no owner any more by the time of Yes deletes nothing (the role is checked at the write)", async () => {
    const order = heldOrder({ paid: true });
    const owner = t.user(OWNER, { languageCode: "en" });
    await owner.send(order.number);
    await owner.press("🗑 Delete");
    const { config } = t.services;
    const before = { ownerIds: config.ownerIds, operatorIds: config.operatorIds };
    Object.assign(config, { ownerIds: [], operatorIds: [...config.operatorIds, OWNER] });
    try {
      t.mark();
      await owner.press("✅ Yes");
      expect(lastText(owner)).toContain("only an owner may delete it");
      expect(t.requests()).toBe(0);
      expect(t.sandbox.store.orderById.get(order.id)?.isVisible).toBe(true);
    } finally {
      Object.assign(config, before);
    }
  });

  it("a service that refuses (no delete grant) is named, and nothing changes (en)", async () => {
    // A workshop the restricted API user has, without the delete grant.
    const order = heldOrder({ shopId: t.sandbox.shops[0]?.id });
    const restricted = await createTestBot({
      sandbox: t.sandbox,
      operators: [OPERATOR],
      clock: t.clock,
      clientOptions: { token: t.sandbox.restrictedToken },
      config: { shopIds: [order.shopId] },
    });
    const op = restricted.user(OPERATOR, { languageCode: "en" });
    await op.send(order.number);
    await op.press("🗑 Delete");
    await op.press("✅ Yes");
    expect(lastText(op)).toContain("lacks the “delete orders” permission");
    expect(t.sandbox.store.orderById.get(order.id)?.isVisible).toBe(true);
    await restricted.close();
  });
});

describe("a deleted order's digits", () => {
  it("another workshop's order with the same digits is still found after the delete (en)", async () => {
    const { store } = t.sandbox;
    const gone = heldOrder();
    // Workshops number their orders each on their own: another one's next order gets the same digits.
    const other = t.sandbox.shops.find((shop) => shop.id !== gone.shopId);
    if (!other) throw new Error("one workshop only");
    store.setNextNum(other.id, gone.num);
    const created = await t.client.orders.create(other.id, {
      typeOrderId: store.ref.typeOrders[0]?.id ?? "",
      name: "Same Digits Client",
      brand: "Nokia",
    });
    const kept = store.orderById.get(created.id);
    if (!kept || kept.num !== gone.num) throw new Error("no order with the same digits");
    const plain = await createTestBot({ sandbox: t.sandbox, operators: [OPERATOR], clock: t.clock });
    try {
      const op = plain.user(OPERATOR, { languageCode: "en" });
      await op.send(gone.number);
      await op.press("🗑 Delete");
      await op.press("✅ Yes");
      expect(store.orderById.get(gone.id)?.isVisible).toBe(false);
      await op.send(String(gone.num));
      expect(lastText(op)).toContain(kept.number);
      // The full number typed is the deleted one's: said so with no request.
      plain.resetServiceRequests();
      await op.send(gone.number);
      expect(lastText(op)).toContain("was deleted");
      expect(plain.serviceRequests()).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
