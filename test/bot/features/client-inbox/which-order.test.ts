/**
 * A client with two open orders is never mixed up (issue 36.3): a message that names
 * neither is held and they are asked which, once; the answer sends what was held under
 * that order, and later messages follow the choice; a message naming one goes to it.
 * ✍️ Write to us on /start (issue 36.7) asks the same, or just invites the message
 * with one order. 0 requests.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ClientBot } from "../client-side/setup.ts";
import { dataOf, INBOX, type LinkedClient, labelsOf, linkClient, startInboxBot } from "./setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A second open order for the client, made in the CRM and synced. */
async function secondOrder(bot: ClientBot, client: LinkedClient): Promise<string> {
  const id = bot.sandbox.others.create(bot.shopId, {
    counteragentId: client.who.id,
    problem: ["Не включается"],
  });
  await bot.clock.advance(60_000);
  await bot.sync();
  bot.mark();
  return id;
}
const numberOf = (bot: ClientBot, id: string) => bot.mirror.get(id)?.order.number ?? "?";

describe("two open orders", () => {
  it("a message naming neither is held and asked about once; the answer sends both under that order (ru)", async () => {
    t = await startInboxBot();
    const client = await linkClient(t, 7401, "ru");
    const second = await secondOrder(t, client);
    const user = t.user(7401, { languageCode: "ru" });
    await user.send("Когда будет готово?");
    await user.send("И сколько стоит?");
    expect(t.telegram.botMessages(INBOX)).toHaveLength(0);
    const questions = t.telegram.botMessages(7401).filter((m) => m.text === "О каком заказе ваше сообщение?");
    expect(questions).toHaveLength(1);
    const question = questions[0];
    expect(dataOf(question)).toContain(`ia:${second}`);
    expect(dataOf(question).filter((d) => d.startsWith("ia:")).length).toBeGreaterThanOrEqual(3);
    expect(labelsOf(question).at(-1)).toBe("💬 Другой вопрос");
    await user.press(`ia:${second}`);
    const posted = t.telegram.botMessages(INBOX);
    expect(posted.map((m) => m.text.split("\n").at(-1))).toEqual(["Когда будет готово?", "И сколько стоит?"]);
    for (const m of posted) expect(m.text).toContain(`О заказе <b>${numberOf(t, second)}</b>`);
    // The choice holds for what follows.
    await user.send("Спасибо");
    expect(t.telegram.botMessages(INBOX).at(-1)?.text).toContain(`О заказе <b>${numberOf(t, second)}</b>`);
    expect(t.requests()).toBe(0);
  });

  it("a message naming one order goes to it at once; “another question” is not about an order (en)", async () => {
    t = await startInboxBot({ config: { defaultLocale: "en" } });
    const client = await linkClient(t, 7402, "en");
    const second = await secondOrder(t, client);
    const user = t.user(7402, { languageCode: "en" });
    const number = numberOf(t, second);
    await user.send(`What about ${number}?`);
    expect(t.telegram.botMessages(INBOX).at(-1)?.text).toContain(`About order <b>${number}</b>`);
    // By its digits too.
    const num = t.mirror.get(second)?.order.num;
    await user.send(`and #${num}`);
    expect(t.telegram.botMessages(INBOX).at(-1)?.text).toContain(`About order <b>${number}</b>`);
    await user.send("Do you sell chargers?");
    await user.press("ia:-");
    expect(t.telegram.botMessages(INBOX).at(-1)?.text).toContain("Not about an order");
    expect(t.telegram.botMessages(INBOX).at(-1)?.text).toContain("Do you sell chargers?");
  });
});

describe("/start", () => {
  it("greets with the workshop, hours and phone, ✍️ Write to us and the orders; ✍️ asks which of two (en)", async () => {
    t = await startInboxBot();
    const client = await linkClient(t, 7411, "en");
    const user = t.user(7411, { languageCode: "en" });
    await user.send("/start");
    const replies = t.telegram.botMessages(7411);
    const greeting = replies.find((m) => m.text.startsWith("Hello!"));
    expect(greeting?.text).toContain("🕘");
    expect(greeting?.text).toContain("📞");
    expect(labelsOf(greeting)).toEqual(["✍️ Write to us", "📥 Request a repair"]);
    expect(replies.at(-1)?.text).toContain("Your order");
    await user.press("✍️ Write to us");
    expect(user.lastReply()?.text).toContain("Write your message here");
    await secondOrder(t, client);
    await user.press("✍️ Write to us", { message: greeting });
    expect(user.lastReply()?.text).toBe("Which order do you want to write about?");
    expect(t.requests()).toBe(0);
  });

  it("✍️ Написать нам in Russian; a client not linked is asked to share the phone (ru)", async () => {
    t = await startInboxBot();
    await linkClient(t, 7412, "ru");
    const user = t.user(7412, { languageCode: "ru" });
    await user.send("/start");
    const greeting = t.telegram.botMessages(7412).find((m) => m.text.startsWith("Здравствуйте"));
    expect(labelsOf(greeting)).toEqual(["✍️ Написать нам", "📥 Заявка на ремонт"]);
    await user.press("✍️ Написать нам");
    expect(user.lastReply()?.text).toContain("Напишите сообщение здесь");
    const stranger = t.user(7413, { languageCode: "ru" });
    await stranger.send("/start");
    await stranger.pressData("iw");
    expect(stranger.lastReply()?.text).toContain("сначала поделитесь телефоном");
    expect(t.telegram.botMessages(INBOX)).toHaveLength(0);
  });
});
