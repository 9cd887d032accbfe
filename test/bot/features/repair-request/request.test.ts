/**
 * A client's repair request (issue 36.5): "📥 Request a repair" on a linked client's
 * /start asks the device (their earlier devices as buttons, or typed), the fault and
 * when they can bring it; it lands in the inbox with 📥 Take in at 0 requests; the
 * press opens the intake with the client, device and fault filled in, the clerk
 * confirms, the create's body carries them, and the client is told the order's
 * number. A user not linked is asked for their phone; forged presses cost nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { asTelegramMessage } from "../../../helpers/fake-telegram.ts";
import { callbackUpdate } from "../../../helpers/updates.ts";
import { dataOf, INBOX, labelsOf, linkClient, OWNER, staffMember } from "../client-inbox/setup.ts";
import { type ClientBot, OPERATOR, startClientBot } from "../client-side/setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The JSON bodies of the create requests (POST /shops/{id}/orders) the bot sent. */
const creates: Record<string, unknown>[] = [];

/** A staff member who may only look (📥 Take in is not theirs). */
const VIEWER = 9;

async function start(inbox: "group" | "none"): Promise<ClientBot> {
  creates.length = 0;
  const bot = await startClientBot({
    clients: { inboxChat: inbox === "group" ? INBOX : undefined },
    config: { ownerIds: [OWNER], viewerIds: [VIEWER] },
    clientOptions: {
      fetch: async (input, init) => {
        const path = new URL(String(input)).pathname;
        if (init?.method === "POST" && /\/shops\/[^/]+\/orders$/.test(path))
          creates.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return fetch(input, init);
      },
    },
  });
  if (inbox === "group")
    bot.telegram.state.groups.set(INBOX, { type: "supergroup", title: "Inbox", isForum: false });
  return bot;
}

describe("a repair request", () => {
  it("asked in Russian with an earlier device's button, taken in by the owner (en) with the fields filled; the client told the number", async () => {
    t = await start("none");
    const bot = t;
    const client = await linkClient(bot, 7401, "ru");
    const user = bot.user(7401, { languageCode: "ru" });
    await user.send("/start");
    await user.press("📥 Заявка на ремонт");
    expect(user.lastReply()?.text).toContain("Какое устройство?");
    const device = labelsOf(user.lastReply())[0] ?? "";
    expect(device).not.toBe("✖ Отмена");
    await user.press(device);
    expect(user.lastReply()?.text).toContain("Опишите неисправность");
    await user.send("Не включается после падения");
    await user.press("Завтра");
    expect(user.lastReply()?.text).toContain("Заявка отправлена");
    // Nothing reached the service for the request itself.
    expect(bot.requests()).toBe(0);

    // The owners read it (no inbox group, no manager linked), in the shop's language, with 📥 Take in.
    const posted = bot.telegram.botMessages(OWNER).at(-1);
    expect(posted?.text).toContain("Заявка на ремонт");
    expect(posted?.text).toContain("Не включается после падения");
    expect(posted?.text).toContain("Завтра");
    expect(posted?.text).toContain(client.who.name);
    expect(labelsOf(posted)).toContain("📥 Принять");

    const owner = bot.user(OWNER, { languageCode: "en" });
    await owner.press("📥 Принять", { message: posted });
    expect(owner.replies().some((m) => m.text.includes("From a client's request"))).toBe(true);
    await owner.press("Платный ремонт");
    expect(owner.lastReply()?.text).toContain("Check the order");
    expect(owner.lastReply()?.text).toContain(client.who.name);
    expect(creates).toHaveLength(0);
    await owner.press("✅ Create");
    expect(owner.lastReply()?.text).toContain("Order created");
    expect(creates).toHaveLength(1);
    expect(creates[0]).toMatchObject({
      counteragentId: client.who.id,
      typeDevice: device,
      problem: ["Не включается после падения"],
    });
    const order = bot.sandbox.store.orders.at(-1);
    expect(order?.counteragentId).toBe(client.who.id);
    const told = bot.telegram
      .botMessages(7401)
      .filter((m) => m.text.includes("Ваша заявка на ремонт принята"));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(order?.number ?? "?");
    // A linked client's order: its receipt reaches them too (issue 36.4).
    expect(
      bot.telegram.calls.filter((c) => c.method === "sendDocument" && Number(c.payload.chat_id) === 7401),
    ).toHaveLength(1);

    // 📥 Take in again: the request is taken in already, nothing more is created.
    bot.mark();
    await owner.press("📥 Принять", { message: posted });
    expect(bot.requests()).toBe(0);
    expect(creates).toHaveLength(1);
  });

  it("a typed device and time in English; 📥 Take in in the inbox group sends the request to the clerk's private chat", async () => {
    t = await start("group");
    const bot = t;
    const client = await linkClient(bot, 7402, "en");
    const user = bot.user(7402, { languageCode: "en" });
    await user.send("/start");
    await user.press("📥 Request a repair");
    await user.send("Lenovo tablet");
    await user.send("The screen flickers");
    await user.send("Saturday morning");
    expect(user.lastReply()?.text).toContain("Your request is sent");
    expect(bot.requests()).toBe(0);
    const posted = bot.telegram.botMessages(INBOX).at(-1);
    expect(posted?.text).toContain("Lenovo tablet");
    expect(posted?.text).toContain("Saturday morning");
    const takeIn = dataOf(posted).find((d) => d.startsWith("rqt:")) ?? "";

    const inGroup = (who: number) =>
      callbackUpdate(staffMember(who, "en"), takeIn, {
        ...asTelegramMessage(posted, staffMember(who, "en"))!,
        chat: { id: INBOX, type: "supergroup", title: "Inbox" },
      } as never);
    // A viewer's press opens nothing and sends them nothing.
    await bot.handle(inGroup(VIEWER));
    expect(bot.telegram.botMessages(VIEWER)).toHaveLength(0);
    await bot.handle(inGroup(OPERATOR));
    const op = bot.user(OPERATOR, { languageCode: "en" });
    expect(op.lastReply()?.text).toContain("Lenovo tablet");
    await op.press("📥 Take in");
    await op.press("Платный ремонт");
    await op.press("✅ Create");
    expect(creates).toHaveLength(1);
    expect(creates[0]).toMatchObject({
      counteragentId: client.who.id,
      typeDevice: "Lenovo tablet",
      problem: ["The screen flickers"],
    });
    const number = bot.sandbox.store.orders.at(-1)?.number ?? "?";
    expect(
      bot.telegram.botMessages(7402).some((m) => m.text.includes(`taken in: order <b>${number}</b>`)),
    ).toBe(true);
  });

  it("✍️ Write to us in the middle of a request drops it: the next text reaches the inbox (ru)", async () => {
    t = await start("none");
    const bot = t;
    await linkClient(bot, 7405, "ru");
    const user = bot.user(7405, { languageCode: "ru" });
    await user.send("/start");
    const greeting = user.replies().find((m) => labelsOf(m).includes("✍️ Написать нам"));
    await user.press("📥 Заявка на ремонт");
    await user.send("Ноутбук Asus");
    await user.press("✍️ Написать нам", { message: greeting });
    await user.send("Сколько стоит замена экрана?");
    const posted = bot.telegram.botMessages(OWNER);
    expect(posted.some((m) => m.text.includes("Сколько стоит замена экрана?"))).toBe(true);
    expect(posted.some((m) => m.text.includes("Заявка на ремонт"))).toBe(false);
  });

  it("three requests a day at most: the fourth is refused and posts nothing (en)", async () => {
    t = await start("none");
    const bot = t;
    await linkClient(bot, 7404, "en");
    const user = bot.user(7404, { languageCode: "en" });
    for (const n of [1, 2, 3]) {
      await bot.clock.advance(60_000);
      await user.send("/start");
      await user.press("📥 Request a repair");
      await user.send(`Phone number ${n}`);
      await user.send("It does not charge");
      await user.press("Today");
      expect(user.lastReply()?.text).toContain("Your request is sent");
    }
    await bot.clock.advance(60_000);
    await user.send("/start");
    await user.press("📥 Request a repair");
    expect(user.lastReply()?.text).toContain("several requests today");
    expect(bot.telegram.botMessages(OWNER).filter((m) => m.text.includes("It does not charge"))).toHaveLength(
      3,
    );
    expect(bot.requests()).toBe(0);
  });

  it("a user not linked is asked for their phone first; forged presses cost no request", async () => {
    t = await start("none");
    const bot = t;
    const stranger = bot.user(7403, { languageCode: "en" });
    await stranger.send("/start");
    // An old 📥 Request a repair (linked then, unlinked since).
    await stranger.pressData("rq");
    expect(stranger.lastReply()?.text).toContain("first share your phone number");
    await stranger.pressData("rqd:0");
    await stranger.pressData("rqw:today");
    await stranger.send("A laptop");
    // Forged 📥 Take in: an unknown request, by staff and by a client.
    bot.mark();
    const owner = bot.user(OWNER, { languageCode: "en" });
    await owner.pressData("rqt:nope.1");
    await stranger.pressData("rqt:nope.1");
    expect(bot.requests()).toBe(0);
    expect(creates).toHaveLength(0);
    expect(bot.telegram.botMessages(OWNER).filter((m) => m.text.includes("Repair request"))).toHaveLength(0);
  });
});
