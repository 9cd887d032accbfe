/**
 * CLIENT_CHAT_COMMENTS=on (issue 36.3): each message about an order, both ways, is also
 * the order's comment: 1 PATCH each through the write core (a redelivered update: 0),
 * signed "client" or by the replier; at most CLIENT_CHAT_COMMENTS_PER_HOUR per client an
 * hour, then the chat goes on unrecorded; off (the default) the chat costs 0 requests.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ClientBot } from "../client-side/setup.ts";
import {
  groupReply,
  INBOX,
  linkClient,
  OPERATOR,
  openOrdersOf,
  staffMember,
  startInboxBot,
} from "./setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const commentsOf = (bot: ClientBot, orderId: string) =>
  (bot.sandbox.store.orders.find((o) => o.id === orderId)?.comments ?? []).map((c) => c.text);

describe("the chat as the order's comments", () => {
  it("a client's message and the staff answer: 1 PATCH each, signed; a redelivery 0 (ru)", async () => {
    t = await startInboxBot({ clients: { chatComments: true } });
    const client = await linkClient(t, 7501, "ru");
    const order = openOrdersOf(t, client)[0]!;
    const user = t.user(7501, { languageCode: "ru" });
    const update = user.messageUpdate("Когда будет готово?");
    await t.handle(update);
    expect(t.requests()).toBe(1);
    await t.handle(update);
    expect(t.requests()).toBe(1);
    const forwarded = t.telegram.botMessages(INBOX).at(-1)!;
    const reply = groupReply(t, staffMember(OPERATOR, "ru", "Анна", "Петрова"), forwarded, {
      text: "Завтра",
    });
    await t.handle(reply);
    await t.handle(reply);
    expect(t.requests()).toBe(2);
    expect(commentsOf(t, order.id)).toEqual(
      expect.arrayContaining(["Клиент в Telegram: Когда будет готово?", "Анна Петрова: Завтра"]),
    );
  });

  it("capped per client an hour: past the cap no request, the next hour again (en)", async () => {
    t = await startInboxBot({ clients: { chatComments: true, commentsPerHour: 2 } });
    await linkClient(t, 7502, "en");
    const user = t.user(7502, { languageCode: "en" });
    await user.send("one");
    await user.send("two");
    await user.send("three");
    expect(t.requests()).toBe(2);
    // The chat itself goes on.
    expect(t.telegram.botMessages(INBOX)).toHaveLength(3);
    await t.clock.advance(60 * 60 * 1000);
    t.mark();
    await user.send("four");
    expect(t.requests()).toBe(1);
  });

  it("off by default: the whole conversation costs 0 requests (en)", async () => {
    t = await startInboxBot();
    await linkClient(t, 7503, "en");
    await t.user(7503, { languageCode: "en" }).send("hello");
    const forwarded = t.telegram.botMessages(INBOX).at(-1)!;
    await t.handle(groupReply(t, staffMember(OPERATOR, "en"), forwarded, { text: "hi" }));
    expect(t.telegram.botMessages(7503).at(-1)?.text).toContain("hi");
    expect(t.requests()).toBe(0);
  });
});
