/**
 * Webhook mode end to end: the bot process sets its webhook on the fake
 * Telegram, which POSTs every update with the secret header. Users go through
 * lookup, inline, creation, status change and staff lookup; a request with a
 * wrong or missing secret is refused and changes nothing.
 */
import { describe, expect, it } from "vitest";
import { OPERATOR, STRANGER, useStack } from "./harness/stack.ts";
import { changeStatusScript } from "./scenarios/change-status.ts";
import { createOrderScript } from "./scenarios/create-order.ts";
import { staffList } from "./scenarios/staff.ts";
import { walk } from "./scenarios/walker.ts";

const SECRET = "e2e-webhook-secret_0123456789";
const stack = useStack({ mode: { kind: "webhook", secret: SECRET } });

describe("webhook mode", () => {
  it("registered the webhook with the secret and never long-polls", () => {
    const { telegram, bot } = stack();
    const [set] = telegram.callsOf("setWebhook");
    expect(set?.payload).toMatchObject({ url: bot.webhookUrl, secret_token: SECRET });
    expect(telegram.callsOf("getUpdates")).toEqual([]);
  });

  it("answers a lookup, an inline query and a list button", async () => {
    const op = stack().telegram.user(OPERATOR);
    expect((await op.say("1042")).text).toContain("<b>Order А001042</b>");
    expect(String((await op.inline("1042")).results[0]?.title)).toContain("А001042");
    expect((await op.say("/order А00104")).text).toContain("Page 1 of 2");
    await op.press("Next ▶️");
    expect((await op.reply()).text).toContain("Page 2 of 2");
  });

  it("creates an order and changes a status with payment", async () => {
    const { telegram, api } = stack();
    const before = await api.orderCount();
    const create = createOrderScript({
      client: "Вебхуков Иван",
      phone: "89001234567",
      problem: "No power (webhook)",
    });
    await walk(telegram.user(OPERATOR), create, create.start);
    expect(await api.orderCount()).toBe(before + 1);

    const change = changeStatusScript(1042, {
      status: /^Согласовано, предоплата/,
      cash: "100",
      bank: "50",
      note: "webhook",
    });
    await walk(telegram.user(OPERATOR), change, change.start);
    const [order] = (await api.orders({ num: "1042" })).data;
    expect(order?.status?.name).toBe("Согласовано, предоплата");
  });

  it("lists the staff", async () => {
    expect((await staffList(stack().telegram.user(OPERATOR), "/staff")).text).toMatch(/Staff[\s\S]*\n1\. /);
  });

  it("refuses a stranger", async () => {
    const text = (await stack().telegram.user(STRANGER).say("1042")).text;
    expect(text).toContain(`<code>${STRANGER}</code>`);
  });

  it("refuses updates without the right secret and does not act on them", async () => {
    const { bot, telegram } = stack();
    const url = bot.webhookUrl ?? "";
    const update = {
      update_id: 1,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: OPERATOR, type: "private", first_name: "Forger" },
        from: { id: OPERATOR, is_bot: false, first_name: "Forger" },
        text: "/help",
        entities: [{ type: "bot_command", offset: 0, length: 5 }],
      },
    };
    const post = (headers: Record<string, string>) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(update),
      });
    const sentBefore = telegram.callsOf("sendMessage").length;
    expect((await post({ "x-telegram-bot-api-secret-token": "wrong-secret-0123456789" })).status).toBe(401);
    expect((await post({})).status).toBe(401);
    // The bot did nothing for them: a real update afterwards is the next thing it answers.
    const op = telegram.user(OPERATOR);
    expect((await op.say("/help")).text).toContain("/order");
    expect(telegram.callsOf("sendMessage").length).toBe(sentBefore + 1);
  });

  it("answers its health check", async () => {
    const health = await fetch(new URL("/health", stack().bot.webhookUrl));
    expect(health.status).toBe(200);
  });

  it("handled everything without an error or a crash", () => {
    const { bot } = stack();
    expect(bot.crashes()).toEqual([]);
    expect(bot.errors()).toEqual([]);
  });
});
