/**
 * The receipt in the client's Telegram (issue 36.4): an order taken in for a linked
 * client brings them its receipt as a PDF (the documents' language, the terms) with
 * "✅ I accept the terms" in their own language, once; the press writes the acceptance
 * once as the order's comment (1 PATCH; a double press 0), which a reprint of the
 * receipt prints; a client linking through the receipt's QR gets it too; a press by
 * anyone else costs nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { signPayload } from "../../../../src/bot/ui/signed-payload.ts";
import { fillOrder, lastText } from "../../../helpers/dialog-driver.ts";
import type { ApiCall } from "../../../helpers/fake-telegram.ts";
import { pdfText } from "../../../helpers/pdf.ts";
import { createTestBot } from "../../../helpers/test-bot.ts";
import { testConfig } from "../../../helpers/test-config.ts";
import {
  aClient,
  type ClientBot,
  contactUpdate,
  linked,
  OPERATOR,
  person,
  startClientBot,
  statusId,
} from "../client-side/setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The PDFs the bot sent to `chatId` among these calls, as text. */
async function documentsTo(calls: readonly ApiCall[], chatId: number): Promise<string[]> {
  const texts: string[] = [];
  for (const call of calls) {
    if (call.method !== "sendDocument" || Number(call.payload.chat_id) !== chatId) continue;
    const file = call.payload.document as File;
    texts.push(await pdfText(new Uint8Array(await file.arrayBuffer())));
  }
  return texts;
}

/** The clerk takes an order in for the client found by their phone (en), and creates it. */
async function intakeFor(bot: ClientBot, name: string, phone: string): Promise<string> {
  const op = bot.user(OPERATOR, { languageCode: "en" });
  await fillOrder(op, { client: { query: phone, pick: `${name} · ${phone}` }, problem: "Не заряжается" });
  await op.press("✅ Create");
  expect(lastText(op)).toContain("Order created");
  const created = bot.sandbox.store.orders.at(-1);
  if (!created) throw new Error("no order created");
  return created.id;
}

describe("the receipt after intake", () => {
  it("reaches the linked client once as a PDF in the documents' language (ru), accepted with 1 PATCH, a double press 0", async () => {
    t = await startClientBot();
    const bot = t;
    const { who, user } = await linked(bot, 7301, "ru");
    const phone = who.phones[0] ?? "";
    const from = bot.telegram.calls.length;
    const orderId = await intakeFor(bot, who.name, phone);
    const number = bot.sandbox.store.orders.find((o) => o.id === orderId)?.number ?? "?";
    const sent = await documentsTo(bot.telegram.calls.slice(from), 7301);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("Квитанция");
    expect(sent[0]).toContain(number);
    expect(sent[0]).toContain("Условия ремонта");
    expect(sent[0]).toContain("Не заряжается");
    const receipt = user.lastReply();
    expect(receipt?.text).toContain(number);
    expect(receipt?.replyMarkup?.inline_keyboard.flat().map((b) => b.text)).toEqual(["✅ Принимаю условия"]);

    bot.mark();
    await user.press("✅ Принимаю условия", { message: receipt });
    expect(bot.requests()).toBe(1);
    const comments = bot.sandbox.store.orders.find((o) => o.id === orderId)?.comments ?? [];
    const accepted = comments.filter((c) => c.text.includes("условия ремонта приняты в Telegram"));
    expect(accepted).toHaveLength(1);
    expect(accepted[0]?.text).toContain(who.name.split(" ")[0] ?? "?");
    expect(accepted[0]?.text).toContain(phone.replace(/\D/g, "").slice(-4));
    expect(user.lastReply()?.text).toContain("приняты");

    // The same button again (an old copy of the message): nothing sent.
    bot.mark();
    await user.pressData(`ct:${orderId}`, receipt);
    expect(bot.requests()).toBe(0);
    // Weeks later the write's marker is gone: the comment the mirror holds still says it is written.
    const markers = bot.store.adapter("dialog-writes");
    expect(await markers.read(`client-terms.${orderId}`)).toBeTruthy();
    await markers.delete(`client-terms.${orderId}`);
    await user.pressData(`ct:${orderId}`, receipt);
    expect(bot.requests()).toBe(0);
    expect(
      (bot.sandbox.store.orders.find((o) => o.id === orderId)?.comments ?? []).filter((c) =>
        c.text.includes("условия ремонта приняты"),
      ),
    ).toHaveLength(1);
  });

  it("in English for an English client with English documents; the acceptance is printed on a reprint", async () => {
    t = await startClientBot({ config: { paper: { ...testConfig().paper, locale: "en" } } });
    const bot = t;
    const { who, user } = await linked(bot, 7302, "en");
    const phone = who.phones[0] ?? "";
    const from = bot.telegram.calls.length;
    const orderId = await intakeFor(bot, who.name, phone);
    const sent = await documentsTo(bot.telegram.calls.slice(from), 7302);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("Terms of repair");
    expect(sent[0]).not.toContain("accepted by the client");
    const receipt = user.lastReply();
    expect(receipt?.text).toContain("I accept the terms");
    // The client reads the terms a minute.
    await bot.clock.advance(60_000);
    await user.press("✅ I accept the terms", { message: receipt });
    expect(user.lastReply()?.text).toContain("are accepted");

    // The clerk reprints the receipt from the card: the acceptance is on it (who, the phone).
    const op = bot.user(OPERATOR, { languageCode: "en" });
    const number = bot.sandbox.store.orders.find((o) => o.id === orderId)?.number ?? "?";
    await op.send(number);
    const reprint = await documentsTo(await op.press("🧾 Receipt"), OPERATOR);
    expect(reprint[0]).toContain("Terms of repair accepted by the client");
    expect(reprint[0]).toContain("terms of repair accepted in Telegram");
    expect(reprint[0]).toContain(phone.replace(/\D/g, "").slice(-4));

    // Ready: the act prints the acceptance too (read from the order's comments).
    bot.sandbox.others.changeStatus(orderId, statusId(bot, "Готов"));
    await bot.syncAndNotify();
    await op.send(number);
    const act = await documentsTo(await op.press("🧾 Act"), OPERATOR);
    expect(act[0]).toContain("Terms of repair accepted by the client");
    expect(act[0]).toContain("terms of repair accepted in Telegram");
  });
});

describe("across a restart", () => {
  it("the restarted bot sends no second receipt and takes the press once (en)", async () => {
    t = await startClientBot();
    const bot = t;
    const { who, user } = await linked(bot, 7307, "en");
    const orderId = await intakeFor(bot, who.name, who.phones[0] ?? "");
    const receipt = user.lastReply();
    // The process restarts: a new bot on the same store, sandbox and mirror.
    const after = await createTestBot({
      sandbox: bot.sandbox,
      store: bot.store,
      clock: bot.clock,
      operators: [OPERATOR],
      config: bot.config,
      deps: { mirror: bot.mirror },
    });
    try {
      await after.services.reference.shops();
      await after.services.reference.statuses();
      const again = after.user(7307, { languageCode: "en" });
      const payload = signPayload("receipt", orderId, bot.config.botToken);
      const calls = await again.send(`/start ${payload}`);
      expect(await documentsTo(calls, 7307)).toHaveLength(0);
      bot.mark();
      await again.pressData(`ct:${orderId}`, receipt);
      await user.pressData(`ct:${orderId}`, receipt);
      expect(bot.requests()).toBe(1);
      const comments = bot.sandbox.store.orders.find((o) => o.id === orderId)?.comments ?? [];
      expect(comments.filter((c) => c.text.includes("приняты в Telegram"))).toHaveLength(1);
    } finally {
      await after.close();
    }
  });
});

describe("privacy", () => {
  it("a press by someone else, a forged order and an unlinked user cost no request and change nothing", async () => {
    t = await startClientBot();
    const bot = t;
    const { who } = await linked(bot, 7303, "ru");
    const orderId = await intakeFor(bot, who.name, who.phones[0] ?? "");
    // Another client, linked with their own phone, and a stranger press the first one's button.
    const second = aClient(bot, [who.id]);
    await bot.handle(contactUpdate(bot, person(7304, "en"), second.who.phones[0] ?? ""));
    const other = bot.user(7304, { languageCode: "en" });
    const stranger = bot.user(7305, { languageCode: "en" });
    bot.mark();
    const before = bot.sandbox.store.orders.find((o) => o.id === orderId)?.comments.length;
    await other.pressData(`ct:${orderId}`);
    expect(other.lastReply()?.text ?? "").not.toContain(who.name);
    await stranger.pressData(`ct:${orderId}`);
    await stranger.pressData("ct:no-such-order");
    await stranger.pressData("ct:%E0%A4%A");
    expect(bot.requests()).toBe(0);
    expect(bot.sandbox.store.orders.find((o) => o.id === orderId)?.comments.length).toBe(before);
  });
});

describe("linking through the receipt's QR", () => {
  it("a client who opens the QR and then shares their phone gets that order's receipt, once", async () => {
    t = await startClientBot();
    const bot = t;
    // The client's order taken in before they had the bot: no receipt in Telegram yet.
    const { who, orders } = aClient(bot);
    const order = orders[0]!;
    const payload = signPayload("receipt", order.id, bot.config.botToken);
    const user = bot.user(7306, { languageCode: "ru" });
    await user.send(`/start ${payload}`);
    const from = bot.telegram.calls.length;
    await bot.handle(contactUpdate(bot, person(7306, "ru"), who.phones[0] ?? ""));
    const sent = await documentsTo(bot.telegram.calls.slice(from), 7306);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(order.number);
    // The QR again, linked now: the receipt is not sent twice.
    const again = bot.telegram.calls.length;
    await user.send(`/start ${payload}`);
    expect(await documentsTo(bot.telegram.calls.slice(again), 7306)).toHaveLength(0);
  });
});
