/**
 * The client can reach the shop (issue 32.8): the workshop's phone (SHOP_PHONE
 * or the service's) on /start and wherever the bot says "call us"; a typed
 * question of a client not linked yet is answered with that phone, the hours and "share your phone first"; /id answers everyone
 * with their Telegram id (staff not configured yet, with CLIENTS=on, too);
 * the clients' command menu lists /stop (issue 32.16).
 */
import { afterEach, describe, expect, it } from "vitest";
import { registerCommands } from "../../../../src/bot/telegram/commands.ts";
import { testConfig } from "../../../helpers/test-config.ts";
import { type ClientBot, contactUpdate, OPERATOR, person, startClientBot } from "./setup.ts";

let t: ClientBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The first workshop's phone as the CRM holds it. */
const shopPhone = (bot: ClientBot) =>
  bot.sandbox.store.ref.shops.find((s) => s.id === bot.shopId)!.phones[0]!;

describe("the workshop's phone", () => {
  it("/start greets with the workshop's name, address, phone and hours, at no request (ru)", async () => {
    t = await startClientBot();
    const user = t.user(6601, { languageCode: "ru" });
    await user.send("/start");
    const text = user.lastReply()?.text ?? "";
    expect(text).toContain(`📞 ${shopPhone(t)}`);
    expect(text).toContain("🕘 Работаем до 19:00");
    expect(t.requests()).toBe(0);
  });

  it("SHOP_PHONE stands for the service's phone on /start (en)", async () => {
    t = await startClientBot({ config: { paper: { ...testConfig().paper, phone: "+7 495 222-33-44" } } });
    const user = t.user(6602, { languageCode: "en" });
    await user.send("/start");
    const text = user.lastReply()?.text ?? "";
    expect(text).toContain("📞 +7 495 222-33-44");
    expect(text).not.toContain(shopPhone(t));
  });

  it("a typed question is answered with the phone and the hours, revealing nothing (en, ru)", async () => {
    t = await startClientBot({ config: { paper: { ...testConfig().paper, hours: "Mon–Fri 10:00–19:00" } } });
    const en = t.user(6603, { languageCode: "en" });
    await en.send("Is my phone ready? When do you close?");
    const answer = en.lastReply()?.text ?? "";
    // Not linked yet: writing to the shop needs the phone first (a linked client's message goes to the inbox).
    expect(answer).toContain("share your phone first");
    expect(answer).toContain(`📞 ${shopPhone(t)}`);
    expect(answer).toContain("🕘 Mon–Fri 10:00–19:00");
    const ru = t.user(6604, { languageCode: "ru" });
    await ru.send("Когда будет готово?");
    expect(ru.lastReply()?.text).toContain("сначала поделитесь телефоном");
    expect(ru.lastReply()?.text).toContain(`📞 ${shopPhone(t)}`);
    // /help (the clients' menu) gives the help and the same ways to reach the shop.
    await en.send("/help");
    expect(en.lastReply()?.text).toContain("/stop");
    expect(en.lastReply()?.text).toContain(`📞 ${shopPhone(t)}`);
    expect(en.lastReply()?.text).not.toContain("share your phone first");
    expect(t.requests()).toBe(0);
  });

  it("a number the shop does not know: “call us” with the phone (ru)", async () => {
    t = await startClientBot();
    const from = person(6605, "ru");
    await t.handle(contactUpdate(t, from, "+7 999 123-45-00"));
    const text = t.telegram.botMessages(from.id).at(-1)?.text ?? "";
    expect(text).toContain("позвоните нам");
    expect(text).toContain(`📞 ${shopPhone(t)}`);
  });
});

describe("/id and the clients' menu", () => {
  it("/id answers a non-staff user with their Telegram id with CLIENTS=on (en), and staff too (ru)", async () => {
    t = await startClientBot();
    const stranger = t.user(6606, { languageCode: "en" });
    await stranger.send("/id");
    expect(stranger.lastReply()?.text).toBe("Your Telegram id: <code>6606</code>");
    const op = t.user(OPERATOR, { languageCode: "ru" });
    await op.send("/id");
    expect(op.lastReply()?.text).toBe(`Ваш id в Telegram: <code>${OPERATOR}</code>`);
    expect(t.requests()).toBe(0);
  });

  it("with CLIENTS=on the default menu lists /start, /stop and /help, in each language (ru, en)", async () => {
    t = await startClientBot();
    await registerCommands(t.bot.api, t.services.i18n, "ru", { clients: true });
    expect(t.telegram.state.menuOf(6607, "en")).toEqual(["start", "stop", "help"]);
    expect(t.telegram.state.menuOf(6607, "ru")).toEqual(["start", "stop", "help"]);
    const ru = t.telegram.state.commandsFor(undefined, "ru") as { command: string; description: string }[];
    expect(ru.find((c) => c.command === "stop")?.description).toBe("Отписаться от сообщений о заказах");
    const en = t.telegram.state.commandsFor(undefined, "en") as { command: string; description: string }[];
    expect(en.find((c) => c.command === "stop")?.description).toBe("Stop the messages about my orders");
  });
});
