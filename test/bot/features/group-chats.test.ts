import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderRefresh } from "../../../src/bot/ui/callbacks.ts";
import { KNOWN_NUM, type Sandbox, startSandbox } from "../../../src/sandbox/index.ts";
import { BOT_INFO } from "../../helpers/fake-telegram.ts";
import { createTestBot, type TestBot } from "../../helpers/test-bot.ts";
import { callbackUpdate, inlineQueryUpdate, messageUpdate, telegramUser } from "../../helpers/updates.ts";

const OPERATOR = 101;
const STRANGER = 303;
const GROUP = -100_777;

let sandbox: Sandbox;
let t: TestBot;
let messageId = 5000;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  t = await createTestBot({ sandbox, operators: [OPERATOR] });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const inGroup = (userId: number, text: string) =>
  t.handle(messageUpdate(telegramUser(userId, { languageCode: "en" }), text, messageId++, GROUP));
const sent = (calls: { method: string }[]) => calls.filter((c) => c.method === "sendMessage");
type Sent = {
  payload: { text?: string; reply_markup?: { inline_keyboard: { text: string; url?: string }[][] } };
};
const textOf = (calls: { method: string }[]) => (sent(calls)[0] as Sent | undefined)?.payload.text ?? "";
const buttonsOf = (calls: { method: string }[]) =>
  (sent(calls)[0] as Sent | undefined)?.payload.reply_markup?.inline_keyboard.flat() ?? [];
const inGroupAs = (userId: number, lang: "ru" | "en", text: string) =>
  t.handle(messageUpdate(telegramUser(userId, { languageCode: lang }), text, messageId++, GROUP));

describe("group chats", () => {
  it("stay quiet at a stranger's ordinary messages and at commands for other bots", async () => {
    expect(sent(await inGroup(STRANGER, "hello everyone"))).toHaveLength(0);
    expect(sent(await inGroup(STRANGER, "1042"))).toHaveLength(0);
    expect(sent(await inGroup(STRANGER, "/start@other_bot"))).toHaveLength(0);
    expect(t.serviceRequests()).toBe(0);
  });

  it("still refuse a stranger's command addressed to this bot", async () => {
    const calls = sent(await inGroup(STRANGER, `/order@${BOT_INFO.username} 1042`));
    expect(calls).toHaveLength(1);
    expect(JSON.stringify(calls[0])).toContain(String(STRANGER));
    expect(sent(await inGroup(STRANGER, "/order 1042"))).toHaveLength(1);
  });

  it("do not answer staff's commands meant for another bot", async () => {
    expect(sent(await inGroup(OPERATOR, "/order@other_bot 1042"))).toHaveLength(0);
    expect(sent(await inGroup(OPERATOR, "/start@other_bot"))).toHaveLength(0);
    expect(sent(await inGroup(OPERATOR, `/nonsense@${BOT_INFO.username}`))).toHaveLength(1);
  });

  it("post a card without the client's phone numbers, in ru and en", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send(String(KNOWN_NUM));
    const phone = /📞 <code>([^<]+)<\/code>/.exec(op.lastReply()?.text ?? "")?.[1];
    expect(phone).toBeDefined();
    for (const lang of ["en", "ru"] as const) {
      const text = textOf(await inGroupAs(OPERATOR, lang, String(KNOWN_NUM)));
      expect(text).toContain("А001042");
      expect(text).not.toContain("📞");
      expect(text).not.toContain(phone ?? "?");
    }
    expect(textOf(await inGroupAs(OPERATOR, "en", `/order@${BOT_INFO.username} ${KNOWN_NUM}`))).not.toContain(
      "📞",
    );
  });

  it("get inline cards without the client's phone numbers, wherever the query is typed (a result can be posted anywhere)", async () => {
    const from = telegramUser(OPERATOR, { languageCode: "en" });
    const cardOf = (calls: { method: string; payload: Record<string, unknown> }[]) => {
      const answer = calls.find((c) => c.method === "answerInlineQuery")?.payload as
        | { results: { input_message_content: { message_text: string } }[] }
        | undefined;
      return answer?.results[0]?.input_message_content.message_text ?? "";
    };
    for (const chatType of ["sender", "private", "group", "supergroup", "channel"] as const) {
      const card = cardOf(await t.handle(inlineQueryUpdate(from, String(KNOWN_NUM), chatType)));
      expect(card).toContain("А001042");
      expect(card).not.toContain("📞");
    }
  });

  it("refresh a card sent via inline mode without phone numbers (its chat may be a group)", async () => {
    const from = telegramUser(OPERATOR, { languageCode: "en" });
    const answer = (await t.handle(inlineQueryUpdate(from, String(KNOWN_NUM)))).find(
      (c) => c.method === "answerInlineQuery",
    )?.payload as { results: { id: string }[] } | undefined;
    const id = answer?.results[0]?.id ?? "";
    expect(id).not.toBe("");

    const calls = await t.handle(callbackUpdate(from, orderRefresh.encode({ id }), undefined, "inline-1"));
    const edit = calls.find((c) => c.method === "editMessageText")?.payload as { text?: string } | undefined;
    expect(edit?.text).toContain("А001042");
    expect(edit?.text).not.toContain("📞");
  });

  it("refresh a group's card without phone numbers", async () => {
    await inGroup(OPERATOR, String(KNOWN_NUM));
    const card = t.telegram.botMessages(GROUP).at(-1);
    const refresh = card?.replyMarkup?.inline_keyboard.flat().find((b) => b.text.includes("Refresh"));
    expect(refresh).toBeDefined();
    const data = (refresh as { callback_data?: string }).callback_data ?? "";
    const message = {
      message_id: card?.messageId ?? 0,
      date: Math.floor(Date.now() / 1000),
      chat: { id: GROUP, type: "supergroup" as const, title: "Workshop" },
      from: BOT_INFO,
      text: card?.text ?? "",
      reply_markup: card?.replyMarkup,
    };
    const calls = await t.handle(
      callbackUpdate(telegramUser(OPERATOR, { languageCode: "en" }), data, message),
    );
    const edit = calls.find((c) => c.method === "editMessageText")?.payload as { text?: string } | undefined;
    expect(calls.some((c) => c.method === "answerCallbackQuery")).toBe(true);
    expect(edit?.text ?? card?.text).not.toContain("📞");
  });

  it("turn the card's dialog buttons into one link to the private chat on that order", async () => {
    for (const [lang, label] of [
      ["en", "✏️ Change in the private chat"],
      ["ru", "✏️ Изменить в личном чате"],
    ] as const) {
      const buttons = buttonsOf(await inGroupAs(OPERATOR, lang, String(KNOWN_NUM)));
      const link = buttons.find((b) => b.text === label);
      expect(link?.url).toMatch(new RegExp(`^https://t\\.me/${BOT_INFO.username}\\?start=o[\\w-]+$`));
      expect(buttons.map((b) => b.text)).not.toContain(lang === "en" ? "💬 Comment" : "💬 Комментарий");
    }
  });

  it("the link's /start opens the order's card with its buttons and phones in the private chat", async () => {
    const buttons = buttonsOf(await inGroupAs(OPERATOR, "en", String(KNOWN_NUM)));
    const payload = new URL(buttons.find((b) => b.url)?.url ?? "https://t.me/x").searchParams.get("start");
    const op = t.user(OPERATOR, { languageCode: "ru" });
    await op.send(`/start ${payload}`);
    const card = op.lastReply();
    expect(card?.text).toContain("А001042");
    expect(card?.text).toContain("📞");
    expect(card?.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toContain("💬 Комментарий");
    // A stranger following the link learns nothing.
    const stranger = t.user(STRANGER, { languageCode: "en" });
    t.resetServiceRequests();
    await stranger.send(`/start ${payload}`);
    expect(stranger.lastReply()?.text).not.toContain("А001042");
    expect(t.serviceRequests()).toBe(0);
  });

  it("answer a forged order link with the service's miss, and a malformed one with the greeting", async () => {
    const op = t.user(OPERATOR, { languageCode: "en" });
    await op.send("/start onot-an-order");
    expect(op.lastReply()?.text).not.toContain("📞");
    await op.send("/start <script>");
    expect(op.lastReply()?.text).toContain("Hello");
  });

  it("answer /notify with a link to the private chat and no settings keyboard, in ru and en", async () => {
    const link = `https://t.me/${BOT_INFO.username}`;
    const en = await inGroupAs(OPERATOR, "en", `/notify@${BOT_INFO.username}`);
    expect(textOf(en)).toContain("Notifications are set up in");
    expect(textOf(en)).toContain(`href="${link}"`);
    expect(buttonsOf(en)).toEqual([]);
    const ru = await inGroupAs(OPERATOR, "ru", "/notify");
    expect(textOf(ru)).toContain("Уведомления настраиваются в");
    expect(textOf(ru)).toContain(`href="${link}"`);
    expect(buttonsOf(ru)).toEqual([]);
    const inPrivate = t.user(OPERATOR, { languageCode: "en" });
    await inPrivate.send("/notify");
    const settings = t.telegram.calls.filter((c) => c.method === "sendMessage").at(-1) as Sent | undefined;
    expect(settings?.payload.text).toContain("Notifications");
    expect(settings?.payload.reply_markup?.inline_keyboard.flat().length).toBeGreaterThan(0);
  });

  it("show group help that says what works in a group, in ru and en", async () => {
    const en = textOf(await inGroupAs(OPERATOR, "en", `/start@${BOT_INFO.username}`));
    expect(en).toContain("In a group");
    expect(en).toContain("without the client's phone numbers");
    expect(en).toContain(`@${BOT_INFO.username}`);
    expect(en).not.toContain("send a client's name");
    const ru = textOf(await inGroupAs(OPERATOR, "ru", `/help@${BOT_INFO.username}`));
    expect(ru).toContain("В группе");
    expect(ru).toContain("в личном чате");
  });
});

describe("group chats with GROUP_PHONES=on", () => {
  it("show the phone numbers on a group's card", async () => {
    const shown = await createTestBot({ sandbox, operators: [OPERATOR], config: { groupPhones: true } });
    try {
      const calls = await shown.handle(
        messageUpdate(telegramUser(OPERATOR, { languageCode: "en" }), String(KNOWN_NUM), messageId++, GROUP),
      );
      expect(textOf(calls)).toContain("📞");
    } finally {
      await shown.close();
    }
  });
});
