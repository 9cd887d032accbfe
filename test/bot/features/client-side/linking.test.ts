/**
 * The client's side, linking (CLIENTS=on): a non-staff user's /start greets
 * with the workshop and a contact request; their own contact links them and
 * shows exactly their orders from the mirror (the consent written once: a read
 * and a PATCH); a forged contact, a number that only ends like theirs, or
 * someone else's contact shows nothing. /stop unlinks with a read and one PATCH. Staff
 * and group chats see the bot as before.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ordersByPhone } from "../../../../src/bot/features/client-side/orders.ts";
import { callsOf, testConfig } from "../../../helpers/test-bot.ts";
import { messageUpdate } from "../../../helpers/updates.ts";
import {
  aClient,
  type ClientBot,
  contactUpdate,
  numberOf,
  OPERATOR,
  person,
  startClientBot,
} from "./setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const texts = (bot: ClientBot, id: number) =>
  bot.telegram
    .botMessages(id)
    .map((m) => m.text)
    .join("\n---\n");

describe("a stranger's /start", () => {
  it("greets with the workshop's name, address and hours and asks for the phone by Telegram's button (en), 0 requests", async () => {
    t = await startClientBot({ config: { paper: { ...testConfig().paper, hours: "Mon–Fri 10:00–19:00" } } });
    const user = t.user(5001, { languageCode: "en" });
    const calls = await user.send("/start");
    const shop = t.sandbox.shops[0]!;
    const reply = user.lastReply()?.text ?? "";
    expect(reply).toContain(shop.name);
    expect(reply).toContain("Mon–Fri 10:00–19:00");
    expect(reply).toContain("share your phone number");
    const markup = callsOf(calls, "sendMessage").at(-1)?.payload.reply_markup as unknown;
    const keyboard = (typeof markup === "string" ? JSON.parse(markup) : markup) as {
      keyboard: { text: string; request_contact?: boolean }[][];
    };
    expect(keyboard.keyboard[0]?.[0]).toMatchObject({ text: "📱 Share my phone", request_contact: true });
    expect(t.requests()).toBe(0);
  });

  it("staff still see the staff bot, and a stranger in a group is refused as before (ru)", async () => {
    t = await startClientBot();
    const op = t.user(OPERATOR, { languageCode: "ru" });
    await op.send("/start");
    expect(op.lastReply()?.text).not.toContain("Поделиться");
    expect(op.lastReply()?.text).toContain("/new");
    const stranger = person(5002, "ru");
    await t.handle(messageUpdate(stranger, "/start", 1, -100500));
    const inGroup = t.telegram.botMessages(-100500).map((m) => m.text);
    expect(inGroup.join("\n")).toContain("5002");
    expect(inGroup.join("\n")).not.toContain("Поделиться");
  });
});

describe("linking by the sender's own contact", () => {
  it("links and shows exactly the client's orders, nothing personal; the consent is a read and a PATCH (ru)", async () => {
    t = await startClientBot();
    const { who, orders } = aClient(t);
    // Not allowed yet: linking reads the counteragent and PATCHes the flag.
    t.sandbox.store.counteragentById.get(who.id)!.isSendTelegram = false;
    const from = person(5010, "ru");
    await t.handle(contactUpdate(t, from, who.phones[0]!.replace(/\D/g, "")));
    const all = texts(t, from.id);
    expect(all).toContain("Готово");
    const shown = ordersByPhone(t.mirror, [t.shopId], `+${who.phones[0]!.replace(/\D/g, "")}`, "RU");
    expect(shown.length).toBeGreaterThan(0);
    for (const order of orders) {
      const status = t.sandbox.store.statusById.get(order.statusId)?.group;
      if (status !== "closed") expect(all).toContain(numberOf(t, order.id));
    }
    // No other client's orders, no names, no phones, no staff.
    const others = t.sandbox.store.orders.filter((o) => o.counteragentId !== who.id && t!.mirror.get(o.id));
    for (const other of others) expect(all).not.toContain(`<b>${numberOf(t, other.id)}</b>`);
    expect(all).not.toContain(who.name);
    expect(all).not.toContain(who.phones[0]!);
    for (const e of t.sandbox.store.employeesOfShop(t.shopId)) expect(all).not.toContain(e.name);
    const shop = (await t.services.reference.cachedShops())?.find((s) => s.id === t!.shopId);
    expect(all).toContain(shop?.address ?? "no address");
    expect(t.requests()).toBe(2);
    expect(t.sandbox.store.counteragentById.get(who.id)?.isSendTelegram).toBe(true);
    expect(t.sandbox.store.counteragentById.get(who.id)?.name).toBe(who.name);
    // The same contact again: no second consent write.
    t.mark();
    await t.handle(contactUpdate(t, from, who.phones[0]!));
    expect(t.requests()).toBe(0);
  });

  it("a contact that is not the sender's own is refused and links nothing, 0 requests (en)", async () => {
    t = await startClientBot();
    const { who } = aClient(t);
    const from = person(5011, "en");
    await t.handle(contactUpdate(t, from, who.phones[0]!, 777));
    expect(t.telegram.botMessages(from.id).at(-1)?.text).toContain("Only your own number");
    await t.handle(contactUpdate(t, from, who.phones[0]!, "none"));
    await t.user(from.id, { languageCode: "en" }).send("/start");
    const all = texts(t, from.id);
    expect(all).not.toContain("Your order");
    expect(t.requests()).toBe(0);
  });

  it("a number that only ends like the client's finds nothing (exact match, en)", async () => {
    t = await startClientBot();
    const { who } = aClient(t);
    const digits = who.phones[0]!.replace(/\D/g, "");
    const from = person(5012, "en");
    // The same last nine digits under another operator code.
    await t.handle(contactUpdate(t, from, `+7${digits[1] === "9" ? "8" : "9"}${digits.slice(2)}`));
    expect(t.telegram.botMessages(from.id).at(-1)?.text).toContain("No orders were found");
    await t.handle(contactUpdate(t, from, digits.slice(-7)));
    expect(t.telegram.botMessages(from.id).at(-1)?.text).toContain("No orders were found");
    expect(t.requests()).toBe(0);
  });

  it("8 and +7 are the same number (ru)", async () => {
    t = await startClientBot();
    const { who } = aClient(t);
    const from = person(5013, "ru");
    await t.handle(contactUpdate(t, from, `8${who.phones[0]!.replace(/\D/g, "").slice(1)}`));
    expect(texts(t, from.id)).toContain("Готово");
  });
});

describe("a consent the service could not take", () => {
  it("links anyway, says so, and the next share writes it (en)", async () => {
    t = await startClientBot();
    const { who } = aClient(t);
    t.sandbox.store.counteragentById.get(who.id)!.isSendTelegram = false;
    const from = person(5030, "en");
    t.sandbox.faults.set({ errorRate: 1 });
    await t.handle(contactUpdate(t, from, who.phones[0]!));
    t.sandbox.faults.clear();
    expect(texts(t, from.id)).toContain("could not be noted");
    expect(texts(t, from.id)).toContain("Your order");
    expect(t.sandbox.store.counteragentById.get(who.id)?.isSendTelegram).toBe(false);
    t.mark();
    await t.handle(contactUpdate(t, from, who.phones[0]!));
    expect(t.sandbox.store.counteragentById.get(who.id)?.isSendTelegram).toBe(true);
    expect(t.requests()).toBeLessThanOrEqual(2);
  });
});

describe("sharing the same contact again and again", () => {
  it("a client whose counteragent has no form (no name) spends at most one consent read per allowed link a day, and still sees their orders (ru)", async () => {
    t = await startClientBot();
    const { who } = aClient(t);
    // No name: the consent cannot be PATCHed, so the link keeps no form and every share used to retry the read.
    t.sandbox.store.counteragentById.get(who.id)!.name = "";
    const from = person(5031, "ru");
    t.mark();
    for (let i = 0; i < 8; i++) await t.handle(contactUpdate(t, from, who.phones[0]!));
    expect(t.requests()).toBeLessThanOrEqual(3);
    const last = t.telegram
      .botMessages(from.id)
      .slice(-3)
      .map((m) => m.text)
      .join("\n");
    expect(last).not.toContain("Попробуйте завтра");
    expect(last).toContain("<b>");
  });
});

describe("/stop", () => {
  it("unlinks and clears the consent with a read and one PATCH (en); a second /stop changes nothing", async () => {
    t = await startClientBot();
    const { who } = aClient(t);
    const from = person(5020, "en");
    await t.handle(contactUpdate(t, from, who.phones[0]!));
    t.mark();
    const user = t.user(from.id, { languageCode: "en" });
    await user.send("/stop");
    expect(user.lastReply()?.text).toContain("unsubscribed");
    expect(t.requests()).toBe(2);
    expect(t.sandbox.store.counteragentById.get(who.id)?.isSendTelegram).toBe(false);
    expect(t.sandbox.store.counteragentById.get(who.id)?.name).toBe(who.name);
    await user.send("/stop");
    expect(user.lastReply()?.text).toContain("not subscribed");
    expect(t.requests()).toBe(2);
  });
});
