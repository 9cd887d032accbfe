/**
 * The inbox's privacy (issue 36): forged presses and replies to foreign messages do
 * nothing and cost 0 requests: a ↩️ with another client's id, one moved onto another
 * message, a client's "which order" naming an order not theirs, a staff reply to a
 * message that is not an inbox message, a stranger's reply in the group, a viewer's.
 * And `postToInbox`, as another feature (a repair request) uses it: its body and
 * buttons, replyable to that client alone.
 */

import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import {
  type InboxPost,
  type InboxPosted,
  postToInbox,
} from "../../../../src/bot/features/client-inbox/index.ts";
import { asTelegramMessage } from "../../../helpers/fake-telegram.ts";
import { callbackUpdate } from "../../../helpers/updates.ts";
import type { ClientBot } from "../client-side/setup.ts";
import { groupReply, INBOX, linkClient, OPERATOR, staffMember, startInboxBot } from "./setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const inGroup = (m: Parameters<typeof asTelegramMessage>[0], from: Parameters<typeof asTelegramMessage>[1]) =>
  ({ ...asTelegramMessage(m, from)!, chat: { id: INBOX, type: "supergroup", title: "Inbox" } }) as never;
/** Messages the bot sent to these clients since `from` calls. */
const toClients = (bot: ClientBot, from: number, ids: number[]) =>
  bot.telegram.calls.slice(from).filter((c) => ids.includes(Number(c.payload.chat_id)));

describe("forged presses and foreign replies", () => {
  it("a ↩️ naming another client, or moved onto another message, does nothing, at 0 requests (en)", async () => {
    t = await startInboxBot();
    const a = await linkClient(t, 7301, "en");
    await linkClient(t, 7302, "en", [a.who.id]);
    await t.user(7301, { languageCode: "en" }).send("from A");
    const fromA = t.telegram.botMessages(INBOX).at(-1)!;
    await t.user(7302, { languageCode: "en" }).send("from B");
    const staff = staffMember(OPERATOR, "en");
    const before = t.telegram.botMessages(INBOX).length;
    const calls = t.telegram.calls.length;
    await t.handle(callbackUpdate(staff, "ir:7302", inGroup(fromA, staff)));
    await t.handle(callbackUpdate(staff, "ir:999999", inGroup(fromA, staff)));
    await t.handle(callbackUpdate(staff, "ir:%zz", inGroup(fromA, staff)));
    const answers = [...t.telegram.state.callbackAnswers.values()].slice(-3).map((x) => x.text);
    expect(answers).toEqual([
      "This button is outdated.",
      "This button is outdated.",
      "This button is outdated.",
    ]);
    expect(t.telegram.botMessages(INBOX)).toHaveLength(before);
    expect(toClients(t, calls, [7301, 7302])).toHaveLength(0);
    expect(t.requests()).toBe(0);
  });

  it("a reply to a message that is not the inbox's, a stranger's and a viewer's reply reach no client (ru)", async () => {
    t = await startInboxBot({ config: { viewerIds: [9] } });
    await linkClient(t, 7303, "ru");
    await t.user(7303, { languageCode: "ru" }).send("вопрос");
    const forwarded = t.telegram.botMessages(INBOX).at(-1)!;
    const calls = t.telegram.calls.length;
    // A reply to the group's own messages (not a bot's inbox message), and to an id never sent.
    await t.handle(groupReply(t, staffMember(OPERATOR, "ru"), 424242, { text: "не туда" }));
    await t.handle(groupReply(t, staffMember(555, "ru"), forwarded, { text: "я посторонний" }));
    await t.handle(groupReply(t, staffMember(9, "ru"), forwarded, { text: "я только смотрю" }));
    expect(toClients(t, calls, [7303])).toHaveLength(0);
    // The viewer is told they may not answer; the stranger's message is ignored.
    expect(t.telegram.botMessages(INBOX).at(-1)?.text).toContain("только операторам");
    expect(t.requests()).toBe(0);
  });

  it("a client's “which order” naming an order not theirs is stale, at 0 requests (ru)", async () => {
    t = await startInboxBot();
    const a = await linkClient(t, 7304, "ru");
    const other = t.sandbox.store.orders.find(
      (o) => o.counteragentId !== a.who.id && o.shopId === t!.shopId,
    )!;
    const user = t.user(7304, { languageCode: "ru" });
    await user.pressData(`ia:${other.id}`);
    expect([...t.telegram.state.callbackAnswers.values()].at(-1)?.text).toBe("Эта кнопка устарела.");
    await user.send("а это о чём?");
    // Not taken as the choice: the message goes to the inbox about their own order.
    expect(t.telegram.botMessages(INBOX).at(-1)?.text).not.toContain(other.number ?? "?");
    expect(t.requests()).toBe(0);
  });
});

describe("postToInbox", () => {
  it("lands another feature's post (a body, a button) in the inbox, answerable to that client alone (en)", async () => {
    t = await startInboxBot({ config: { defaultLocale: "en" } });
    const a = await linkClient(t, 7311, "en");
    const deps = { services: t.services, api: t.bot.api, logger: pino({ level: "silent" }) };
    const post: InboxPost = {
      key: "repair-request-1",
      client: 7311,
      body: () => "📥 <b>Repair request</b>: iPhone 12, the screen",
      buttons: () => [[{ text: "📥 Take in", callback_data: "rq:1" }]],
    };
    const once: InboxPosted = { targets: 1, delivered: 1 };
    expect(await postToInbox(deps, post)).toEqual(once);
    expect(await postToInbox(deps, post)).toEqual({ targets: 1, delivered: 1 });
    const posted = t.telegram.botMessages(INBOX);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.text).toContain(`💬 <b>${a.who.name}</b> writes`);
    expect(posted[0]?.text).toContain("Repair request");
    expect(posted[0]?.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toContain("📥 Take in");
    await t.handle(groupReply(t, staffMember(OPERATOR, "en"), posted[0]!, { text: "Bring it tomorrow" }));
    expect(t.telegram.botMessages(7311).at(-1)?.text).toContain("Bring it tomorrow");
    // A client not linked: nothing posted.
    expect(await postToInbox(deps, { ...post, key: "x", client: 1 })).toEqual({ targets: 0, delivered: 0 });
    expect(t.requests()).toBe(0);
  });
});
