/**
 * Returning clients and the client card (issue 26.0, 26.1), ru and en: a search by
 * the name or phone of a client whose last order is a year old finds them at 0
 * requests; their card costs 1 (the record), its orders 0 from the mirror, 1 for
 * the older ones (kept: the second time 0); every field shown; 👤 from an order
 * card; viewers read it, strangers are refused; forged presses harmless.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Counteragent as SandboxClient } from "../../../src/sandbox/model.ts";
import { buttonData, lastText } from "../../helpers/dialog-driver.ts";
import { createMirrorBot, type MirrorBot } from "../../helpers/mirror-bot.ts";
import { textsOf } from "../../helpers/test-bot.ts";
import { messageUpdate, telegramUser } from "../../helpers/updates.ts";

const DAY = 86_400_000;
const OPERATOR = 1;
const VIEWER = 3;
const STRANGER = 9;
let t: MirrorBot;
let returning: SandboxClient;

beforeAll(async () => {
  t = await createMirrorBot({ operators: [OPERATOR], viewers: [VIEWER], clients: true, orders: 300 });
  returning = yearOldClient();
});
afterAll(() => t.close());
beforeEach(() => t.mark());

/**
 * A client none of whose orders the mirror holds, made a year old: every order of theirs
 * created, closed and last changed a year ago (as a client who comes back after a year).
 */
function yearOldClient(): SandboxClient {
  const { store } = t.sandbox;
  const client = store.counteragents.find(
    (c) =>
      c.phones.length > 0 &&
      /^\p{L}+ \p{L}+/u.test(c.name) &&
      store.orders.some((o) => o.counteragentId === c.id && o.isVisible) &&
      t.mirror.clientOrders(c.id, 50).length === 0,
  );
  if (!client) throw new Error("no client without held orders");
  const yearAgo = t.clock.now().getTime() - 365 * DAY;
  for (const order of store.orders.filter((o) => o.counteragentId === client.id)) {
    order.dateCreate = yearAgo;
    order.lastAction = yearAgo + DAY;
  }
  return client;
}

const surnameOf = (client: SandboxClient) => client.name.split(" ")[0] ?? client.name;
const phoneTail = (client: SandboxClient) => (client.phones[0] ?? "").replace(/\D/g, "").slice(-7);
const ordersOf = (client: SandboxClient) =>
  t.sandbox.store.orders.filter((o) => o.counteragentId === client.id && o.isVisible);
const allButtons = (calls: Awaited<ReturnType<MirrorBot["handle"]>>) =>
  calls.flatMap((c) =>
    (
      (c.payload.reply_markup as { inline_keyboard?: { text: string }[][] } | undefined)?.inline_keyboard ??
      []
    )
      .flat()
      .map((b) => b.text),
  );

describe("a returning client is found", () => {
  it("by name with /find and by the phone's last digits, at 0 requests (en)", async () => {
    const user = t.user(OPERATOR, { languageCode: "en" });
    for (const text of [`/find ${surnameOf(returning)}`, phoneTail(returning)]) {
      const calls = await user.send(text);
      expect(allButtons(calls).join("\n"), text).toContain(`👤 ${returning.name}`);
      expect(textsOf(calls).join("\n")).not.toContain("something went wrong");
    }
    expect(textsOf(await user.send(`/client ${phoneTail(returning)}`)).join("\n")).toContain(returning.name);
    // /client with one match opens the card: its record is the one request.
    expect(t.requests()).toBe(1);
  });

  it("by /client in Russian, listed with their phone when several match, at 0 requests", async () => {
    const user = t.user(OPERATOR, { languageCode: "ru" });
    const calls = await user.send(`/client ${surnameOf(returning)}`);
    const text = textsOf(calls).join("\n");
    if (text.includes("Клиентов по запросу")) {
      expect(allButtons(calls).some((b) => b.startsWith(`👤 ${returning.name}`))).toBe(true);
      expect(t.requests()).toBe(0);
    } else {
      expect(text).toContain(`👤 <b>${returning.name}</b>`);
      expect(t.requests()).toBe(1);
    }
    expect(textsOf(await user.send("/client Zzzqx")).join("\n")).toContain("Нет клиента");
    expect(textsOf(await user.send("/client ab")).join("\n")).toContain("от 3 до 100");
  });
});

describe("the client card", () => {
  it("costs 1 request, shows every field, its held orders 0, the older ones 1 and then 0 (en)", async () => {
    const user = t.user(OPERATOR, { languageCode: "en" });
    await user.send(`/find ${surnameOf(returning)}`);
    t.mark();
    await user.press(`👤 ${returning.name} ${returning.phones[0]}`);
    expect(t.requests()).toBe(1);
    const card = lastText(user);
    expect(card).toContain(`👤 <b>${returning.name}</b>`);
    expect(card).toContain(`<code>${returning.phones[0]}</code>`);
    expect(card).toMatch(/Rating: (👍|—|👎)/);
    expect(card).toContain("Buyer / vendor:");
    expect(card).toMatch(/Messages: SMS (✅|✖️) · e-mail (✅|✖️) · Telegram (✅|✖️)/);
    expect(card).toContain("Came from:");
    expect(card).toContain("No order of this client is among those the bot knows");
    t.mark();
    await user.press("📜 All orders");
    expect(t.requests()).toBe(1);
    const theirs = ordersOf(returning);
    const after = user.lastReply();
    expect(after?.text).toContain(`Orders: ${theirs.length}`);
    const labels = after?.replyMarkup?.inline_keyboard.flat().map((b) => b.text) ?? [];
    for (const order of theirs.slice(0, 10))
      expect(labels.some((l) => l.startsWith(order.number))).toBe(true);
    expect(labels).not.toContain("📜 All orders");
    // A second press of 📜 (a double press, an older card's button): kept, no request.
    t.mark();
    await user.pressData(`ko:${returning.id}`);
    expect(t.requests()).toBe(0);
    expect(lastText(user)).toContain(`Orders: ${theirs.length}`);
    // Each order one tap to its card, from the mirror now.
    t.mark();
    const first = theirs[0];
    if (!first) throw new Error("no order");
    const label = labels.find((l) => l.startsWith(first.number)) ?? "";
    await user.press(label);
    expect(lastText(user)).toContain(first.number);
    expect(t.requests()).toBe(0);
    // Opened again: 1 (the record), its orders kept.
    t.mark();
    await user.send(`/client ${returning.phones[0]}`);
    expect(t.requests()).toBe(1);
    expect(lastText(user)).toContain(`Orders: ${theirs.length}`);
  });

  it("from an order card's 👤 in Russian: 1 request, the client's open orders first", async () => {
    const { store } = t.sandbox;
    const order = store.orders.find(
      (o) =>
        o.isVisible &&
        store.statusById.get(o.statusId)?.group === "inWork" &&
        t.mirror.clientOrders(o.counteragentId, 50).length > 1,
    );
    if (!order) throw new Error("no client with several held orders");
    const user = t.user(OPERATOR, { languageCode: "ru" });
    await user.send(order.number);
    t.mark();
    await user.press("👤 Клиент");
    expect(t.requests()).toBe(1);
    const card = user.lastReply();
    const client = store.counteragentById.get(order.counteragentId);
    expect(card?.text).toContain(`👤 <b>${client?.name}</b>`);
    expect(card?.text).toMatch(/Рейтинг: (👍|—|👎)/);
    const labels = card?.replyMarkup?.inline_keyboard.flat().map((b) => b.text) ?? [];
    expect(labels.some((l) => l.startsWith(order.number))).toBe(true);
    expect(labels).toContain("✏️ Изменить");
    expect(labels).toContain("🔁 Другой клиент для заказа");
    // Open first: no closed order's button before an open one's.
    const held = t.mirror.clientOrders(order.counteragentId, 50).map((m) => m.order);
    const groups = held.map((o) => (o.status?.type === "closed" ? 1 : 0));
    expect(groups).toEqual([...groups].sort());
  });

  it("names a company's custom fields by its type's definitions (cached: the card stays 1 request)", async () => {
    const { store } = t.sandbox;
    const type = store.ref.typeCounteragents[1];
    const company = store.counteragents.find(
      (c) =>
        c.typeCounteragentId === type?.id && c.customFields.some((f) => f.value !== null && f.value !== ""),
    );
    const field = type?.fields.find((f) => company?.customFields.some((v) => v.id === f.id && v.value));
    if (!company || !type || !field) throw new Error("no company with a custom field");
    await t.services.reference.counteragentTypeFields(type.id);
    const user = t.user(OPERATOR, { languageCode: "ru" });
    t.mark();
    await user.pressData(`kc:${company.id}:-`);
    expect(t.requests()).toBe(1);
    const value = String(company.customFields.find((f) => f.id === field.id)?.value);
    expect(lastText(user)).toContain(`${field.name}: ${value}`);
    expect(lastText(user)).toContain(`Тип: ${type.name}`);
  });

  it("a viewer reads the card without the edit buttons; a stranger is refused; a forged press is harmless", async () => {
    const viewer = t.user(VIEWER, { languageCode: "en" });
    await viewer.send(`/client ${returning.phones[0]}`);
    expect(lastText(viewer)).toContain(returning.name);
    const card = viewer.lastReply();
    const labels = card?.replyMarkup?.inline_keyboard.flat().map((b) => b.text) ?? [];
    expect(labels).not.toContain("✏️ Edit");
    const stranger = t.user(STRANGER, { languageCode: "en" });
    t.mark();
    await stranger.send(`/client ${returning.phones[0]}`);
    await stranger.pressData(`kc:${returning.id}:-`);
    expect(stranger.replies().every((m) => !m.text.includes(returning.name))).toBe(true);
    expect(t.requests()).toBe(0);
    // Forged: an unknown id reads as not found, broken data as an old button; nothing breaks.
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.pressData("kc:nope:-");
    expect(lastText(op)).toMatch(/not found|No such/i);
    const calls = await op.pressData("kc:%E0%A4%A:-");
    expect(JSON.stringify(calls)).toMatch(/outdated|no longer/);
    expect(buttonData).toBeDefined();
  });
});

describe("clients found in a group chat", () => {
  it("list no phone numbers with GROUP_PHONES off (as the card hides them there)", async () => {
    // A surname's start that several clients with phones share: /client lists them.
    const counts = new Map<string, number>();
    for (const c of t.sandbox.store.counteragents)
      if (c.phones.length > 0 && /^\p{L}{3}/u.test(c.name)) {
        const start = c.name.slice(0, 3);
        counts.set(start, (counts.get(start) ?? 0) + 1);
      }
    const start = [...counts].find(([, n]) => n >= 2)?.[0];
    if (!start) throw new Error("no two clients share a surname's start");
    const GROUP = -100_500;
    const calls = await t.handle(
      messageUpdate(telegramUser(OPERATOR, { languageCode: "en" }), `/client ${start}`, 1, GROUP),
    );
    const buttons = allButtons(calls);
    expect(buttons.some((b) => b.startsWith("👤"))).toBe(true);
    for (const button of buttons) expect(button).not.toMatch(/\d{3}[\s-]*\d{2}[\s-]*\d{2}/);
  });
});
