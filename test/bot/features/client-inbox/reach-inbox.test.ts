/**
 * A linked client's message reaches the shop's inbox once (issue 36.1): a text, a
 * photo and a voice message, in the staff group, in the client's own forum topic,
 * and without a group at the managers linked with /me, else the owners; who wrote
 * (the CRM's name; the phone only where phones are allowed), their open orders as
 * buttons, ↩️ Reply; the client told once that the shop got it, with the hours.
 * 0 requests for all of it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { asTelegramMessage } from "../../../helpers/fake-telegram.ts";
import { testConfig } from "../../../helpers/test-config.ts";
import { callbackUpdate } from "../../../helpers/updates.ts";
import type { ClientBot } from "../client-side/setup.ts";
import {
  clientMedia,
  dataOf,
  INBOX,
  labelsOf,
  linkClient,
  OPERATOR,
  OWNER,
  openOrdersOf,
  startInboxBot,
} from "./setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const shopHours = { paper: { ...testConfig().paper, hours: "Mon–Fri 10:00–19:00" } };

describe("a client's message in the staff group", () => {
  it("a text, a photo and a voice message each reach the group once, with who wrote and ↩️; told once (ru)", async () => {
    t = await startInboxBot({ config: shopHours });
    const client = await linkClient(t, 7101, "ru");
    const user = t.user(7101, { languageCode: "ru" });
    const update = user.messageUpdate("Когда будет готов мой телефон?");
    await t.handle(update);
    // The same update delivered again (a restart, a second instance): nothing more.
    await t.handle(update);
    await t.handle(clientMedia(t, client.from, "photo", "вот царапина"));
    await t.handle(clientMedia(t, client.from, "voice"));
    const posted = t.telegram.botMessages(INBOX);
    expect(posted).toHaveLength(3);
    const [text, photo, voice] = posted;
    expect(text?.text).toContain(`Пишет <b>${client.who.name}</b>`);
    expect(text?.text).toContain("Когда будет готов мой телефон?");
    // A group without GROUP_PHONES: no phone.
    expect(text?.text).not.toContain(client.who.phones[0]?.slice(-4) ?? "?");
    expect(photo?.media).toBe("photo");
    expect(photo?.text).toContain("вот царапина");
    expect(voice?.media).toBe("voice");
    // Each open order's card, then ↩️ Reply.
    const open = openOrdersOf(t, client);
    expect(dataOf(text)).toEqual([...open.slice(0, 6).map((o) => `oo:${o.id}`), "ir:7101"]);
    expect(labelsOf(text).at(-1)).toBe("↩️ Ответить");
    // Told once, with the hours; the client reads nothing else of it.
    const told = t.telegram.botMessages(7101).filter((m) => m.text.includes("получила ваше сообщение"));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain("Mon–Fri 10:00–19:00");
    expect(t.requests()).toBe(0);
  });

  it("GROUP_PHONES=on shows the client's phone in the group; the staff texts follow DEFAULT_LOCALE (en)", async () => {
    t = await startInboxBot({ config: { groupPhones: true, defaultLocale: "en" } });
    const client = await linkClient(t, 7102, "ru");
    await t.user(7102, { languageCode: "ru" }).send("Hello?");
    const text = t.telegram.botMessages(INBOX)[0]?.text ?? "";
    expect(text).toMatch(new RegExp(`💬 <b>${client.who.name}</b> \\(\\+7\\d{10}\\) writes`));
    expect(labelsOf(t.telegram.botMessages(INBOX)[0]).at(-1)).toBe("↩️ Reply");
    // The client's own acknowledgement is in their language.
    expect(t.telegram.botMessages(7102).at(-1)?.text).toContain("Мастерская получила");
  });
});

describe("a forum inbox", () => {
  it("opens a topic per client on their first message and reuses it; another client gets their own (en)", async () => {
    t = await startInboxBot({ inbox: "forum" });
    const a = await linkClient(t, 7111, "en");
    const b = await linkClient(t, 7112, "en", [a.who.id]);
    await t.user(7111, { languageCode: "en" }).send("Is it ready?");
    await t.handle(clientMedia(t, a.from, "photo", "the crack"));
    await t.user(7112, { languageCode: "en" }).send("Hi, a question");
    await t.handle(clientMedia(t, b.from, "voice"));
    const topics = t.telegram.state.topics;
    expect(topics.map((x) => x.name)).toEqual([a.who.name, b.who.name]);
    const [ta, tb] = topics;
    const posted = t.telegram.botMessages(INBOX);
    expect(posted.filter((m) => m.threadId === ta?.threadId).map((m) => m.text)).toEqual([
      expect.stringContaining("Is it ready?"),
      expect.stringContaining("the crack"),
    ]);
    expect(posted.filter((m) => m.threadId === tb?.threadId)).toHaveLength(2);
    expect(t.telegram.calls.filter((c) => c.method === "getChat")).toHaveLength(1);
    expect(t.telegram.calls.filter((c) => c.method === "createForumTopic")).toHaveLength(2);
    expect(t.requests()).toBe(0);
  });

  it("a topic deleted by staff: the message lands in the group, the next one opens a new topic (ru)", async () => {
    t = await startInboxBot({ inbox: "forum" });
    await linkClient(t, 7113, "ru");
    const user = t.user(7113, { languageCode: "ru" });
    await user.send("Первое");
    // Staff delete the topic: Telegram refuses its thread.
    t.telegram.state.topics.length = 0;
    await user.send("Второе");
    await user.send("Третье");
    const posted = t.telegram.botMessages(INBOX);
    expect(posted.map((m) => m.text.split("\n").at(-1))).toEqual(["Первое", "Второе", "Третье"]);
    expect(posted[1]?.threadId).toBeUndefined();
    expect(posted[2]?.threadId).toBe(t.telegram.state.topics[0]?.threadId);
  });
});

describe("no inbox group", () => {
  it("goes to the manager of the client's open order linked with /me, with the phone (ru)", async () => {
    t = await startInboxBot({ inbox: "none" });
    const client = await linkClient(t, 7121, "ru");
    const order = openOrdersOf(t, client)[0]!;
    const managerId =
      order.managerId ?? t.sandbox.store.employeesOfShop(t.shopId).find((e) => e.isManager)!.id;
    if (order.managerId !== managerId) {
      t.sandbox.others.assign(order.id, { managerId });
      await t.sync();
      t.mark();
    }
    await t.services.users.update(OPERATOR, (s) => {
      s.employee = { id: managerId, name: "Менеджер" };
      s.locale = "ru";
    });
    await t.user(7121, { languageCode: "ru" }).send("Добрый день");
    await t.handle(clientMedia(t, client.from, "voice"));
    const got = t.telegram.botMessages(OPERATOR);
    expect(got).toHaveLength(2);
    expect(got[0]?.text).toContain(client.who.phones[0]?.replace(/\D/g, "").slice(-4) ?? "?");
    expect(got[1]?.media).toBe("voice");
    expect(t.telegram.botMessages(OWNER)).toHaveLength(0);
    expect(t.requests()).toBe(0);
  });

  it("no manager linked: the owners get it, in their language (en)", async () => {
    t = await startInboxBot({ inbox: "none" });
    await t.services.users.update(OWNER, (s) => {
      s.locale = "en";
    });
    const client = await linkClient(t, 7122, "ru");
    await t.handle(clientMedia(t, client.from, "photo", "screen"));
    const got = t.telegram.botMessages(OWNER);
    expect(got).toHaveLength(1);
    expect(got[0]?.media).toBe("photo");
    expect(got[0]?.text).toContain(`💬 <b>${client.who.name}</b> (`);
    expect(got[0]?.text).toContain("writes");
    expect(t.telegram.botMessages(OPERATOR)).toHaveLength(0);
  });
});

describe("an inbox group that refuses", () => {
  it("the bot removed from the group: the owners get the client's message, answerable (en)", async () => {
    t = await startInboxBot({ config: { defaultLocale: "en" } });
    await linkClient(t, 7131, "en");
    t.telegram.failNext("sendMessage", {
      error_code: 403,
      description: "Forbidden: bot was kicked from the supergroup chat",
    });
    await t.user(7131, { languageCode: "en" }).send("Anyone there?");
    expect(t.telegram.botMessages(INBOX)).toHaveLength(0);
    const got = t.telegram.botMessages(OWNER);
    expect(got).toHaveLength(1);
    expect(got[0]?.text).toContain("Anyone there?");
    expect(dataOf(got[0]).at(-1)).toBe("ir:7131");
  });

  it("📋 on an inbox message opens the order's card in the group, without phones, at 0 requests (ru)", async () => {
    t = await startInboxBot();
    const client = await linkClient(t, 7132, "ru");
    await t.user(7132, { languageCode: "ru" }).send("Вопрос");
    const posted = t.telegram.botMessages(INBOX).at(-1)!;
    const open = dataOf(posted).find((d) => d.startsWith("oo:"))!;
    const staff = { id: OPERATOR, is_bot: false, first_name: "Anna", language_code: "ru" };
    const message = {
      ...asTelegramMessage(posted, staff)!,
      chat: { id: INBOX, type: "supergroup", title: "Inbox" },
    };
    await t.handle(callbackUpdate(staff, open, message as never));
    const card = t.telegram.botMessages(INBOX).at(-1)?.text ?? "";
    expect(card).toContain(openOrdersOf(t, client)[0]?.number ?? "?");
    expect(card).not.toContain("📞");
    expect(t.requests()).toBe(0);
  });
});

describe("what the inbox does not take", () => {
  it("a linked client's sticker gets the help saying what reaches the workshop; nothing posted (en)", async () => {
    t = await startInboxBot();
    const client = await linkClient(t, 7141, "en");
    const messageId = t.telegram.nextMessageId(7141);
    await t.handle({
      update_id: 9_000_001,
      message: {
        message_id: messageId,
        date: 0,
        chat: { id: 7141, type: "private", first_name: client.from.first_name },
        from: client.from,
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
    } as never);
    expect(t.telegram.botMessages(INBOX)).toHaveLength(0);
    expect(t.telegram.botMessages(7141).at(-1)?.text).toContain("the workshop reads them");
  });
});

describe("the rate", () => {
  it("a client past CLIENT_RATE_PER_MINUTE is told once and their flood does not reach the inbox (ru)", async () => {
    t = await startInboxBot({ clients: { ratePerMinute: 3 } });
    await linkClient(t, 7151, "ru");
    // The link itself was one update of this minute.
    await t.clock.advance(61_000);
    const user = t.user(7151, { languageCode: "ru" });
    for (let i = 1; i <= 6; i++) await user.send(`сообщение ${i}`);
    expect(t.telegram.botMessages(INBOX)).toHaveLength(3);
    expect(
      t.telegram.botMessages(7151).filter((m) => m.text.includes("Слишком много сообщений")),
    ).toHaveLength(1);
    await t.clock.advance(61_000);
    await user.send("через минуту");
    expect(t.telegram.botMessages(INBOX)).toHaveLength(4);
  });
});

describe("nobody to read it", () => {
  it("no group, no manager, no owner, no operator: the client is told to call, with the phone (ru)", async () => {
    t = await startInboxBot({ inbox: "none", config: { ownerIds: [], operatorIds: [] } });
    await linkClient(t, 7161, "ru");
    await t.user(7161, { languageCode: "ru" }).send("Алло?");
    const text = t.telegram.botMessages(7161).at(-1)?.text ?? "";
    expect(text).toContain("позвоните нам");
    expect(text).toContain("📞");
  });
});
