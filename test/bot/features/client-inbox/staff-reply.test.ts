/**
 * Staff answer from Telegram (issue 36.2-3): a reply to the forwarded message, or ↩️
 * then the answer to its prompt (text, a photo), reaches that client once, as the
 * workshop (the replier's first name only with CLIENT_REPLY_SIGNED=on, never the last
 * name); the inbox says delivered, or why not (blocked, /stop), and who answered.
 * Two clients' conversations never cross; a restart between the client's message and
 * the answer loses nothing; a message Telegram refused for a while is delivered after
 * the restart and can be answered. 0 requests.
 */
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { outboxOf } from "../../../../src/bot/notify/send.ts";
import { asTelegramMessage } from "../../../helpers/fake-telegram.ts";
import { createTestBot, type TestBot } from "../../../helpers/test-bot.ts";
import { callbackUpdate } from "../../../helpers/updates.ts";
import type { ClientBot } from "../client-side/setup.ts";
import { groupReply, INBOX, linkClient, OPERATOR, staffMember, startInboxBot } from "./setup.ts";

let t: ClientBot | undefined;
let restarted: TestBot | undefined;
afterEach(async () => {
  await restarted?.close();
  restarted = undefined;
  await t?.close();
  t = undefined;
});

const shopName = (bot: ClientBot) => bot.sandbox.store.ref.shops.find((s) => s.id === bot.shopId)?.name ?? "";
const lastInbox = (bot: ClientBot) => bot.telegram.botMessages(INBOX).at(-1);

describe("a staff reply", () => {
  it("reaches the client once as the workshop; the inbox says delivered and who answered (ru)", async () => {
    t = await startInboxBot();
    const client = await linkClient(t, 7201, "ru");
    await t.user(7201, { languageCode: "ru" }).send("Когда готово?");
    const forwarded = lastInbox(t)!;
    const staff = staffMember(OPERATOR, "ru", "Анна", "Петрова");
    const reply = groupReply(t, staff, forwarded, { text: "Завтра к обеду" });
    await t.handle(reply);
    await t.handle(reply);
    const got = t.telegram.botMessages(7201).filter((m) => m.text.includes("Завтра к обеду"));
    expect(got).toHaveLength(1);
    // The workshop's name and the order it is about; never the staff member's name.
    expect(got[0]?.text).toMatch(
      new RegExp(`^💬 <b>${shopName(t)}</b>:\nПо заказу <b>[^<]+</b>\n\nЗавтра к обеду$`),
    );
    expect(got[0]?.text).not.toContain("Анна");
    const status = lastInbox(t)?.text ?? "";
    expect(status).toBe(`✅ Доставлено: ${client.who.name} · ответил(а) Анна Петрова`);
    expect(t.requests()).toBe(0);
  });

  it("CLIENT_REPLY_SIGNED=on: signed with the first name only; a photo reply is copied (en)", async () => {
    t = await startInboxBot({ clients: { replySigned: true } });
    await linkClient(t, 7202, "en");
    await t.user(7202, { languageCode: "en" }).send("Is it ready?");
    const forwarded = lastInbox(t)!;
    const staff = staffMember(OPERATOR, "en", "Anna", "Petrova");
    await t.handle(groupReply(t, staff, forwarded, { photo: "ph-1", caption: "Here is the new screen" }));
    const got = t.telegram.botMessages(7202).at(-1);
    expect(got?.media).toBe("photo");
    expect(got?.text).toMatch(
      new RegExp(`^💬 <b>${shopName(t)}</b>, Anna:\nOn order <b>[^<]+</b>\n\nHere is the new screen$`),
    );
    expect(got?.text).not.toContain("Petrova");
    expect(lastInbox(t)?.text).toContain("✅ Delivered to");
    expect(lastInbox(t)?.text).toContain("answered by Anna Petrova");
  });

  it("↩️ Reply asks for the answer; the answer to the prompt reaches the client (en)", async () => {
    t = await startInboxBot();
    await linkClient(t, 7203, "en");
    await t.user(7203, { languageCode: "en" }).send("Hello");
    const forwarded = lastInbox(t)!;
    const staff = staffMember(OPERATOR, "en");
    await t.handle(
      callbackUpdate(staff, "ir:7203", {
        ...asTelegramMessage(forwarded, staff)!,
        chat: { id: INBOX, type: "supergroup", title: "Inbox" },
      } as never),
    );
    const prompt = lastInbox(t)!;
    expect(prompt.text).toContain("write your answer to");
    await t.handle(groupReply(t, staff, prompt, { text: "We are open till 7" }));
    expect(t.telegram.botMessages(7203).at(-1)?.text).toContain("We are open till 7");
    expect(t.requests()).toBe(0);
  });

  it("a client who blocked the bot, or sent /stop: the inbox says so, nothing is sent (ru)", async () => {
    t = await startInboxBot();
    const a = await linkClient(t, 7204, "ru");
    await t.user(7204, { languageCode: "ru" }).send("Вопрос");
    const forwarded = lastInbox(t)!;
    const staff = staffMember(OPERATOR, "ru");
    t.telegram.state.blockedBy.add(7204);
    await t.handle(groupReply(t, staff, forwarded, { text: "Ответ" }));
    expect(lastInbox(t)?.text).toBe(`⚠️ Не доставлено: ${a.who.name} заблокировал(а) бота.`);
    // Marked blocked: the next answer is not even tried.
    const sends = t.telegram.calls.length;
    await t.handle(groupReply(t, staff, forwarded, { text: "Ещё ответ" }));
    expect(t.telegram.calls.slice(sends).filter((c) => Number(c.payload.chat_id) === 7204)).toHaveLength(0);
    expect(lastInbox(t)?.text).toContain("заблокировал(а) бота");
    t.telegram.state.blockedBy.delete(7204);
    await t.user(7204, { languageCode: "ru" }).send("/stop");
    await t.handle(groupReply(t, staff, forwarded, { text: "После отписки" }));
    expect(lastInbox(t)?.text).toBe(`⚠️ Не доставлено: ${a.who.name} отписался(ась) от бота (/stop).`);
    expect(t.telegram.botMessages(7204).some((m) => m.text.includes("После отписки"))).toBe(false);
  });
});

describe("an answer Telegram does not take at once", () => {
  it("the inbox reads it will be delivered; the outbox delivers it once (en)", async () => {
    t = await startInboxBot();
    await linkClient(t, 7231, "en");
    await t.user(7231, { languageCode: "en" }).send("Still there?");
    const forwarded = lastInbox(t)!;
    t.telegram.failNext("sendMessage", { error_code: 502, description: "Bad Gateway" });
    await t.handle(groupReply(t, staffMember(OPERATOR, "ru"), forwarded, { text: "Yes, one moment" }));
    expect(lastInbox(t)?.text).toContain("⏳ Telegram ещё не принял ответ");
    expect(t.telegram.botMessages(7231).some((m) => m.text.includes("Yes, one moment"))).toBe(false);
    await t.clock.advance(10_000);
    const outbox = outboxOf({ services: t.services, api: t.bot.api, logger: pino({ level: "silent" }) });
    await outbox.drain();
    await outbox.drain();
    expect(t.telegram.botMessages(7231).filter((m) => m.text.includes("Yes, one moment"))).toHaveLength(1);
  });
});

describe("two clients", () => {
  it("answers go to the client whose message was replied to, never the other (ru, en)", async () => {
    t = await startInboxBot();
    const a = await linkClient(t, 7211, "ru");
    await linkClient(t, 7212, "en", [a.who.id]);
    await t.user(7211, { languageCode: "ru" }).send("Я клиент А");
    const fromA = lastInbox(t)!;
    await t.user(7212, { languageCode: "en" }).send("I am client B");
    const fromB = lastInbox(t)!;
    const staff = staffMember(OPERATOR, "ru");
    await t.handle(groupReply(t, staff, fromB, { text: "для B" }));
    await t.handle(groupReply(t, staff, fromA, { text: "для А" }));
    const toA = t.telegram
      .botMessages(7211)
      .map((m) => m.text)
      .join("\n");
    const toB = t.telegram
      .botMessages(7212)
      .map((m) => m.text)
      .join("\n");
    expect(toA).toContain("для А");
    expect(toA).not.toContain("для B");
    expect(toA).not.toContain("I am client B");
    expect(toB).toContain("для B");
    expect(toB).not.toContain("для А");
    expect(toB).not.toContain("Я клиент А");
  });
});

describe("a restart", () => {
  it("between the client's message and the answer loses nothing (ru)", async () => {
    t = await startInboxBot();
    await linkClient(t, 7221, "ru");
    await t.user(7221, { languageCode: "ru" }).send("До перезапуска");
    const forwarded = lastInbox(t)!;
    // A new process on the same store (and the same sandbox and mirror).
    restarted = await createTestBot({
      sandbox: t.sandbox,
      store: t.store,
      clock: t.clock,
      operators: [OPERATOR],
      config: t.config,
      deps: { mirror: t.mirror },
    });
    await restarted.services.reference.shops();
    await restarted.services.reference.statuses();
    await restarted.handle(
      groupReply(t, staffMember(OPERATOR, "ru"), forwarded, { text: "После перезапуска" }),
    );
    expect(restarted.telegram.botMessages(7221).map((m) => m.text)).toEqual([
      expect.stringContaining("После перезапуска"),
    ]);
  });

  it("a message Telegram refused for a while is delivered by the next process, once, and can be answered (en)", async () => {
    t = await startInboxBot();
    await linkClient(t, 7222, "en");
    t.telegram.failNext("sendMessage", { error_code: 502, description: "Bad Gateway" });
    await t.user(7222, { languageCode: "en" }).send("Sent while Telegram was down");
    expect(t.telegram.botMessages(INBOX)).toHaveLength(0);
    restarted = await createTestBot({
      sandbox: t.sandbox,
      store: t.store,
      clock: t.clock,
      operators: [OPERATOR],
      config: t.config,
      deps: { mirror: t.mirror },
    });
    await t.clock.advance(60_000);
    const outbox = outboxOf({
      services: restarted.services,
      api: restarted.bot.api,
      logger: pino({ level: "silent" }),
    });
    await outbox.drain();
    await outbox.drain();
    const posted = restarted.telegram.botMessages(INBOX);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.text).toContain("Sent while Telegram was down");
    await restarted.handle(groupReply(t, staffMember(OPERATOR, "en"), posted[0]!, { text: "Got it" }));
    expect(restarted.telegram.botMessages(7222).at(-1)?.text).toContain("Got it");
  });
});
