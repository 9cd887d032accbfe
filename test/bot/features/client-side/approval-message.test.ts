/**
 * The approval says what is approved (issue 32.6): the master's verdict (read
 * whole once per question: the list records do not carry it), the estimate,
 * the deadline, the workshop's name and phone. ❌ asks once before it sends;
 * ↩️ Back shows the question again. The CRM's comment begins with the
 * client's name, as staff comments begin with theirs (issue 32.16).
 */
import { afterEach, describe, expect, it } from "vitest";
import { commentByName } from "../../../../src/bot/ui/comment-name.ts";
import { testConfig } from "../../../helpers/test-config.ts";
import {
  APPROVED,
  awaitingApproval,
  buttonsOf,
  type ClientBot,
  DECLINED,
  linked,
  startClientBot,
  statusId,
  WAITING,
} from "./setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const record = (bot: ClientBot, id: string) => bot.sandbox.store.orders.find((o) => o.id === id)!;
/** The first workshop as the CRM holds it (name, phones). */
const shopOf = (bot: ClientBot) => bot.sandbox.store.ref.shops.find((s) => s.id === bot.shopId)!;

/** The master's verdict and a deadline, written in the CRM (the list records carry neither verdict). */
function diagnosed(bot: ClientBot, id: string, verdict: string): void {
  record(bot, id).recommendation = verdict;
  bot.sandbox.others.change(id, { deadline: bot.clock.now().getTime() + 3 * 86_400_000 });
}

describe("what the approval message says", () => {
  it("the verdict, the estimate, the deadline, the workshop's name and phone (ru)", async () => {
    t = await startClientBot();
    const { order, user } = await linked(t, 6401, "ru");
    diagnosed(t, order.id, "Замена дисплейного модуля <оригинал>");
    await awaitingApproval(t, order.id, "3500");
    const text = user.lastReply()?.text ?? "";
    const shop = shopOf(t);
    expect(text).toContain("ждёт вашего согласования");
    expect(text).toContain("🔧 Заключение мастера: Замена дисплейного модуля &lt;оригинал&gt;");
    expect(text).toMatch(/💰 Стоимость ремонта: <b>3\s500 ₽<\/b>/);
    expect(text).toMatch(/📅 Срок: \d{1,2} \S+ \d{4}, \d\d:\d\d/);
    expect(text).toContain(`🏠 Мастерская: ${shop.name}`);
    expect(text).toContain(`📞 ${shop.phones[0]}`);
    expect(buttonsOf(user.lastReply())).toHaveLength(2);
  });

  it("SHOP_PHONE stands for the workshop's phone; a question without a verdict says the rest (en)", async () => {
    t = await startClientBot({ config: { paper: { ...testConfig().paper, phone: "+7 495 111-22-33" } } });
    const { order, user } = await linked(t, 6402, "en");
    record(t, order.id).recommendation = "";
    await awaitingApproval(t, order.id, "4200");
    const text = user.lastReply()?.text ?? "";
    expect(text).toContain("is waiting for your approval");
    expect(text).not.toContain("verdict");
    expect(text).toContain("💰 The repair's estimate: <b>4,200 ₽</b>");
    expect(text).toContain("📞 +7 495 111-22-33");
    expect(text).not.toContain(shopOf(t).phones[0]!);
  });

  it("the verdict is read once per question: one GET, and /start shows it from the mirror at no request (en)", async () => {
    t = await startClientBot();
    const { order, user } = await linked(t, 6403, "en");
    t.sandbox.store.orders.find((o) => o.id === order.id)!.positions.length = 0;
    t.sandbox.others.change(order.id, { approximatePrice: "2900" });
    await t.syncAndNotify();
    record(t, order.id).recommendation = "Battery swap";
    t.sandbox.others.changeStatus(order.id, statusId(t, WAITING));
    await t.clock.advance(60_000);
    await t.sync();
    t.mark();
    await t.clientNotifier.kick();
    expect(t.requests()).toBe(1);
    expect(user.lastReply()?.text).toContain("🔧 The master's verdict: Battery swap");
    t.mark();
    await user.send("/start");
    expect(t.requests()).toBe(0);
    expect(user.lastReply()?.text).toContain("Battery swap");
  });
});

describe("❌ asks once before it sends", () => {
  it("❌ asks “Decline the repair? The device will be returned without it”; ↩️ Back brings the question back; nothing is sent (en)", async () => {
    t = await startClientBot();
    const { order, user } = await linked(t, 6411, "en");
    await awaitingApproval(t, order.id, "3500");
    const offer = user.lastReply()!;
    await user.press("❌ Decline");
    expect(t.requests()).toBe(0);
    const asked = t.telegram.botMessages(user.id).find((m) => m.messageId === offer.messageId)!;
    expect(asked.text).toContain("Decline the repair? The device will be returned without it.");
    expect(asked.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toEqual([
      "❌ Yes, decline",
      "↩️ Back",
    ]);
    await user.press("↩️ Back");
    const back = t.telegram.botMessages(user.id).find((m) => m.messageId === offer.messageId)!;
    expect(back.text).not.toContain("Decline the repair?");
    expect(back.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toEqual(["✅ Approve", "❌ Decline"]);
    expect(t.requests()).toBe(0);
    expect(record(t, order.id).statusId).toBe(statusId(t, WAITING));
  });

  it("“yes, decline” sends ONE PATCH; the answer says the device can be collected, with the phone (ru)", async () => {
    t = await startClientBot();
    const { order, user } = await linked(t, 6412, "ru");
    await awaitingApproval(t, order.id, "3500");
    await user.press("❌ Отказаться");
    expect(t.requests()).toBe(0);
    await user.press("❌ Да, отказаться");
    expect(t.requests()).toBe(1);
    expect(record(t, order.id).statusId).toBe(statusId(t, DECLINED));
    const told = t.telegram.botMessages(user.id).at(-1)?.text ?? "";
    expect(told).toContain("Вы отказались от ремонта");
    expect(told).toContain(`📞 ${shopOf(t).phones[0]}`);
  });
});

describe("the client's comment in the CRM", () => {
  it("begins with the client's name, which the staff card reads back as its author (ru)", async () => {
    t = await startClientBot();
    const { who, order, user } = await linked(t, 6421, "ru");
    await awaitingApproval(t, order.id, "3500");
    await user.press("✅ Согласовать");
    expect(record(t, order.id).statusId).toBe(statusId(t, APPROVED));
    const comment = record(t, order.id).comments.at(-1)!.text;
    const words = who.name.trim().split(/\s+/).slice(0, 4).join(" ");
    expect(comment).toMatch(/согласовано клиентом в Telegram: 3\s500 ₽$/);
    expect(comment.startsWith(`${words}: `)).toBe(true);
    expect(commentByName(comment)?.author).toBe(words);
  });

  it("a declined answer is signed the same way, in the shop's language whatever the client's (en)", async () => {
    t = await startClientBot();
    const { who, order, user } = await linked(t, 6422, "en");
    await awaitingApproval(t, order.id, "3500");
    await user.press("❌ Decline");
    await user.press("❌ Yes, decline");
    const comment = record(t, order.id).comments.at(-1)!.text;
    expect(commentByName(comment)?.author).toBe(who.name.trim().split(/\s+/).slice(0, 4).join(" "));
    expect(comment).toContain("клиент отказался в Telegram");
  });
});
